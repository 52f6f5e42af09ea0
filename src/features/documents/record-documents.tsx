import { useQuery } from '@tanstack/react-query'
import { FileText } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Skeleton } from '../../components/ui/skeleton'
import { paths } from '../../lib/paths'
import { SharedBadge } from './shared-badge'
import {
  getRecordDocumentsCountQueryOptions,
  getRecordSharedDocumentsCountQueryOptions,
  type RecordRef,
} from './use-documents'

const countFormat = new Intl.NumberFormat('pt-BR')

/**
 * A client's or a case's documents on its own screen: how many, how many of them the client sees in the portal
 * ('Compartilhado'), and a link to the documents page filtered to that record (?clientId= / ?caseId=).
 */
export function RecordDocuments({ record }: { record: RecordRef }) {
  const { t } = useTranslation('documents')
  const count = useQuery(getRecordDocumentsCountQueryOptions(record))
  const shared = useQuery(getRecordSharedDocumentsCountQueryOptions(record))
  const href = `${paths.dashboard.documents}?${new URLSearchParams(record)}`

  return (
    <section
      aria-labelledby="record-documents-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 text-sm"
    >
      <div className="flex items-center gap-3">
        <FileText aria-hidden className="size-5 text-muted-foreground" />
        <div className="grid gap-0.5">
          <h3 id="record-documents-title" className="font-medium">
            {t('record.title')}
          </h3>
          {count.isPending ? (
            <Skeleton className="h-4 w-24" aria-label={t('record.loading')} />
          ) : count.isError ? (
            <p className="text-muted-foreground">{t('record.error')}</p>
          ) : (
            <p className="text-muted-foreground" data-testid="record-documents-count">
              {t('record.count', {
                count: count.data.total,
                formatted: `${countFormat.format(count.data.total)}${count.data.capped ? '+' : ''}`,
              })}
            </p>
          )}
          {shared.data !== undefined && shared.data > 0 && (
            <p
              className="flex items-center gap-2 text-muted-foreground"
              data-testid="record-documents-shared"
            >
              <SharedBadge document={{ compartilhadoCliente: true }} />
              {t('share.recordCount', { count: shared.data, formatted: countFormat.format(shared.data) })}
            </p>
          )}
        </div>
      </div>
      <Link to={href} className="font-medium text-primary underline-offset-4 hover:underline">
        {t('record.link')}
      </Link>
    </section>
  )
}
