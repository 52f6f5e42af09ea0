import { getHolidays } from '@brazilian-utils/brazilian-utils'
import { addDaysISO, dayOfWeekISO, isIsoDate } from './dates'

/**
 * Days the Brazilian courts are closed nationwide, for deadline (prazo) counting.
 *
 * National holidays come from @brazilian-utils (it tracks the laws, e.g. Consciência Negra is
 * national only from 2024, Lei 14.759/2023). Its list types Carnaval Tuesday and Corpus Christi as
 * optional and lacks Carnaval Monday, yet the courts close on all of them, so those are derived
 * from Easter here. A holiday on a weekend is not moved (Brazilian law never moves them).
 *
 * Ash Wednesday is NOT a closure: the courts open late (≈ 13h–14h), so it is a business day that
 * counts in the middle of a prazo, while CPC art. 224 §1 protracts a prazo that would begin or end
 * on it (see `ashWednesday` and lib/br/deadline.ts). A court that closes the whole day lists it in
 * its own calendar.
 *
 * Not modelled, because they depend on the court: state/municipal holidays, court-specific
 * closures (e.g. Lei 5.010/66 days for the Justiça Federal, Semana Santa in some TJs) and the
 * recesso forense. Pass them as `extraHolidays` (lib/br/court-calendars.ts seeds the well-known
 * ones). The CPC art. 220 suspension (20/12–20/01) is available separately as `isPrazoSuspended`.
 */

export type CourtHoliday = {
  /** 'YYYY-MM-DD' */
  date: string
  name: string
  /** 'national': feriado nacional by law; 'court': closure of the judiciary (ponto facultativo elsewhere). */
  kind: 'national' | 'court'
}

export type BusinessDayOptions = {
  /** More closed days ('YYYY-MM-DD'): state/municipal holidays, court closures, recess. */
  extraHolidays?: Iterable<string> | undefined
}

const MIN_YEAR = 1900
const MAX_YEAR = 2099

