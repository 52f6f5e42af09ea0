import { addDaysISO, todayISO } from '../../lib/br/dates'
import { monthEndISO, monthStartISO } from './financial-dates'

// The period of the cards: this month (default), this year, or a custom range — São Paulo calendar days.

export type PeriodKind = 'month' | 'year' | 'custom'

export interface Period {
  kind: PeriodKind
  from: string
  to: string
}

export function presetPeriod(kind: Exclude<PeriodKind, 'custom'>, today: string = todayISO()): Period {
  if (kind === 'year') return { kind, from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` }
  return { kind, from: monthStartISO(today), to: monthEndISO(today) }
}

/** A custom range is valid when both dates are set, in order, and at most 5 years apart (the API's limit). */
export function isValidRange(from: string, to: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(from) &&
    /^\d{4}-\d{2}-\d{2}$/.test(to) &&
    from <= to &&
    addDaysISO(from, 5 * 366) >= to
  )
}
