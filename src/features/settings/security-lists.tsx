import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { History, LogOut, Monitor, Smartphone } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog'
import { Badge } from '../../components/ui/badge'
import { SUCCESS_TEXT } from './badge-text'
import { Button } from '../../components/ui/button'
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateTimeBR } from '../../lib/br/dates'
import type { SignInMethod } from './settings.schema'
import { describeUserAgent } from './user-agent'
import {
  useActiveSessions,
  useRevokeOtherSessions,
  useRevokeSession,
  useSignInActivity,
} from './use-settings'

function useDeviceLabel() {
  const { t } = useTranslation('settings')
  return (userAgent: string | null) => {
    const { browser, os } = describeUserAgent(userAgent)
    if (browser && os) return t('device.browserOnOs', { browser, os })
    if (browser) return browser
    if (os) return t('device.osOnly', { os })
    return t('device.unknown')
  }
}

function ListSkeleton() {
  const { t } = useTranslation('settings')
  return (
    <div className="flex flex-col gap-2" role="status" aria-live="polite">
      <span className="sr-only">{t('loading')}</span>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  )
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('settings')
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm">
      <p className="text-destructive">{message}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  )
}

/** The user's signed-in devices, the current one first, with revoke per device and "end all others". */
export function ActiveSessionsCard() {
  const { t } = useTranslation('settings')
  const sessions = useActiveSessions()
  const revoke = useRevokeSession()
  const revokeOthers = useRevokeOtherSessions()
  const deviceLabel = useDeviceLabel()
  const others = sessions.data?.items.filter((session) => !session.current).length ?? 0

  const onRevoke = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => toast.success(t('sessions.revoked')),
      onError: (error) => toast.error(t('sessions.revokeError'), { description: error.message }),
    })
  const onRevokeOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        toast.success(t('sessions.othersRevoked'), {
          description: t('sessions.othersRevokedCount', { count: revoked }),
        }),
      onError: (error) => toast.error(t('sessions.revokeError'), { description: error.message }),
    })

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg">{t('sessions.title')}</h3>
        </CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
        {others > 0 && (
          <CardAction>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" size="sm" disabled={revokeOthers.isPending}>
                  <LogOut aria-hidden />
                  {t('sessions.revokeOthers')}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>{t('sessions.confirmOthersTitle')}</AlertDialogTitle>
                  <AlertDialogDescription>{t('sessions.confirmOthersText')}</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>{t('sessions.cancel')}</AlertDialogCancel>
                  <AlertDialogAction onClick={onRevokeOthers}>{t('sessions.confirm')}</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <ListSkeleton />
        ) : sessions.isError ? (
          <LoadError message={t('sessions.loadError')} onRetry={() => void sessions.refetch()} />
        ) : (
          <ul className="flex flex-col divide-y" aria-label={t('sessions.title')}>
            {sessions.data.items.map((session) => {
              const device = describeUserAgent(session.userAgent)
              const Icon = device.mobile ? Smartphone : Monitor
              const label = deviceLabel(session.userAgent)
              return (
                <li
                  key={session.id}
                  data-testid="active-session"
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex items-start gap-3">
                    <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                    <div className="grid gap-0.5">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {label}
                        {session.current && (
                          <Badge variant="success" className={SUCCESS_TEXT}>
                            {t('sessions.current')}
                          </Badge>
                        )}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {session.ip ? t('sessions.ip', { ip: session.ip }) : t('sessions.unknownIp')} ·{' '}
                        {t('sessions.created', { date: formatDateTimeBR(session.createdAt) })} ·{' '}
                        {t('sessions.lastUsed', { date: formatDateTimeBR(session.updatedAt) })}
                      </p>
                    </div>
                  </div>
                  {!session.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="self-start sm:self-auto"
                      disabled={revoke.isPending && revoke.variables === session.id}
                      onClick={() => onRevoke(session.id)}
                      aria-label={t('sessions.revokeDevice', { device: label })}
                    >
                      {t('sessions.revoke')}
                    </Button>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

const METHOD_KEYS: Record<SignInMethod, string> = {
  password: 'activity.methods.password',
  two_factor: 'activity.methods.two_factor',
  email_link: 'activity.methods.email_link',
}

/** The last 20 sign-ins of the user (recorded by the server when a session starts). */
export function SignInActivityCard() {
  const { t } = useTranslation('settings')
  const activity = useSignInActivity()
  const deviceLabel = useDeviceLabel()

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg">{t('activity.title')}</h3>
        </CardTitle>
        <CardDescription>{t('activity.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <ListSkeleton />
        ) : activity.isError ? (
          <LoadError message={t('activity.loadError')} onRetry={() => void activity.refetch()} />
        ) : activity.data.items.length === 0 ? (
          <EmptyState icon={<History />} title={t('activity.empty')} />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('activity.columns.when')}</TableHead>
                <TableHead>{t('activity.columns.device')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('activity.columns.ip')}</TableHead>
                <TableHead>{t('activity.columns.method')}</TableHead>
                <TableHead>{t('activity.columns.result')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {activity.data.items.map((item) => (
                <TableRow key={item.id} data-testid="sign-in-event">
                  <TableCell className="whitespace-nowrap">{formatDateTimeBR(item.createdAt)}</TableCell>
                  <TableCell>{deviceLabel(item.userAgent)}</TableCell>
                  <TableCell className="hidden sm:table-cell">{item.ip ?? '—'}</TableCell>
                  <TableCell>{t(METHOD_KEYS[item.method])}</TableCell>
                  <TableCell>
                    <Badge
                      variant={item.success ? 'success' : 'destructive'}
                      className={item.success ? SUCCESS_TEXT : undefined}
                    >
                      {item.success ? t('activity.success') : t('activity.failure')}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
