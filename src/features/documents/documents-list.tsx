import { useEffect } from 'react'
import { FileText, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ListBody } from '../../components/list-page/list-body'
import { listBodyTexts } from '../../components/list-page/list-page'
import { useListQuery } from '../../components/list-page/use-list-query'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import type { DocumentRow } from './documents.schema'
import { DocumentsTable, type DocumentActions } from './documents-table'
import { getDocumentsQueryOptions, type DocumentFilters } from './use-documents'

/** One filtered list of documents with its loading, error, empty and 'load more' states. */
export function DocumentsList({
  filters,
  isFiltered,
  onUpload,
  onRows,
  ...actions
}: DocumentActions & {
  filters: DocumentFilters
  /** A search or filter is narrowing the list (the empty state then says so instead of inviting an upload). */
  isFiltered: boolean
  onUpload: () => void
  /** The rows shown, for the page's record filter label. */
  onRows?: (rows: DocumentRow[]) => void
}) {
  const { t } = useTranslation('documents')
  const {
    list,
    items: documents,
    total,
  } = useListQuery(getDocumentsQueryOptions(filters), t('toast.loadError'))
  useEffect(() => onRows?.(documents), [documents, onRows])

  return (
    <ListBody
      list={list}
      count={documents.length}
      {...listBodyTexts(t, documents.length, total)}
      empty={
        <EmptyState
          icon={<FileText />}
          title={t('empty.title')}
          description={isFiltered ? t('empty.filteredDescription') : t('empty.description')}
          action={
            isFiltered ? undefined : (
              <Button onClick={onUpload}>
                <Upload aria-hidden />
                {t('upload')}
              </Button>
            )
          }
        />
      }
    >
      <DocumentsTable documents={documents} {...actions} />
    </ListBody>
  )
}
