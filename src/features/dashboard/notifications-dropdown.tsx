import {
  Bell,
  CheckCheck,
  Check,
  CircleAlert,
  CircleCheck,
  Info,
  TriangleAlert,
  X,
  type LucideIcon,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover'
import { cn } from '../../lib/utils'
import { useNotifications, useNotificationStream, type NotificationType } from './use-notifications'

const TYPE_ICON: Record<NotificationType, { icon: LucideIcon; className: string }> = {
  success: { icon: CircleCheck, className: 'text-success' },
  warning: { icon: TriangleAlert, className: 'text-warning' },
  error: { icon: CircleAlert, className: 'text-destructive' },
  info: { icon: Info, className: 'text-primary' },
}

function useRelativeTime() {
  const { i18n } = useTranslation()
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' })
  return (time: Date) => {
    const minutes = Math.round((time.getTime() - Date.now()) / 60_000)
    if (Math.abs(minutes) < 60) return format.format(minutes, 'minute')
    const hours = Math.round(minutes / 60)
    if (Math.abs(hours) < 24) return format.format(hours, 'hour')
    return format.format(Math.round(hours / 24), 'day')
  }
}

/**
 * Spec §2 "Notifications dropdown": the user's notifications (persisted), marked read one by one or all at
 * once, or removed; kept live by the event stream this component opens (it is always in the header).
 * A popover (not a menu) so each item's two buttons are reachable with Tab.
 */
export function NotificationsDropdown() {
  const { t } = useTranslation('dashboard')
  const { items, unread, isPending, isError, refetch, markRead, markAllRead, remove } = useNotifications()
  useNotificationStream()
  const relative = useRelativeTime()

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={t('notifications.trigger', { count: unread })}
        >
          <Bell aria-hidden />
          {unread > 0 && (
            // Dark theme: the red at 60 % (as Badge's destructive), else white on it is below 4.5:1 (axe).
            <span
              aria-hidden
              data-testid="notifications-badge"
              className="absolute -top-0.5 -right-0.5 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-4 font-semibold text-destructive-foreground dark:bg-destructive/60"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby="notifications-title"
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
      >
        <section aria-labelledby="notifications-title">
          <header className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <h2 id="notifications-title" className="text-sm font-semibold">
              {t('notifications.title')}
              {unread > 0 && (
                <span className="ml-2 font-normal text-muted-foreground">
                  {t('notifications.unread', { count: unread })}
                </span>
              )}
            </h2>
            <Button variant="ghost" size="sm" onClick={markAllRead} disabled={unread === 0}>
              <CheckCheck aria-hidden />
              {t('notifications.markAllRead')}
            </Button>
          </header>
          {isPending ? (
            <p role="status" className="px-4 py-6 text-center text-sm text-muted-foreground">
              {t('notifications.loading')}
            </p>
          ) : isError && items.length === 0 ? (
            <div role="alert" className="flex flex-col items-center gap-2 px-4 py-6 text-center text-sm">
              <p className="text-muted-foreground">{t('notifications.loadError')}</p>
              <Button variant="outline" size="sm" onClick={() => void refetch()}>
                {t('notifications.retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <EmptyState icon={<Bell />} title={t('notifications.empty')} className="m-4 border-none py-6" />
          ) : (
            <ul className="max-h-96 divide-y overflow-y-auto" aria-label={t('notifications.title')}>
              {items.map((item) => {
                const { icon: Icon, className } = TYPE_ICON[item.type]
                return (
                  <li
                    key={item.id}
                    data-read={item.read}
                    className={cn('flex gap-3 px-4 py-3', !item.read && 'bg-primary/5')}
                  >
                    <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', className)} />
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium">
                        {!item.read && <span className="sr-only">{t('notifications.unreadMarker')} </span>}
                        {item.title}
                      </p>
                      <p className="text-sm text-muted-foreground">{item.message}</p>
                      <p className="mt-1 text-xs text-muted-foreground">
                        <time dateTime={item.time}>{relative(new Date(item.time))}</time>
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-col gap-1">
                      {!item.read && (
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-7"
                          aria-label={t('notifications.markRead', { title: item.title })}
                          onClick={() => markRead(item.id)}
                        >
                          <Check aria-hidden />
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={t('notifications.remove', { title: item.title })}
                        onClick={() => remove(item.id)}
                      >
                        <X aria-hidden />
                      </Button>
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      </PopoverContent>
    </Popover>
  )
}
