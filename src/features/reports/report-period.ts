import { addDaysISO, diffDaysISO, isIsoDate, todayISO } from '../../lib/br/dates'
import { monthOf, REPORT_LIMITS, type Period } from './reports.schema'

// The period filter of Relatórios and Analytics: pure functions of São Paulo's today (unit-tested).

export type PeriodPreset = 'mes' | 'trimestre' | 'ano' | 'personalizado'
export const PERIOD_PRESETS: readonly PeriodPreset[] = ['mes', 'trimestre', 'ano', 'personalizado']

/** The calendar month, quarter or year of `today`; 'personalizado' keeps `custom`. */
export function periodOf(preset: PeriodPreset, custom: Period, today: string = todayISO()): Period {
  const year = today.slice(0, 4)
  switch (preset) {
    case 'mes':
      return monthOf(today)
    case 'trimestre': {
      const firstMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1
      const from = `${year}-${String(firstMonth).padStart(2, '0')}-01`
      return { from, to: monthOf(addDaysISO(from, 62)).to }
    }
    case 'ano':
      return { from: `${year}-01-01`, to: `${year}-12-31` }
    case 'personalizado':
      return custom
  }
}

/** What the server accepts: real days, start before end, at most REPORT_LIMITS.maxRangeDays. */
export function isValidPeriod(period: Period): boolean {
  return (
    isIsoDate(period.from) &&
    isIsoDate(period.to) &&
    period.from <= period.to &&
    diffDaysISO(period.from, period.to) < REPORT_LIMITS.maxRangeDays
  )
}

export function periodParams(period: Period): string {
  return new URLSearchParams({ from: period.from, to: period.to }).toString()
}
