import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { toast } from 'sonner'
import {
  Activity,
  AlertTriangle,
  LogIn,
  RefreshCw,
  Search,
  ServerCrash,
  ShieldAlert,
  ShieldCheck,
} from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Skeleton } from '../../components/ui/skeleton'
import { PageSpinner } from '../../components/page-spinner'
import { AdminFrame } from '../../components/admin-frame'
import { formatDateTimeBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { useSession } from '../auth/auth.public'
import { eventText } from './event-text'
import {
  LOGS_PAGE_SIZE,
  PLATFORM_EVENT_KINDS,
  type LogsQuery,
  type LogsSummary,
  type PlatformEventItem,
} from './platform-logs.schema'
import { SystemAlerts } from './system-alerts'
import { useLogsSummary, usePlatformEvents, useRunChecks } from './use-platform-logs'

/** /admin/logs: superadmin only (the server refuses anyone else; here others go to /dashboard). */
export function AdminLogsPage() {
  const { t } = useTranslation('platform-logs')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <Navigate to={paths.dashboard.root} replace />
  return <AdminLogs />
}

function AdminLogs() {
  const { t } = useTranslation('platform-logs')
  const [search, setSearch] = useState('')
  const [kind, setKind] = useState<LogsQuery['kind']>('todos')
  const [page, setPage] = useState(1)
  const debounced = useDebouncedValue(search.trim(), 300)
  const query: LogsQuery = { kind, search: debounced || undefined, page }
  const events = usePlatformEvents(query)
  const summary = useLogsSummary()
  const checks = useRunChecks()

  useEffect(() => setPage(1), [debounced, kind])
  useEffect(() => {
    if (events.error || summary.error) toast.error(t('loadError'), { description: t('tryLater') })
  }, [events.error, summary.error, t])

  const runChecks = () =>
    checks.mutate(undefined, {
      onSuccess: () => toast.success(t('checksDone')),
      onError: () => toast.error(t('checksError'), { description: t('tryLater') }),
    })
  const refresh = () => {
    void events.refetch()
    void summary.refetch()
  }

  return (
    <AdminFrame
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <>
          <Button variant="outline" onClick={refresh} disabled={events.isFetching}>
            <RefreshCw aria-hidden className={events.isFetching ? 'animate-spin' : undefined} />
            {t('refresh')}
          </Button>
          <Button variant="outline" onClick={runChecks} disabled={checks.isPending}>
            <ShieldCheck aria-hidden />
            {t('runChecks')}
          </Button>
        </>
      }
    >
      <StatusCards summary={summary.data} />
      <SystemAlerts summary={summary.data} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">{t('events.title')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="logs-search">{t('events.searchLabel')}</Label>
            <div className="relative">
              <Search
                aria-hidden
                className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id="logs-search"
                type="search"
                className="pl-9"
                maxLength={100}
                placeholder={t('events.searchPlaceholder')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
          <div role="group" aria-label={t('events.filtersLabel')} className="flex flex-wrap gap-2">
            {(['todos', ...PLATFORM_EVENT_KINDS] as const).map((value) => (
              <Button
                key={value}
                size="sm"
                variant={kind === value ? 'default' : 'outline'}
                aria-pressed={kind === value}
                onClick={() => setKind(value)}
              >
                {value === 'todos' ? t('events.all') : t(`events.kinds.${value}`)}
              </Button>
            ))}
          </div>
          <EventList
            items={events.data?.items}
            loading={events.isPending}
            searching={Boolean(debounced) || kind !== 'todos'}
          />
          {events.data && events.data.total > 0 && (
            <Pager page={page} total={events.data.total} capped={events.data.capped} onPage={setPage} />
          )}
        </CardContent>
      </Card>
    </AdminFrame>
  )
}

const CARDS = [
  { key: 'events', icon: Activity },
  { key: 'logins', icon: LogIn },
  { key: 'failedLogins', icon: ShieldAlert },
  { key: 'serverErrors', icon: ServerCrash },
] as const

function StatusCards({ summary }: { summary: LogsSummary | undefined }) {
  const { t } = useTranslation('platform-logs')
  const value = (key: (typeof CARDS)[number]['key']) =>
    summary && summary.capped.includes(key)
      ? t('cards.capped', { count: summary.last24h[key] })
      : summary?.last24h[key].toLocaleString('pt-BR')
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
      {CARDS.map(({ key, icon: Icon }) => (
        <StatusCard key={key} id={key} label={t(`cards.${key}`)} icon={Icon} value={value(key)} />
      ))}
      <StatusCard
        id="openAlerts"
        label={t('cards.openAlerts')}
        icon={AlertTriangle}
        value={summary?.openAlerts.toLocaleString('pt-BR')}
      />
    </div>
  )
}

function StatusCard(props: { id: string; label: string; icon: typeof Activity; value: string | undefined }) {
  const Icon = props.icon
  return (
    <Card className="gap-2 py-4" data-testid={`logs-card-${props.id}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{props.label}</CardTitle>
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </CardHeader>
      <CardContent className="px-4">
        {props.value === undefined ? (
          <Skeleton className="h-8 w-16" />
        ) : (
          <p className="text-2xl font-bold tabular-nums">{props.value}</p>
        )}
      </CardContent>
    </Card>
  )
}

const SEVERITY_BADGE = { info: 'secondary', aviso: 'warning', erro: 'destructive' } as const

function EventList(props: { items: PlatformEventItem[] | undefined; loading: boolean; searching: boolean }) {
  const { t } = useTranslation('platform-logs')
  if (props.loading)
    return (
      <div className="flex flex-col gap-2" role="status" aria-label={t('loading')}>
        {Array.from({ length: LOGS_PAGE_SIZE }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    )
  if (!props.items || props.items.length === 0)
    return <EmptyState title={props.searching ? t('events.emptySearch') : t('events.empty')} />
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label={t('events.title')}>
      {props.items.map((event) => (
        <li key={event.id} className="flex flex-col gap-1 p-3" data-testid="log-event">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={SEVERITY_BADGE[event.severity]}>{t(`events.kinds.${event.kind}`)}</Badge>
            <time dateTime={event.at} className="text-xs text-muted-foreground">
              {formatDateTimeBR(event.at)}
            </time>
          </div>
          <p className="text-sm break-words">{eventText(t, event)}</p>
          {(event.ip || event.requestId) && (
            <p className="font-mono text-xs break-all text-muted-foreground">
              {[
                event.ip && t('events.ip', { ip: event.ip }),
                event.requestId && t('events.request', { id: event.requestId }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}

/** Spec format '1-6 de N'; beyond the count cap the text says "de mais de N". */
function Pager(props: { page: number; total: number; capped: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation('platform-logs')
  const from = (props.page - 1) * LOGS_PAGE_SIZE + 1
  const to = Math.min(props.total, props.page * LOGS_PAGE_SIZE)
  const total = props.total.toLocaleString('pt-BR')
  return (
    <nav
      aria-label={t('events.pagination')}
      className="flex flex-col items-center justify-between gap-2 sm:flex-row"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="logs-range">
        {t(props.capped ? 'events.rangeCapped' : 'events.range', { from, to, total })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={props.page === 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          {t('events.previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={to >= props.total}
          onClick={() => props.onPage(props.page + 1)}
        >
          {t('events.next')}
        </Button>
      </div>
    </nav>
  )
}
