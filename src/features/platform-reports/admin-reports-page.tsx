import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { toast } from 'sonner'
import { CircleDollarSign, TrendingDown, TrendingUp, Users } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { PageSpinner } from '../../components/page-spinner'
import { formatDateBR } from '../../lib/br/dates'
import { centsToBRL } from '../../lib/br/money'
import { paths } from '../../lib/paths'
import { AdminShell } from '../admin/admin.public'
import { useSession } from '../auth/auth.public'
import { REPORT_PERIODS, type ReportPeriod } from './platform-reports.constants'
import type { PlatformReportsOverview, ReportPeriodQuery } from './platform-reports.schema'
import { monthInput } from './month-input'
import { RecentReports } from './recent-reports'
import { PIE_COLORS, SeriesBars, SeriesLine, SharesPie } from './reports-charts'
import { useReportsOverview } from './use-platform-reports'

/** /admin/reports: superadmin only (the server refuses anyone else; here others go to /dashboard). */
export function AdminReportsPage() {
  const { t } = useTranslation('adminReports')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <Navigate to={paths.dashboard.root} replace />
  return <AdminReports />
}

const percentFormat = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 })
const monthLabel = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`
const weekLabel = (week: string) => formatDateBR(week).slice(0, 5)

function AdminReports() {
  const { t } = useTranslation('adminReports')
  const [period, setPeriod] = useState<ReportPeriodQuery>({ periodo: '30d' })
  const overview = useReportsOverview(period, true)

  useEffect(() => {
    if (overview.error) toast.error(t('loadError'), { description: overview.error.message || t('tryLater') })
  }, [overview.error, t])

  const data = overview.data
  return (
    <AdminShell title={t('title')} subtitle={t('subtitle')}>
      <PeriodSelector value={period} onChange={setPeriod} data={data} />
      <SummaryCards data={data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title={t('charts.revenueTitle')} loading={!data}>
          {data && (
            <SeriesBars
              label={t('charts.revenueLabel')}
              name={t('charts.revenueSeries')}
              data={data.billing.monthlyRevenueSeries.map((p) => ({
                label: monthLabel(p.month),
                value: p.cents,
              }))}
              format={centsToBRL}
              minTop={10_000}
              tickWidth={88}
            />
          )}
        </ChartCard>
        <ChartCard
          title={t('charts.userTypesTitle')}
          description={data ? t('charts.userTypesTotal', { count: data.userTypes.total }) : undefined}
          loading={!data}
        >
          {data && <UserTypes data={data} />}
        </ChartCard>
        <ChartCard title={t('charts.signupsTitle')} loading={!data}>
          {data && (
            <SeriesBars
              label={t('charts.signupsLabel')}
              name={t('charts.signupsSeries')}
              data={data.signupsPerWeek.map((p) => ({ label: weekLabel(p.week), value: p.count }))}
            />
          )}
        </ChartCard>
        <ChartCard
          title={t('charts.engagementTitle')}
          description={t('charts.engagementHint')}
          loading={!data}
        >
          {data && <Engagement data={data} />}
        </ChartCard>
      </div>
      <RecentReports period={period} />
    </AdminShell>
  )
}

function PeriodSelector({
  value,
  onChange,
  data,
}: {
  value: ReportPeriodQuery
  onChange: (period: ReportPeriodQuery) => void
  data: PlatformReportsOverview | undefined
}) {
  const { t } = useTranslation('adminReports')
  const [de, setDe] = useState(value.de ?? monthInput(2))
  const [ate, setAte] = useState(value.ate ?? monthInput())
  const choose = (periodo: ReportPeriod) =>
    onChange(periodo === 'custom' ? { periodo, de, ate } : { periodo })
  return (
    <Card>
      <CardContent className="flex flex-wrap items-end gap-4 p-4">
        <div className="space-y-1">
          <Label htmlFor="reports-period">{t('period.label')}</Label>
          <Select value={value.periodo} onValueChange={(v) => choose(v as ReportPeriod)}>
            <SelectTrigger id="reports-period" className="w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {REPORT_PERIODS.map((p) => (
                <SelectItem key={p} value={p}>
                  {t(`period.${p}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {value.periodo === 'custom' && (
          <>
            <div className="space-y-1">
              <Label htmlFor="reports-from">{t('period.from')}</Label>
              <Input
                id="reports-from"
                type="month"
                className="w-44"
                max={monthInput()}
                value={de}
                onChange={(e) => setDe(e.target.value)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="reports-to">{t('period.to')}</Label>
              <Input
                id="reports-to"
                type="month"
                className="w-44"
                value={ate}
                onChange={(e) => setAte(e.target.value)}
              />
            </div>
            <Button variant="outline" onClick={() => onChange({ periodo: 'custom', de, ate })}>
              {t('period.apply')}
            </Button>
          </>
        )}
        {data && (
          <p className="text-muted-foreground text-sm sm:ml-auto" data-testid="reports-range">
            {t('period.range', { from: formatDateBR(data.period.from), to: formatDateBR(data.period.to) })}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function SummaryCards({ data }: { data: PlatformReportsOverview | undefined }) {
  const { t } = useTranslation('adminReports')
  const b = data?.billing
  const rate = (value: number | null) => (value === null ? t('cards.none') : percentFormat.format(value))
  const cards = [
    {
      id: 'revenue',
      icon: CircleDollarSign,
      label: t('cards.revenue'),
      value: b ? centsToBRL(b.revenueCents) : null,
      hint: t('cards.revenueHint'),
    },
    {
      id: 'subscribers',
      icon: Users,
      label: t('cards.subscribers'),
      value: b ? String(b.activeSubscribers) : null,
      hint: b ? t('cards.subscribersHint', { trial: b.trialSubscribers, overdue: b.overdueSubscribers }) : '',
    },
    {
      id: 'conversion',
      icon: TrendingUp,
      label: t('cards.conversion'),
      value: b ? rate(b.conversionRate) : null,
      hint: b ? t('cards.conversionHint', { converted: b.converted, ended: b.trialsEnded }) : '',
    },
    {
      id: 'churn',
      icon: TrendingDown,
      label: t('cards.churn'),
      value: b ? rate(b.churnRate) : null,
      hint: b ? t('cards.churnHint', { cancelled: b.cancelled, active: b.activeAtStart }) : '',
    },
  ]
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ id, icon: Icon, label, value, hint }) => (
        <Card key={id} data-testid={`reports-card-${id}`}>
          <CardContent className="flex items-start gap-3 p-4">
            <Icon className="text-primary mt-1 size-8 shrink-0" aria-hidden />
            <div className="min-w-0">
              <p className="text-muted-foreground text-sm">{label}</p>
              {value === null ? (
                <Skeleton className="mt-1 h-7 w-24" />
              ) : (
                <p className="truncate text-2xl font-semibold" data-testid="reports-card-value">
                  {value}
                </p>
              )}
              <p className="text-muted-foreground text-xs">{hint}</p>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  )
}

function ChartCard({
  title,
  description,
  loading,
  children,
}: {
  title: string
  description?: string | undefined
  loading: boolean
  children: React.ReactNode
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold">{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{loading ? <Skeleton className="h-56 w-full" /> : children}</CardContent>
    </Card>
  )
}

function UserTypes({ data }: { data: PlatformReportsOverview }) {
  const { t } = useTranslation('adminReports')
  const items = data.userTypes.items
  if (data.userTypes.total === 0) return <p className="text-muted-foreground text-sm">{t('charts.empty')}</p>
  return (
    <div className="grid items-center gap-4 sm:grid-cols-2">
      <SharesPie
        label={t('charts.userTypesLabel')}
        data={items.map((item) => ({ label: t(`types.${item.type}`), value: item.count }))}
      />
      <ul className="space-y-3" data-testid="user-types">
        {items.map((item, i) => (
          <li key={item.type} className="flex items-center gap-3" data-testid={`user-type-${item.type}`}>
            <span
              className="size-3 shrink-0 rounded-full"
              style={{ background: PIE_COLORS[i % PIE_COLORS.length] }}
              aria-hidden
            />
            <span className="flex-1">{t(`types.${item.type}`)}</span>
            <span className="font-semibold tabular-nums">
              {item.percent.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%
            </span>
            <span className="text-muted-foreground w-12 text-right text-sm tabular-nums">{item.count}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Engagement({ data }: { data: PlatformReportsOverview }) {
  const { t } = useTranslation('adminReports')
  const points = data.activeUsersPerWeek
  const average = points.length ? points.reduce((sum, p) => sum + p.count, 0) / points.length : 0
  const peak = Math.max(0, ...points.map((p) => p.count))
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="engagement-summary">
        <span>
          {t('charts.engagementAverage', {
            value: average.toLocaleString('pt-BR', { maximumFractionDigits: 1 }),
          })}
        </span>
        <span>{t('charts.engagementPeak', { value: peak })}</span>
      </div>
      <SeriesLine
        label={t('charts.engagementLabel')}
        name={t('charts.engagementSeries')}
        data={points.map((p) => ({ label: weekLabel(p.week), value: p.count }))}
      />
    </div>
  )
}
