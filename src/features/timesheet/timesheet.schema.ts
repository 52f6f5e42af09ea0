import { z } from 'zod'
import '../../lib/zod-pt-br'
import { diffDaysISO, isIsoDate } from '../../lib/br/dates'
import { isoDate, optionalText } from '../../lib/zod-fields'

// Contract of /api/timesheet (issue 10, "Timesheet"), shared by 'Minhas horas', the header timer and the
// server. No server imports: the browser bundles this file. Dates are São Paulo wall dates ('YYYY-MM-DD'),
// times 'HH:MM' wall time; instants travel as ISO strings.

export const TIMESHEET_LIMITS = { descricao: 1000, maxMinutos: 1440, maxRangeDays: 366 } as const

/** pt-BR texts the server sends (toasts show them as they are). */
export const TIMESHEET_MESSAGES = {
  invalidCase: 'Selecione um processo.',
  caseNotFound: 'Processo não encontrado.',
  entryNotFound: 'Lançamento não encontrado.',
  duration: 'A duração deve ser de 1 minuto a 24 horas.',
  time: 'Hora de início inválida (use HH:MM).',
  overlap: 'Este período se sobrepõe a outro lançamento seu.',
  dayFull: 'O total do dia passaria de 24 horas.',
  running: 'Já existe um cronômetro em andamento. Pare-o antes de iniciar outro.',
  notRunning: 'Nenhum cronômetro em andamento.',
  range: 'Período inválido (até 366 dias, início antes do fim).',
} as const

const caseId = z.uuid({ error: TIMESHEET_MESSAGES.invalidCase })
const descricao = optionalText('Descrição', TIMESHEET_LIMITS.descricao).transform((v) => v ?? '')
const faturavel = z.boolean({ error: 'Faturável: sim ou não' }).default(true)

/** POST /api/timesheet/timer/start. */
export const startTimerBody = z.object({ caseId, descricao, faturavel })
export type StartTimerInput = z.input<typeof startTimerBody>

/** POST /api/timesheet: a manual entry. `horaInicio` (optional) places it in the day, for the overlap check. */
export const manualEntryBody = z.object({
  caseId,
  data: isoDate('Data'),
  minutos: z
    .number({ error: TIMESHEET_MESSAGES.duration })
    .int(TIMESHEET_MESSAGES.duration)
    .min(1, TIMESHEET_MESSAGES.duration)
    .max(TIMESHEET_LIMITS.maxMinutos, TIMESHEET_MESSAGES.duration),
  horaInicio: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ? v.trim() : null))
    .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), TIMESHEET_MESSAGES.time),
  descricao,
  faturavel,
})
export type ManualEntryInput = z.input<typeof manualEntryBody>

/** GET /api/timesheet and its CSV: a period of days (both ends included). */
export const timesheetQuery = z
  .object({ from: isoDate('Data inicial'), to: isoDate('Data final') })
  .refine(
    (q) =>
      isIsoDate(q.from) &&
      isIsoDate(q.to) &&
      q.from <= q.to &&
      diffDaysISO(q.from, q.to) < TIMESHEET_LIMITS.maxRangeDays,
    { message: TIMESHEET_MESSAGES.range, path: ['to'] },
  )
export type TimesheetQuery = z.input<typeof timesheetQuery>

export const entryIdParam = z.object({ id: z.uuid({ error: TIMESHEET_MESSAGES.entryNotFound }) })

export interface TimeEntryDto {
  id: string
  caseId: string
  caseTitulo: string
  data: string
  /** ISO instants, null for a manual entry without a start time. */
  inicio: string | null
  fim: string | null
  /** Null while the timer runs. */
  minutos: number | null
  descricao: string
  faturavel: boolean
}

export interface WeekTotal {
  /** Monday of the week ('YYYY-MM-DD'). */
  weekStart: string
  minutos: number
  faturavelMinutos: number
}

export interface TimesheetList {
  entries: TimeEntryDto[]
  weeks: WeekTotal[]
  totalMinutos: number
}

/** GET /api/timesheet/timer: the member's running timer, if any (it is a row: it survives a reload). */
export interface TimerState {
  running: TimeEntryDto | null
}

/** '1h 05min', '45min'. */
export function formatMinutes(minutos: number): string {
  const h = Math.floor(minutos / 60)
  const m = minutos % 60
  if (h === 0) return `${m}min`
  return `${h}h ${String(m).padStart(2, '0')}min`
}
