import { addDaysISO, BR_TIME_ZONE, dayOfWeekISO, toISODate } from '../../lib/br/dates'

// Calendar arithmetic of the agenda screen. Days are 'YYYY-MM-DD' in America/Sao_Paulo (the office's
// wall calendar, whatever zone the browser is in); instants only where the API wants them (from/to).

const HOUR_MS = 3_600_000
/** 'Próximo' window (spec §4): the event starts between now and 24 h ahead. */
export const PROXIMO_WINDOW_MS = 24 * HOUR_MS

/** True when 0 ≤ inicio − now ≤ 24 h. */
export function isProximo(inicio: string, now: Date = new Date()): boolean {
  const delta = new Date(inicio).getTime() - now.getTime()
  return delta >= 0 && delta <= PROXIMO_WINDOW_MS
}

const offsetFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: BR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** São Paulo's offset from UTC at `instant`, in ms (−3 h today; it had summer time before 2019). */
function zoneOffsetMs(instant: number): number {
  const p: Record<string, number> = {}
  for (const part of offsetFormatter.formatToParts(new Date(instant))) p[part.type] = Number(part.value)
  const wall = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0)
  return wall - Math.floor(instant / 60_000) * 60_000
}

/** The instant a São Paulo wall-clock day starts, as an ISO string (what GET /events?from=&to= takes). */
export function startOfDayInstant(dateISO: string): string {
  const [year, month, day] = dateISO.split('-').map(Number)
  const wallAsUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)
  // Two passes: the offset at the guessed instant, then at the corrected one (a DST edge moves it).
  let instant = wallAsUtc - zoneOffsetMs(wallAsUtc)
  instant = wallAsUtc - zoneOffsetMs(instant)
  return new Date(instant).toISOString()
}

/** Today in São Paulo. */
export function todaySP(now: Date = new Date()): string {
  return toISODate(now, BR_TIME_ZONE)
}

/** 'YYYY-MM' of a day. */
export function monthOf(dateISO: string): string {
  return dateISO.slice(0, 7)
}

/** First day of the month after/before `dateISO`'s month (`delta` months away). */
export function shiftMonth(dateISO: string, delta: number): string {
  const [year, month] = dateISO.split('-').map(Number)
  const index = (year ?? 0) * 12 + (month ?? 1) - 1 + delta
  const y = Math.floor(index / 12)
  const m = (index % 12) + 1
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`
}

/** The Sunday that starts the week of `dateISO` (pt-BR calendars start on Sunday). */
export function startOfWeek(dateISO: string): string {
  return addDaysISO(dateISO, -dayOfWeekISO(dateISO))
}

/** The seven days Sunday…Saturday of `dateISO`'s week. */
export function weekDays(dateISO: string): string[] {
  const first = startOfWeek(dateISO)
  return Array.from({ length: 7 }, (_, index) => addDaysISO(first, index))
}

/**
 * The month grid of `dateISO`'s month: whole weeks from the Sunday on or before the 1st to the Saturday
 * on or after the last day (4 to 6 rows of 7 days).
 */
export function monthGrid(dateISO: string): string[][] {
  const first = `${monthOf(dateISO)}-01`
  const nextFirst = shiftMonth(first, 1)
  const weeks: string[][] = []
  for (let day = startOfWeek(first); day < nextFirst; day = addDaysISO(day, 7)) weeks.push(weekDays(day))
  return weeks
}

/** from (inclusive) / to (exclusive) instants covering the days `first`..`last` in São Paulo. */
export function rangeOfDays(first: string, last: string): { from: string; to: string } {
  return { from: startOfDayInstant(first), to: startOfDayInstant(addDaysISO(last, 1)) }
}

/** Groups items by their São Paulo day ('data'), keeping their order. */
export function byDay<T extends { data: string }>(items: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>()
  for (const item of items) {
    const list = days.get(item.data)
    if (list) list.push(item)
    else days.set(item.data, [item])
  }
  return days
}

const monthTitleFormat = new Intl.DateTimeFormat('pt-BR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const longDayFormat = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const shortDayFormat = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
})

// Calendar days are formatted as UTC midnights: the day named is the string's day in any browser zone.
const utcDate = (dateISO: string) => new Date(`${dateISO}T00:00:00Z`)

/** 'março de 2026' with a capital: 'Março de 2026'. */
export function formatMonthTitle(dateISO: string, locale = 'pt-BR'): string {
  const text = (
    locale === 'pt-BR'
      ? monthTitleFormat
      : new Intl.DateTimeFormat(locale, {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        })
  ).format(utcDate(dateISO))
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** 'quinta-feira, 5 de março de 2026' — the accessible name of a calendar day. */
export function formatLongDay(dateISO: string): string {
  return longDayFormat.format(utcDate(dateISO))
}

/** 'qui., 05/03' — a week view column. */
export function formatShortDay(dateISO: string): string {
  return shortDayFormat.format(utcDate(dateISO))
}

/** Short weekday names Sunday-first: 'dom.', 'seg.', … */
export function weekdayNames(width: 'short' | 'narrow' = 'short'): string[] {
  const format = new Intl.DateTimeFormat('pt-BR', { weekday: width, timeZone: 'UTC' })
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, index) => format.format(utcDate(addDaysISO('2023-01-01', index))))
}
