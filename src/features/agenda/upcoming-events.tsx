import { useQuery } from '@tanstack/react-query'
import { CalendarClock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Skeleton } from '../../components/ui/skeleton'
import { paths } from '../../lib/paths'
import { isProximo, startOfDayInstant, todaySP } from './calendar-days'
import { ProximoBadge, StatusBadge, TypeBadge, useEventWhen } from './event-badges'
import { getNextEventQueryOptions, getUpcomingEventsQueryOptions, type RecordRef } from './use-agenda'

/**
 * A client's or a case's next events (from today on, up to five) on its own screen, with a link to the
 * agenda.
 */
export function UpcomingEvents({ record }: { record: RecordRef }) {
  const { t } = useTranslation('agenda')
  const when = useEventWhen()
  // From the start of today in São Paulo: today's earlier events and prazos due today still show.
  const events = useQuery(getUpcomingEventsQueryOptions(record, startOfDayInstant(todaySP())))
  const now = new Date()

  return (
    <section aria-labelledby="upcoming-events-title" className="grid gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <CalendarClock aria-hidden className="size-5 text-muted-foreground" />
          <h3 id="upcoming-events-title" className="font-medium">
            {t('upcoming.title')}
          </h3>
        </div>
        <Link
          to={paths.dashboard.schedule}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('upcoming.link')}
        </Link>
      </div>
      {events.isPending ? (
        <Skeleton className="h-4 w-40" aria-label={t('upcoming.loading')} />
      ) : events.isError ? (
        <p className="text-muted-foreground">{t('upcoming.error')}</p>
      ) : events.data.items.length === 0 ? (
        <p className="text-muted-foreground" data-testid="upcoming-empty">
          {t('upcoming.empty')}
        </p>
      ) : (
        <ul className="grid gap-1.5" data-testid="upcoming-events">
          {events.data.items.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="tabular-nums">{when(event)}</span>
              <span className="min-w-0 font-medium break-words">{event.titulo}</span>
              <TypeBadge tipo={event.tipo} />
              <StatusBadge status={event.status} />
              {isProximo(event.inicio, now) && <ProximoBadge />}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The dashboard shortcut's line: the next event ('Audiência X — 05/03/2026 14:30'), 'Nenhum evento próximo',
 * or null while it loads. `enabled` false (a non-member) reads nothing.
 */
export function useNextEventText(enabled: boolean): string | null {
  const { t } = useTranslation('agenda')
  const when = useEventWhen()
  const next = useQuery({ ...getNextEventQueryOptions(), enabled })
  if (!enabled || next.isError) return null
  if (next.isPending) return null
  return next.data ? t('next.label', { titulo: next.data.titulo, when: when(next.data) }) : t('next.none')
}
