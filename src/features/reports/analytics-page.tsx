import { useQuery } from '@tanstack/react-query'
import { Briefcase, CalendarClock, DollarSign, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ListError, ListSkeleton } from '../../components/list-page/list-states'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { cn } from '../../lib/utils'
import { BarsChart, CHART_COLORS } from './charts'
import { PeriodFilter, usePeriod } from './period-filter'
import { NumCell, NumHead } from './report-panel'
import { decimalToCents, type Analytics } from './reports.schema'
import { formatDias, formatHoras, formatMoney, formatPercent, formatPeriod, NONE } from './reports.format'
import { getAnalyticsQueryOptions } from './use-reports'

/** Axis ticks of money: 'R$ 1,6 mil' fits a phone's narrow axis; the tooltip and the table give the exact value. */
const compactBRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact' })

/** Growth with its sign: '+12,5%', '-3%', '—'. Colour is not the only cue: the sign is written. */
function Growth({ value }: { value: number | null }) {
  if (value === null) return <span className="text-muted-foreground">{NONE}</span>
  const text = `${value > 0 ? '+' : ''}${formatPercent(value)}`
  return (
    <span className={cn(value > 0 && 'text-[var(--success-strong)]', value < 0 && 'text-destructive')}>
      {text}
    </span>
  )
}

/** /dashboard/analytics — the spec's cards and panels computed on the office's data. */
export function AnalyticsPage() {
  const { t } = useTranslation('reports')
  const periodState = usePeriod()
  const { period, valid } = periodState
  const query = useQuery({ ...getAnalyticsQueryOptions(period), enabled: valid })
  const data = query.data

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('analytics.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('analytics.subtitle')}</p>
      </header>

      <Cards data={data} loading={query.isPending} />

      <PeriodFilter id="analytics" state={periodState} />
      {data?.limitado && <p className="text-sm text-muted-foreground">{t('limitado')}</p>}

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && !data ? (
        <ListError
          title={t('error.title')}
          message={query.error.message}
          retryLabel={t('error.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : data ? (
        <div className="grid gap-6" aria-busy={query.isFetching}>
          <AreaPanel data={data} />
          <TeamPanel data={data} />
          <QualityPanel data={data} />
        </div>
      ) : null}
    </div>
  )
}

function Cards({ data, loading }: { data: Analytics | undefined; loading: boolean }) {
  const { t } = useTranslation('reports')
  const cards = [
    { key: 'casosAtivos', icon: Briefcase, value: data && String(data.cards.casosAtivos) },
    { key: 'clientesAtivos', icon: Users, value: data && String(data.cards.clientesAtivos) },
    { key: 'audiencias', icon: CalendarClock, value: data && String(data.cards.audiencias30d) },
    { key: 'receitaMes', icon: DollarSign, value: data && formatMoney(data.cards.receitaMes) },
  ] as const
  return (
    <section aria-label={t('analytics.cardsLabel')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, icon: Icon, value }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`analytics-${key}`}>
          <CardContent className="flex items-start justify-between gap-2 px-4">
            <div className="grid min-w-0 gap-1">
              <p className="text-sm text-muted-foreground">{t(`analytics.cards.${key}`)}</p>
              {loading ? (
                <Skeleton className="h-7 w-16" />
              ) : (
                <p className="text-lg font-semibold break-words tabular-nums sm:text-2xl">{value ?? NONE}</p>
              )}
            </div>
            <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          </CardContent>
        </Card>
      ))}
    </section>
  )
}

function Panel({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description: string
  children: React.ReactNode
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle>
          <h2 id={id} className="text-lg">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

function AreaPanel({ data }: { data: Analytics }) {
  const { t } = useTranslation('reports')
  return (
    <Panel
      id="analytics-areas"
      title={t('analytics.areas.title')}
      description={t('analytics.areas.description', { anterior: formatPeriod(data.previous) })}
    >
      {data.areas.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty.description')}</p>
      ) : (
        <>
          <BarsChart
            label={t('analytics.areas.chart')}
            data={data.areas.map((row) => ({
              area: row.area,
              receita: decimalToCents(row.receita) / 100,
              anterior: decimalToCents(row.receitaAnterior) / 100,
            }))}
            xKey="area"
            format={(value) => formatMoney(value.toFixed(2))}
            tickFormat={(value) => compactBRL.format(value)}
            series={[
              { key: 'anterior', label: t('analytics.areas.anterior'), color: CHART_COLORS.muted },
              { key: 'receita', label: t('analytics.areas.receita'), color: CHART_COLORS.primary },
            ]}
          />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('area.area')}</TableHead>
                <NumHead>{t('analytics.areas.casosAtivos')}</NumHead>
                <NumHead>{t('analytics.areas.abertos')}</NumHead>
                <NumHead>{t('analytics.areas.receita')}</NumHead>
                <NumHead>{t('analytics.areas.crescimento')}</NumHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.areas.map((row) => (
                <TableRow key={row.area}>
                  <TableCell className="font-medium">{row.area}</TableCell>
                  <NumCell>{row.casosAtivos}</NumCell>
                  <NumCell>{row.abertos}</NumCell>
                  <NumCell>{formatMoney(row.receita)}</NumCell>
                  <NumCell>
                    <Growth value={row.crescimento} />
                  </NumCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Panel>
  )
}

function TeamPanel({ data }: { data: Analytics }) {
  const { t } = useTranslation('reports')
  return (
    <Panel
      id="analytics-equipe"
      title={t('analytics.equipe.title')}
      description={t('analytics.equipe.description')}
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('horas.membro')}</TableHead>
            <NumHead>{t('analytics.equipe.casos')}</NumHead>
            <NumHead>{t('analytics.equipe.horas')}</NumHead>
            <NumHead>{t('analytics.equipe.eficiencia')}</NumHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.equipe.map((row) => (
            <TableRow key={row.memberId}>
              <TableCell className="font-medium">{row.nome}</TableCell>
              <NumCell>{row.casosAtivos}</NumCell>
              <NumCell>{formatHoras(row.minutos)}</NumCell>
              <NumCell>{formatPercent(row.eficiencia)}</NumCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  )
}

function QualityPanel({ data }: { data: Analytics }) {
  const { t } = useTranslation('reports')
  const q = data.qualidade
  const items = [
    {
      key: 'taxaSucesso',
      value: formatPercent(q.taxaExito),
      note: t('analytics.qualidade.taxaSucessoNota', { count: q.comResultado }),
    },
    {
      key: 'avaliacao',
      value: q.avaliacaoMedia === null ? NONE : q.avaliacaoMedia.toLocaleString('pt-BR'),
      note: t('analytics.qualidade.avaliacaoNota'),
    },
    {
      key: 'tempoMedio',
      value: formatDias(q.mediaDiasConclusao),
      note: t('analytics.qualidade.tempoMedioNota'),
    },
  ] as const
  return (
    <Panel
      id="analytics-qualidade"
      title={t('analytics.qualidade.title')}
      description={t('analytics.qualidade.description')}
    >
      <dl className="grid gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.key} className="rounded-lg border p-4" data-testid={`analytics-${item.key}`}>
            <dt className="text-sm text-muted-foreground">{t(`analytics.qualidade.${item.key}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{item.value}</dd>
            <dd className="text-xs text-muted-foreground">{item.note}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  )
}