/** Easter Sunday as 'YYYY-MM-DD' (Gregorian computus, Meeus/Jones/Butcher algorithm). */
export function easterSunday(year: number): string {
  if (!Number.isInteger(year) || year < 1583) throw new RangeError(`Invalid Gregorian year: ${year}`)
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

// Offsets from Easter Sunday, in days.
const EASTER_BASED: ReadonlyArray<{ offset: number; name: string }> = [
  { offset: -48, name: 'Carnaval (segunda-feira)' },
  { offset: -47, name: 'Carnaval (terça-feira)' },
  { offset: -2, name: 'Sexta-feira Santa' },
  { offset: 60, name: 'Corpus Christi' },
]

const ASH_WEDNESDAY_OFFSET = -46

/** Ash Wednesday ('YYYY-MM-DD'): a business day with late opening, not a closure (see above). */
export function ashWednesday(year: number): string {
  return addDaysISO(easterSunday(year), ASH_WEDNESDAY_OFFSET)
}

const cache = new Map<number, readonly CourtHoliday[]>()
// date → name, per year: the deadline engine asks about every day it walks through.
const namesByYear = new Map<number, ReadonlyMap<string, string>>()

function localIsoDate(date: Date): string {
  // The library builds its dates at *local* midnight, so local getters give back the intended day
  // whatever the runtime's zone is.
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${month}-${day}`
}

/**
 * National holidays + judiciary closures of a year, sorted by date. Throws RangeError outside
 * 1900-2099 (the library's range) rather than silently returning an incomplete calendar.
 */
export function getCourtHolidays(year: number): CourtHoliday[] {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`Holiday calendar only covers ${MIN_YEAR}-${MAX_YEAR}, got ${year}`)
  }
  let holidays = cache.get(year)
  if (holidays === undefined) {
    const byDate = new Map<string, CourtHoliday>()
    for (const holiday of getHolidays(year)) {
      // 'optional' and 'religious' entries (Carnaval Tuesday, Corpus Christi, Easter Sunday) are
      // re-added below with the judiciary's reading, or are Sundays anyway.
      if (holiday.type !== 'national') continue
      const date = localIsoDate(holiday.date)
      byDate.set(date, { date, name: holiday.name, kind: 'national' })
    }
    const easter = easterSunday(year)
    for (const { offset, name } of EASTER_BASED) {
      const date = addDaysISO(easter, offset)
      if (!byDate.has(date)) byDate.set(date, { date, name, kind: 'court' })
    }
    holidays = [...byDate.values()].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))
    cache.set(year, holidays)
  }
  // Copies so callers cannot corrupt the cache.
  return holidays.map((holiday) => ({ ...holiday }))
}

/** Name of the court holiday on a date, or null. Invalid dates → null. */
export function courtHolidayName(dateISO: string): string | null {
  if (!isIsoDate(dateISO)) return null
  return holidayNameOfValidDate(dateISO)
}

/**
 * `courtHolidayName` for a date already known to be a valid 'YYYY-MM-DD' (no re-validation: the
 * deadline engine's hot loop). Throws RangeError outside 1900-2099 like `getCourtHolidays`.
 */
export function holidayNameOfValidDate(dateISO: string): string | null {
  const year = Number(dateISO.slice(0, 4))
  let names = namesByYear.get(year)
  if (names === undefined) {
    names = new Map(getCourtHolidays(year).map((holiday) => [holiday.date, holiday.name]))
    namesByYear.set(year, names)
  }
  return names.get(dateISO) ?? null
}

/** True on a national holiday or nationwide court closure. Invalid dates → false. */
export function isCourtHoliday(dateISO: string): boolean {
  return courtHolidayName(dateISO) !== null
}

/** Saturday or Sunday. Invalid dates → false. */
export function isWeekend(dateISO: string): boolean {
  if (!isIsoDate(dateISO)) return false
  const weekday = dayOfWeekISO(dateISO)
  return weekday === 0 || weekday === 6
}

/** Not a weekend, court holiday or one of `extraHolidays`. Invalid dates → false. */
export function isBusinessDay(dateISO: string, options: BusinessDayOptions = {}): boolean {
  if (!isIsoDate(dateISO) || isWeekend(dateISO) || isCourtHoliday(dateISO)) return false
  if (options.extraHolidays !== undefined) {
    for (const extra of options.extraHolidays) if (extra === dateISO) return false
  }
  return true
}

/**
 * CPC art. 220: prazos are suspended from 20 December to 20 January, inclusive (the courts may
 * still work). Invalid dates → false.
 */
export function isPrazoSuspended(dateISO: string): boolean {
  if (!isIsoDate(dateISO)) return false
  const monthDay = dateISO.slice(5)
  return monthDay >= '12-20' || monthDay <= '01-20'
}

/** The date itself if it is a business day, else the next one (CPC art. 224 §1 shifting). */
export function nextBusinessDay(dateISO: string, options: BusinessDayOptions = {}): string {
  if (!isIsoDate(dateISO)) throw new TypeError(`Invalid ISO date: "${dateISO}"`)
  const extra = options.extraHolidays === undefined ? undefined : [...options.extraHolidays]
  let date = dateISO
  while (!isBusinessDay(date, { extraHolidays: extra })) date = addDaysISO(date, 1)
  return date
}

/**
 * The `days`-th business day after `dateISO`, which itself is not counted (CPC art. 224: exclude
 * the first day, include the last). Negative `days` count backwards. With
 * `skipPrazoSuspension`, days inside the CPC art. 220 period do not count either.
 * This is the calendar part of prazo counting only; publication/intimação rules are the caller's.
 */
export function addBusinessDays(
  dateISO: string,
  days: number,
  options: BusinessDayOptions & { skipPrazoSuspension?: boolean | undefined } = {},
): string {
  if (!isIsoDate(dateISO)) throw new TypeError(`Invalid ISO date: "${dateISO}"`)
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`)
  const extra = options.extraHolidays === undefined ? undefined : [...options.extraHolidays]
  const counts = (date: string): boolean =>
    isBusinessDay(date, { extraHolidays: extra }) &&
    !(options.skipPrazoSuspension === true && isPrazoSuspended(date))
  const step = days < 0 ? -1 : 1
  let date = dateISO
  for (let remaining = Math.abs(days); remaining > 0;) {
    date = addDaysISO(date, step)
    if (counts(date)) remaining--
  }
  return date
}
