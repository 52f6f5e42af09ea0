import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { toast } from 'sonner'
import { Clock, Eye, LogOut, RefreshCw, Users } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { PageSpinner } from '../../components/page-spinner'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { AdminShell } from '../admin/admin.public'
import { useSession } from '../auth/auth.public'
import { formatCount, formatPercent, formatSessionTime, shortDay } from './analytics-format'
import { ViewsPerDayChart } from './analytics-chart'
import { DeviceShares, TopFlows, TopLocations, TopPages } from './analytics-sections'
import { ANALYTICS_PERIODS, type AnalyticsOverview, type AnalyticsPeriod } from './platform-analytics.schema'
import { useAnalyticsOverview } from './use-platform-analytics'

/** /admin/analytics: superadmin only (the server refuses anyone else; here others go to /dashboard). */
export function AdminAnalyticsPage() {
  const { t } = useTranslation('platform-analytics')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <Navigate to={paths.dashboard.root} replace />
  return <AdminAnalytics />
}

function AdminAnalytics() {
  const { t } = useTranslation('platform-analytics')
  const [days, setDays] = useState<AnalyticsPeriod>(7)
  const overview = useAnalyticsOverview(days)
  const data = overview.data

  useEffect(() => {
    if (overview.error) toast.error(t('loadError'), { description: t('tryLater') })
  }, [overview.error, t])

  return (
    <AdminShell
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Button variant="outline" onClick={() => void overview.refetch()} disabled={overview.isFetching}>
          <RefreshCw aria-hidden className={overview.isFetching ? 'animate-spin' : undefined} />
          {t('refresh')}
        </Button>
      }
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div role="group" aria-label={t('period.label')} className="flex flex-wrap gap-2">
          {ANALYTICS_PERIODS.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={days === value ? 'default' : 'outline'}
              aria-pressed={days === value}
              onClick={() => setDays(value)}
            >
              {t('period.option', { days: value })}
            </Button>
          ))}
        </div>
        {data && (
          <p className="text-sm text-muted-foreground" data-testid="analytics-range">
            {t('period.range', { from: formatDateBR(data.from), to: formatDateBR(data.to) })}
          </p>
        )}
      </div>
      {overview.error && !data ? (
        <EmptyState
          title={t('loadError')}
          description={t('tryLater')}
          action={<Button onClick={() => void overview.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <>
          <SummaryCards data={data} />
          <ViewsPerDay data={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <TopPages data={data} />
            <TopFlows data={data} />
            <DeviceShares data={data} />
            <TopLocations data={data} />
          </div>
        </>
      )}
      <p className="text-xs text-muted-foreground">{t('privacy')}</p>
    </AdminShell>
  )
}

function SummaryCards({ data }: { data: AnalyticsOverview | undefined }) {
  const { t } = useTranslation('platform-analytics')
  const none = t('cards.none')
  const cards = [
    { id: 'online', icon: Users, value: data && formatCount(data.onlineUsers), hint: t('cards.onlineHint') },
    {
      id: 'pageViews',
      icon: Eye,
      value: data && formatCount(data.pageViews),
      hint: data ? t('cards.pageViewsHint', { visits: formatCount(data.visits) }) : undefined,
    },
    {
      id: 'sessionTime',
      icon: Clock,
      value: data && (formatSessionTime(data.avgSessionSeconds) ?? none),
      hint: t('cards.sessionTimeHint'),
    },
    {
      id: 'bounceRate',
      icon: LogOut,
      value: data && (formatPercent(data.bounceRate) ?? none),
      hint: t('cards.bounceRateHint'),
    },
  ] as const
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ id, icon: Icon, value, hint }) => (
        <Card key={id} className="gap-2 py-4" data-testid={`analytics-card-${id}`}>
          <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
            <CardTitle className="text-sm font-medium text-muted-foreground">{t(`cards.${id}`)}</CardTitle>
            <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          </CardHeader>
          <CardContent className="flex flex-col gap-1 px-4">
            {value === undefined ? (
              <Skeleton className="h-8 w-20" />
            ) : (
              <p className="text-2xl font-bold tabular-nums">{value}</p>
            )}
            {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
          </CardContent>
        </Card>
      ))}
    </div>
  )
}

function ViewsPerDay({ data }: { data: AnalyticsOverview | undefined }) {
  const { t } = useTranslation('platform-analytics')
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('chart.title')}</h2>
        </CardTitle>
        {data && (
          <CardDescription>
            {t('period.range', { from: formatDateBR(data.from), to: formatDateBR(data.to) })}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-64 w-full" />
        ) : data.pageViews === 0 ? (
          <EmptyState title={t('chart.empty')} />
        ) : (
          <ViewsPerDayChart
            label={t('chart.label', {
              total: formatCount(data.pageViews),
              from: formatDateBR(data.from),
              to: formatDateBR(data.to),
            })}
            seriesLabel={t('chart.series')}
            data={data.viewsPerDay.map((d) => ({ label: shortDay(d.day), views: d.views }))}
          />
        )}
      </CardContent>
    </Card>
  )
}
