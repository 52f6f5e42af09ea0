import { addDaysISO, BR_TIME_ZONE, dayOfWeekISO, toISODate } from '../../lib/br/dates'
import type { ScheduleTipo } from './platform-backup.constants'

/**
 * Which scheduled slot is due (issue 14: daily 02:00 and weekly Sunday 01:00, São Paulo wall time). The
 * check job runs every 5 minutes; a slot is due from its time for DUE_WINDOW, so a check delayed by a busy
 * queue or a restart still catches it, while a slot missed for longer (the server was down all night) is not
 * run hours late in the middle of the working day. Brazil has no DST since 2019, so wall minutes compare
 * directly.
 */
export const DUE_WINDOW_MINUTES = 120

export interface ScheduleRow {
  tipo: ScheduleTipo
  hora: string
  diaSemana: number | null
  ativo: boolean
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BR_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** São Paulo wall time of an instant as 'YYYY-MM-DD' and minutes since midnight. */
export function wallNow(now: Date): { date: string; minutes: number } {
  const [h, m] = timeFormat.format(now).split(':').map(Number) as [number, number]
  return { date: toISODate(now), minutes: h * 60 + m }
}

const toMinutes = (hora: string) => {
  const [h, m] = hora.split(':').map(Number) as [number, number]
  return h * 60 + m
}

/**
 * The slot of `schedule` that is due at `now`, as its unique key ('diario:2026-11-25T02:00'), or null.
 * The key is what makes a slot run once: the backup row carries it under a unique constraint.
 */
export function dueSlot(schedule: ScheduleRow, now: Date): string | null {
  if (!schedule.ativo) return null
  const wall = wallNow(now)
  const at = toMinutes(schedule.hora)
  for (const daysBack of [0, 1]) {
    const date = addDaysISO(wall.date, -daysBack)
    if (schedule.tipo === 'semanal' && dayOfWeekISO(date) !== (schedule.diaSemana ?? 0)) continue
    const elapsed = wall.minutes + daysBack * 24 * 60 - at
    if (elapsed >= 0 && elapsed < DUE_WINDOW_MINUTES) return `${schedule.tipo}:${date}T${schedule.hora}`
  }
  return null
}
