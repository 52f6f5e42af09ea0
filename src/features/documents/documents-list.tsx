import { useEffect, useMemo } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { FileText, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError, ListSkeleton, LoadMore } from '../../components/list-page/list-states'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { formatTotal } from '../../lib/offset-list'
import type { DocumentRow } from './documents.schema'
import { DocumentsTable, type DocumentActions } from './documents-table'
import { getDocumentsQueryOptions, type DocumentFilters } from './use-documents'

const countFormat = new Intl.NumberFormat('pt-BR')

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
  const list = useInfiniteQuery(getDocumentsQueryOptions(filters))
  const documents = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data])
  const total = formatTotal(list.data?.pages.at(-1))

  useEffect(() => {
    if (list.isError) toast.error(t('toast.loadError'), { description: list.error.message })
  }, [list.isError, list.error, t])
  useEffect(() => onRows?.(documents), [documents, onRows])

  if (list.isPending) return <ListSkeleton />
  if (list.isError && documents.length === 0) {
    return (
      <ListError
        title={t('error.title')}
        message={list.error.message}
        retryLabel={t('error.retry')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  if (documents.length === 0) {
    return (
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
    )
  }
  return (
    <div className="grid grid-cols-1 gap-3" aria-busy={list.isFetching}>
      <DocumentsTable documents={documents} {...actions} />
      <LoadMore
        showingText={t('showing', { shown: countFormat.format(documents.length), total })}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadMoreLabel={t('loadMore')}
        loadingMoreLabel={t('loadingMore')}
      />
    </div>
  )
}
