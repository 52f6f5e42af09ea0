import { addDaysISO, dayOfWeekISO, todayISO } from '../../lib/br/dates'

// 'Minhas horas' periods and the manual entry's duration field: pure functions (unit-tested), São Paulo days.

export type PeriodPreset = 'semana' | 'quatroSemanas' | 'mes' | 'mesAnterior' | 'personalizado'
export const PERIOD_PRESETS: readonly PeriodPreset[] = [
  'semana',
  'quatroSemanas',
  'mes',
  'mesAnterior',
  'personalizado',
]

export interface Period {
  from: string
  to: string
}

/** Monday of the ISO week of a 'YYYY-MM-DD' (the server groups week totals the same way). */
export function weekStartOf(dateISO: string): string {
  const dow = dayOfWeekISO(dateISO)
  return addDaysISO(dateISO, dow === 0 ? -6 : 1 - dow)
}

/** The period of a preset on `today` (São Paulo); 'personalizado' keeps `custom`. */
export function periodOf(preset: PeriodPreset, custom: Period, today: string = todayISO()): Period {
  const monthStart = `${today.slice(0, 8)}01`
  switch (preset) {
    case 'semana':
      return { from: weekStartOf(today), to: addDaysISO(weekStartOf(today), 6) }
    case 'quatroSemanas':
      return { from: addDaysISO(weekStartOf(today), -21), to: addDaysISO(weekStartOf(today), 6) }
    case 'mes':
      return { from: monthStart, to: addDaysISO(`${nextMonth(monthStart)}`, -1) }
    case 'mesAnterior': {
      const previous = `${addDaysISO(monthStart, -1).slice(0, 8)}01`
      return { from: previous, to: addDaysISO(monthStart, -1) }
    }
    case 'personalizado':
      return custom
  }
}

function nextMonth(monthStart: string): string {
  return `${addDaysISO(monthStart, 31).slice(0, 8)}01`
}

/**
 * The duration field: '1:30' / '1h30' / '1h' (hours and minutes) or '90' (minutes) → minutes; anything else,
 * zero or over 24 h → null.
 */
export function parseDuration(text: string): number | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, '')
  if (value === '') return null
  let minutes: number
  const hm = /^(\d{1,2})(?::|h)(\d{1,2})?(?:min|m)?$/.exec(value)
  if (/^\d{1,4}(?:min|m)?$/.test(value)) minutes = Number.parseInt(value, 10)
  else if (hm) {
    const m = hm[2] === undefined ? 0 : Number(hm[2])
    if (m > 59) return null
    minutes = Number(hm[1]) * 60 + m
  } else return null
  return minutes >= 1 && minutes <= 1440 ? minutes : null
}

/** Seconds → '1:05:09' / '05:09' for the running timer. */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds))
  const h = Math.floor(s / 3600)
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0')
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`
}
