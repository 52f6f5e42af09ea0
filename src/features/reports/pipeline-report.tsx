import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { CASE_STATUS_LABELS } from '../cases/cases.public'
import { BarsChart, CHART_COLORS, LinesChart } from './charts'
import { NumCell, NumHead, ReportPanel } from './report-panel'
import { formatDias, formatMes } from './reports.format'
import type { Period } from './reports.schema'
import { getReportQueryOptions } from './use-reports'

/** 'Pipeline de casos': today's portfolio by status, opened vs concluded per month, average days. */
export function PipelineReportView({ period, enabled }: { period: Period; enabled: boolean }) {
  const { t } = useTranslation('reports')
  const query = useQuery({ ...getReportQueryOptions('pipeline', period), enabled })
  return (
    <ReportPanel kind="pipeline" period={period} query={query}>
      {(report) => {
        const Chart = report.months.length > 1 ? LinesChart : BarsChart
        return (
          <>
            <section aria-label={t('pipeline.status')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {report.status.map((row) => (
                <Card key={row.status} className="gap-1 py-3">
                  <CardContent className="grid gap-1 px-4">
                    <p className="text-sm text-muted-foreground">{CASE_STATUS_LABELS[row.status]}</p>
                    <p className="text-2xl font-semibold tabular-nums">{row.casos}</p>
                  </CardContent>
                </Card>
              ))}
            </section>
            {/* A trend reads as lines; a single month has no line to draw, so its two numbers are bars. */}
            <Chart
              label={t('pipeline.chart')}
              data={report.months.map((row) => ({ ...row, mes: formatMes(row.mes) }))}
              xKey="mes"
              series={[
                { key: 'abertos', label: t('pipeline.abertos'), color: CHART_COLORS.primary },
                { key: 'concluidos', label: t('pipeline.concluidos'), color: CHART_COLORS.success },
              ]}
            />
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('pipeline.mes')}</TableHead>
                  <NumHead>{t('pipeline.abertos')}</NumHead>
                  <NumHead>{t('pipeline.concluidos')}</NumHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.months.map((row) => (
                  <TableRow key={row.mes}>
                    <TableCell>{formatMes(row.mes)}</TableCell>
                    <NumCell>{row.abertos}</NumCell>
                    <NumCell>{row.concluidos}</NumCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <dl className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border p-4">
                <dt className="text-sm text-muted-foreground">{t('pipeline.mediaAberto')}</dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {t('pipeline.dias', { dias: formatDias(report.mediaDiasAberto) })}
                </dd>
                <dd className="text-xs text-muted-foreground">
                  {t('pipeline.casosAtivos', { count: report.casosAtivos })}
                </dd>
              </div>
              <div className="rounded-lg border p-4">
                <dt className="text-sm text-muted-foreground">{t('pipeline.mediaConclusao')}</dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {t('pipeline.dias', { dias: formatDias(report.mediaDiasConclusao) })}
                </dd>
                <dd className="text-xs text-muted-foreground">
                  {t('pipeline.concluidosPeriodo', { count: report.concluidos })}
                </dd>
              </div>
            </dl>
          </>
        )
      }}
    </ReportPanel>
  )
}
