import { useQuery } from '@tanstack/react-query'
import { PieChart as PieIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/ui/empty-state'
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table'
import { BarsChart, CHART_COLORS } from './charts'
import { NumCell, NumHead, ReportPanel } from './report-panel'
import { formatMoney, formatPercent } from './reports.format'
import type { AreaRow, Period } from './reports.schema'
import { getReportQueryOptions } from './use-reports'

/** 'Desempenho por área': cases opened/concluded, success rate and revenue per legal area. */
export function AreaReportView({ period, enabled }: { period: Period; enabled: boolean }) {
  const { t } = useTranslation('reports')
  const query = useQuery({ ...getReportQueryOptions('area', period), enabled })
  const areaName = (row: Pick<AreaRow, 'area'>) => row.area ?? t('area.semCaso')
  const rate = (row: Omit<AreaRow, 'area'>) =>
    row.comResultado === 0 ? '—' : `${formatPercent(row.taxaExito)} (${row.exitosos}/${row.comResultado})`
  return (
    <ReportPanel kind="area" period={period} query={query}>
      {(report) =>
        report.rows.length === 0 ? (
          <EmptyState icon={<PieIcon />} title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <>
            <BarsChart
              label={t('area.chart')}
              data={report.rows
                .filter((row) => row.area !== null)
                .map((row) => ({ ...row, nome: areaName(row) }))}
              xKey="nome"
              series={[
                { key: 'abertos', label: t('area.abertos'), color: CHART_COLORS.primary },
                { key: 'concluidos', label: t('area.concluidos'), color: CHART_COLORS.success },
              ]}
            />
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('area.area')}</TableHead>
                  <NumHead>{t('area.abertos')}</NumHead>
                  <NumHead>{t('area.concluidos')}</NumHead>
                  <NumHead>{t('area.taxaExito')}</NumHead>
                  <NumHead>{t('area.receita')}</NumHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.rows.map((row) => (
                  <TableRow key={row.area ?? 'sem-caso'}>
                    <TableCell className="font-medium">{areaName(row)}</TableCell>
                    <NumCell>{row.abertos}</NumCell>
                    <NumCell>{row.concluidos}</NumCell>
                    <NumCell>{rate(row)}</NumCell>
                    <NumCell>{formatMoney(row.receita)}</NumCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell>{t('total')}</TableCell>
                  <NumCell>{report.totals.abertos}</NumCell>
                  <NumCell>{report.totals.concluidos}</NumCell>
                  <NumCell>{rate(report.totals)}</NumCell>
                  <NumCell>{formatMoney(report.totals.receita)}</NumCell>
                </TableRow>
              </TableFooter>
            </Table>
          </>
        )
      }
    </ReportPanel>
  )
}
