import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ListError, ListSkeleton } from '../../components/list-page/list-states'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { TableCell, TableHead } from '../../components/ui/table'
import { cn } from '../../lib/utils'
import { ExportButton } from './export-button'
import { exportUrl } from './use-reports'
import { REPORT_SLUGS, type Period, type ReportKind } from './reports.schema'

/** A numeric header/cell: right-aligned, tabular figures. */
export const NumHead = ({ children }: { children: ReactNode }) => (
  <TableHead className="text-right">{children}</TableHead>
)
export const NumCell = ({ children, className }: { children: ReactNode; className?: string }) => (
  <TableCell className={cn('text-right tabular-nums', className)}>{children}</TableCell>
)

/** One report: its title, the rule behind it, CSV/PDF export, and loading/error states around its body. */
export function ReportPanel<T>({
  kind,
  period,
  query,
  children,
}: {
  kind: ReportKind
  period: Period
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation('reports')
  const name = (extension: string) =>
    `relatorio-${REPORT_SLUGS[kind]}-${period.from}-a-${period.to}.${extension}`
  return (
    <Card id="relatorio" role="region" aria-labelledby="relatorio-titulo" className="scroll-mt-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="relatorio-titulo" className="text-lg">
            <h2 tabIndex={-1} className="outline-none">
              {t(`cards.${kind}.title`)}
            </h2>
          </CardTitle>
          <CardDescription>{t(`rules.${kind}`)}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportButton url={exportUrl(`${kind}/export.csv`, period)} fallbackName={name('csv')}>
            {t('export.csv')}
          </ExportButton>
          <ExportButton url={exportUrl(`${kind}/export.pdf`, period)} fallbackName={name('pdf')}>
            {t('export.pdf')}
          </ExportButton>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6" aria-busy={query.isFetching}>
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError && !query.data ? (
          <ListError
            title={t('error.title')}
            message={query.error.message}
            retryLabel={t('error.retry')}
            onRetry={() => void query.refetch()}
          />
        ) : query.data ? (
          children(query.data)
        ) : null}
      </CardContent>
    </Card>
  )
}
