import { useQuery } from '@tanstack/react-query'
import { Clock } from 'lucide-react'
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
import { formatHoras, formatMoney } from './reports.format'
import { REPORT_LIMITS, type Period } from './reports.schema'
import { getReportQueryOptions } from './use-reports'

const hours = (minutos: number) => Math.round((minutos / 60) * 100) / 100

/** 'Horas faturáveis': hours, billable hours and their value per member and per case. */
export function HoursReportView({ period, enabled }: { period: Period; enabled: boolean }) {
  const { t } = useTranslation('reports')
  const query = useQuery({ ...getReportQueryOptions('horas', period), enabled })
  return (
    <ReportPanel kind="horas" period={period} query={query}>
      {(report) =>
        report.members.length === 0 ? (
          <EmptyState icon={<Clock />} title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <>
            <BarsChart
              label={t('horas.chart')}
              data={report.members.map((row) => ({
                nome: row.nome.split(' ')[0] ?? row.nome,
                horas: hours(row.minutos),
                faturaveis: hours(row.minutosFaturaveis),
              }))}
              xKey="nome"
              series={[
                { key: 'horas', label: t('horas.horas'), color: CHART_COLORS.muted },
                { key: 'faturaveis', label: t('horas.faturaveis'), color: CHART_COLORS.primary },
              ]}
            />
            <section aria-labelledby="horas-membros" className="grid gap-2">
              <h3 id="horas-membros" className="font-semibold">
                {t('horas.porMembro')}
              </h3>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('horas.membro')}</TableHead>
                    <NumHead>{t('horas.horas')}</NumHead>
                    <NumHead>{t('horas.faturaveis')}</NumHead>
                    <NumHead>{t('horas.valorHora')}</NumHead>
                    <NumHead>{t('horas.valor')}</NumHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {report.members.map((row) => (
                    <TableRow key={row.memberId}>
                      <TableCell className="font-medium">{row.nome}</TableCell>
                      <NumCell>{formatHoras(row.minutos)}</NumCell>
                      <NumCell>{formatHoras(row.minutosFaturaveis)}</NumCell>
                      <NumCell>{formatMoney(row.valorHora)}</NumCell>
                      <NumCell>{formatMoney(row.valor)}</NumCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell>{t('total')}</TableCell>
                    <NumCell>{formatHoras(report.totals.minutos)}</NumCell>
                    <NumCell>{formatHoras(report.totals.minutosFaturaveis)}</NumCell>
                    <NumCell>{''}</NumCell>
                    <NumCell>{formatMoney(report.totals.valor)}</NumCell>
                  </TableRow>
                </TableFooter>
              </Table>
              {report.totals.minutosSemValor > 0 && (
                <p className="text-sm text-muted-foreground">
                  {t('horas.semValor', { horas: formatHoras(report.totals.minutosSemValor) })}
                </p>
              )}
            </section>
            <section aria-labelledby="horas-casos" className="grid gap-2">
              <h3 id="horas-casos" className="font-semibold">
                {t('horas.porCaso')}
              </h3>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('horas.caso')}</TableHead>
                    <NumHead>{t('horas.horas')}</NumHead>
                    <NumHead>{t('horas.faturaveis')}</NumHead>
                    <NumHead>{t('horas.valor')}</NumHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {report.cases.map((row) => (
                    <TableRow key={row.caseId}>
                      <TableCell className="max-w-72 truncate font-medium" title={row.titulo}>
                        {row.titulo}
                      </TableCell>
                      <NumCell>{formatHoras(row.minutos)}</NumCell>
                      <NumCell>{formatHoras(row.minutosFaturaveis)}</NumCell>
                      <NumCell>
                        {formatMoney(row.valor)}
                        {row.minutosSemValor > 0 && row.valor !== null ? '*' : ''}
                      </NumCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {report.casesTotal > report.cases.length && (
                <p className="text-sm text-muted-foreground">
                  {t('horas.maisCasos', { shown: REPORT_LIMITS.maxCases, total: report.casesTotal })}
                </p>
              )}
              {report.cases.some((row) => row.minutosSemValor > 0 && row.valor !== null) && (
                <p className="text-sm text-muted-foreground">{t('horas.parcial')}</p>
              )}
            </section>
          </>
        )
      }
    </ReportPanel>
  )
}
