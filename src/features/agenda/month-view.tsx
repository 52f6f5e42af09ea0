import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { addDaysISO } from '../../lib/br/dates'
import { cn } from '../../lib/utils'
import { formatLongDay, monthGrid, monthOf, shiftMonth, weekdayNames } from './calendar-days'
import type { EventRow } from './agenda.schema'
import { EventChip } from './event-chip'

const CHIPS_PER_DAY = 3

/**
 * The month as a grid of weeks (Sunday first). Keyboard: the days form one tab stop; arrows move a day or
 * a week, Home/End to the week's ends, PageUp/PageDown a month; Enter or Space selects the day (its
 * events are listed under the grid). Event chips (wide screens) are buttons in the tab order.
 */
export function MonthView({
  month,
  today,
  events,
  selectedDay,
  focusDay,
  onSelectDay,
  onFocusDay,
  onOpenEvent,
}: {
  /** Any day of the month shown. */
  month: string
  today: string
  events: ReadonlyMap<string, EventRow[]>
  selectedDay: string | null
  /** The day holding the grid's tab stop. */
  focusDay: string
  onSelectDay: (day: string) => void
  /** Moves the tab stop (and the month, when the day is outside it). */
  onFocusDay: (day: string) => void
  onOpenEvent: (event: EventRow) => void
}) {
  const { t } = useTranslation('agenda')
  const weeks = monthGrid(month)
  const names = weekdayNames('short')
  const current = monthOf(month)
  const gridRef = useRef<HTMLDivElement>(null)
  // Focus follows the tab stop only after a key press inside the grid, never on first render.
  const keyMoved = useRef(false)

  useEffect(() => {
    if (!keyMoved.current) return
    keyMoved.current = false
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"]`)?.focus()
  }, [focusDay, month])

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: string) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDaysISO(day, -1),
      ArrowRight: () => addDaysISO(day, 1),
      ArrowUp: () => addDaysISO(day, -7),
      ArrowDown: () => addDaysISO(day, 7),
      Home: () => addDaysISO(day, -new Date(`${day}T00:00:00Z`).getUTCDay()),
      End: () => addDaysISO(day, 6 - new Date(`${day}T00:00:00Z`).getUTCDay()),
      PageUp: () => sameDayIn(shiftMonth(day, -1), day),
      PageDown: () => sameDayIn(shiftMonth(day, 1), day),
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    keyMoved.current = true
    onFocusDay(move())
  }

  return (
    <>
      <p id="month-keyboard-hint" className="sr-only">
        {t('calendar.keyboardHint')}
      </p>
      <div
        ref={gridRef}
        role="grid"
        aria-label={t('view.month')}
        aria-describedby="month-keyboard-hint"
        className="grid overflow-hidden rounded-lg border"
      >
        <div role="row" className="grid grid-cols-7 border-b bg-muted/50">
          {names.map((name) => (
            <div
              key={name}
              role="columnheader"
              className="px-1 py-2 text-center text-xs font-medium text-muted-foreground capitalize"
            >
              {name.replace('.', '')}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} role="row" className="grid grid-cols-7 border-b last:border-b-0">
            {week.map((day) => {
              const dayEvents = events.get(day) ?? []
              const outside = monthOf(day) !== current
              const isToday = day === today
              const isSelected = day === selectedDay
              const extra = dayEvents.length - CHIPS_PER_DAY
              return (
                <div
                  key={day}
                  role="gridcell"
                  aria-selected={isSelected}
                  data-testid={`month-day-${day}`}
                  className={cn(
                    'flex min-h-16 min-w-0 flex-col gap-1 border-r p-1 last:border-r-0 md:min-h-28',
                    outside && 'bg-muted/30 text-muted-foreground',
                    isSelected && 'bg-primary/5 ring-2 ring-primary ring-inset',
                  )}
                >
                  <button
                    type="button"
                    data-day={day}
                    tabIndex={day === focusDay ? 0 : -1}
                    aria-current={isToday ? 'date' : undefined}
                    aria-label={
                      t('calendar.dayEvents', { day: formatLongDay(day), count: dayEvents.length }) +
                      (isToday ? ` (${t('calendar.todayMark')})` : '')
                    }
                    onClick={() => {
                      onFocusDay(day)
                      onSelectDay(day)
                    }}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    className={cn(
                      'flex items-center gap-1 self-start rounded-md px-1 text-sm tabular-nums outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      isToday && 'bg-primary font-semibold text-primary-foreground hover:bg-primary/90',
                    )}
                  >
                    {Number(day.slice(8))}
                    {dayEvents.length > 0 && (
                      // Phones have no room for chips: a dot says the day has events.
                      <span aria-hidden className="size-1.5 rounded-full bg-current md:hidden" />
                    )}
                  </button>
                  <div className="hidden min-w-0 flex-col gap-1 md:flex">
                    {dayEvents.slice(0, CHIPS_PER_DAY).map((event) => (
                      <EventChip key={event.id} event={event} onOpen={onOpenEvent} compact />
                    ))}
                    {extra > 0 && (
                      <button
                        type="button"
                        onClick={() => onSelectDay(day)}
                        className="self-start rounded px-1 text-xs text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        {t('calendar.more', { count: extra })}
                      </button>
                    )}
                  </div>
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </>
  )
}

/** The same day number in the month starting at `firstOfMonth`, clamped to its last day. */
function sameDayIn(firstOfMonth: string, day: string): string {
  const wanted = Number(day.slice(8))
  const last = Number(addDaysISO(shiftMonth(firstOfMonth, 1), -1).slice(8))
  return `${firstOfMonth.slice(0, 8)}${String(Math.min(wanted, last)).padStart(2, '0')}`
}
