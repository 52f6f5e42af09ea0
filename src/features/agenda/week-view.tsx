import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/utils'
import { formatLongDay, formatShortDay, weekDays } from './calendar-days'
import type { EventRow } from './agenda.schema'
import { EventChip } from './event-chip'

/**
 * One week, Sunday to Saturday: seven columns on wide screens, a list of days on a phone. Every event is a
 * button (tab order + Enter opens it).
 */
export function WeekView({
  week,
  today,
  events,
  onOpenEvent,
}: {
  /** Any day of the week shown. */
  week: string
  today: string
  events: ReadonlyMap<string, EventRow[]>
  onOpenEvent: (event: EventRow) => void
}) {
  const { t } = useTranslation('agenda')
  return (
    <ol aria-label={t('view.week')} className="grid gap-2 md:grid-cols-7 md:gap-0 md:rounded-lg md:border">
      {weekDays(week).map((day) => {
        const dayEvents = events.get(day) ?? []
        const isToday = day === today
        const headingId = `week-day-${day}`
        return (
          <li
            key={day}
            aria-labelledby={headingId}
            data-testid={`week-day-${day}`}
            className={cn(
              'grid content-start gap-2 rounded-lg border p-2 md:min-h-48 md:rounded-none md:border-0 md:border-r md:last:border-r-0',
              isToday && 'bg-primary/5',
            )}
          >
            <h3
              id={headingId}
              aria-label={formatLongDay(day) + (isToday ? ` (${t('calendar.todayMark')})` : '')}
              aria-current={isToday ? 'date' : undefined}
              className={cn(
                'text-sm font-medium capitalize',
                isToday && 'w-fit rounded-md bg-primary px-1.5 text-primary-foreground',
              )}
            >
              {formatShortDay(day)}
            </h3>
            {dayEvents.length === 0 ? (
              <p className="text-xs text-muted-foreground">{t('calendar.noEventsDay')}</p>
            ) : (
              <ul className="grid gap-1">
                {dayEvents.map((event) => (
                  <li key={event.id}>
                    <EventChip event={event} onOpen={onOpenEvent} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        )
      })}
    </ol>
  )
}
