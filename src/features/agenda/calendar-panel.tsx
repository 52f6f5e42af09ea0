import { useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError } from '../../components/list-page/list-states'
import { Button } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { addDaysISO, formatDateBR } from '../../lib/br/dates'
import {
  byDay,
  formatLongDay,
  formatMonthTitle,
  monthGrid,
  monthOf,
  rangeOfDays,
  shiftMonth,
  todaySP,
  weekDays,
} from './calendar-days'
import type { EventRow } from './agenda.schema'
import { EventChip } from './event-chip'
import { MonthView } from './month-view'
import { getEventsRangeQueryOptions } from './use-agenda'
import { WeekView } from './week-view'

type Mode = 'month' | 'week'

/** Month/week calendar with its navigation; clicking an event opens it (`onOpenEvent`). */
export function CalendarPanel({ onOpenEvent }: { onOpenEvent: (event: EventRow) => void }) {
  const { t } = useTranslation('agenda')
  const today = todaySP()
  const [mode, setMode] = useState<Mode>('month')
  // The day the view is anchored on: its month (month view) or its week (week view); also the grid's tab stop.
  const [anchor, setAnchor] = useState(today)
  const [selectedDay, setSelectedDay] = useState<string | null>(today)

  const days = mode === 'month' ? monthGrid(anchor).flat() : weekDays(anchor)
  const first = days[0] ?? anchor
  const last = days.at(-1) ?? anchor
  const { from, to } = rangeOfDays(first, last)
  const range = useQuery(getEventsRangeQueryOptions(from, to))
  const events = useMemo(() => byDay(range.data?.items ?? []), [range.data])

  useEffect(() => {
    if (range.isError) toast.error(t('toast.loadError'), { description: range.error.message })
  }, [range.isError, range.error, t])

  function step(delta: number) {
    const next = mode === 'month' ? shiftMonth(anchor, delta) : addDaysISO(anchor, 7 * delta)
    setAnchor(next)
  }
  const title =
    mode === 'month'
      ? formatMonthTitle(anchor)
      : t('calendar.weekOf', { from: formatDateBR(first), to: formatDateBR(last) })
  const selectedEvents = selectedDay ? (events.get(selectedDay) ?? []) : []
  const truncated = range.data && range.data.items.length < range.data.total

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label={mode === 'month' ? t('calendar.previousMonth') : t('calendar.previousWeek')}
            onClick={() => step(-1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={mode === 'month' ? t('calendar.nextMonth') : t('calendar.nextWeek')}
            onClick={() => step(1)}
          >
            <ChevronRight aria-hidden />
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              setAnchor(today)
              setSelectedDay(today)
            }}
          >
            {t('calendar.today')}
          </Button>
        </div>
        <h2 className="order-first w-full text-lg font-semibold sm:order-none sm:w-auto" aria-live="polite">
          {title}
        </h2>
        <div role="group" aria-label={t('view.calendarMode')} className="flex rounded-lg bg-muted p-[3px]">
          {(['month', 'week'] as const).map((value) => (
            <Button
              key={value}
              variant={mode === value ? 'outline' : 'ghost'}
              size="sm"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
            >
              {t(`view.${value}`)}
            </Button>
          ))}
        </div>
      </div>

      {range.isPending ? (
        <Skeleton className="h-96 w-full" aria-label={t('calendar.loading')} />
      ) : range.isError && !range.data ? (
        <ListError
          title={t('calendar.error')}
          message={range.error.message}
          retryLabel={t('error.retry')}
          onRetry={() => void range.refetch()}
        />
      ) : (
        <div className="grid gap-4" aria-busy={range.isFetching}>
          {truncated && (
            <p className="text-sm text-muted-foreground" role="status">
              {t('calendar.truncated', { shown: range.data.items.length, total: range.data.total })}
            </p>
          )}
          {mode === 'month' ? (
            <>
              <MonthView
                month={anchor}
                today={today}
                events={events}
                selectedDay={selectedDay}
                focusDay={monthOf(anchor) === monthOf(selectedDay ?? '') ? (selectedDay ?? anchor) : anchor}
                onSelectDay={setSelectedDay}
                onFocusDay={(day) => {
                  setAnchor(day)
                  setSelectedDay(day)
                }}
                onOpenEvent={onOpenEvent}
              />
              {selectedDay && (
                <section aria-labelledby="selected-day-title" className="grid gap-2">
                  <h3 id="selected-day-title" className="text-sm font-semibold first-letter:uppercase">
                    {t('calendar.selectedDay', { day: formatLongDay(selectedDay) })}
                  </h3>
                  {selectedEvents.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{t('calendar.noEventsDay')}</p>
                  ) : (
                    <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
                      {selectedEvents.map((event) => (
                        <li key={event.id}>
                          <EventChip event={event} onOpen={onOpenEvent} />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
            </>
          ) : (
            <WeekView week={anchor} today={today} events={events} onOpenEvent={onOpenEvent} />
          )}
        </div>
      )}
    </div>
  )
}
