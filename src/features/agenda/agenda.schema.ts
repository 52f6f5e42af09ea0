import { z } from 'zod'
import '../../lib/zod-pt-br'
import { MAX_DIAS } from '../../lib/br/deadline'
import {
  calendarDate,
  limitParam,
  NOTHING_TO_UPDATE,
  offsetParam,
  optionalText,
  optionalUuid,
  requiredText,
} from '../../lib/zod-fields'

// Contract of /api/agenda (issue 9), shared by the agenda screens and the server routes.
// No server imports here: the browser bundles this file. Dates ('YYYY-MM-DD') and times ('HH:MM')
// are America/Sao_Paulo wall time; `inicio` is the instant they name.

/** Spec §4 event types. */
export const EVENT_TYPES = ['audiencia', 'prazo', 'reuniao', 'lembrete'] as const
export type EventType = (typeof EVENT_TYPES)[number]
export const EVENT_TYPE_LABELS: Readonly<Record<EventType, string>> = {
  audiencia: 'Audiência',
  prazo: 'Prazo',
  reuniao: 'Reunião',
  lembrete: 'Lembrete',
}

/** Spec §4 event status. */
export const EVENT_STATUSES = ['agendado', 'confirmado', 'cancelado', 'concluido'] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]
export const EVENT_STATUS_LABELS: Readonly<Record<EventStatus, string>> = {
  agendado: 'Agendado',
  confirmado: 'Confirmado',
  cancelado: 'Cancelado',
  concluido: 'Concluído',
}

export const EVENT_PRIORITIES = ['alta', 'media', 'baixa'] as const
export type EventPriority = (typeof EVENT_PRIORITIES)[number]
export const EVENT_PRIORITY_LABELS: Readonly<Record<EventPriority, string>> = {
  alta: 'Alta',
  media: 'Média',
  baixa: 'Baixa',
}

/** Spec §9 reminder options, in minutes before the event. */
export const REMINDER_OPTIONS = [15, 30, 60, 1440, 10080] as const
export type ReminderMinutes = (typeof REMINDER_OPTIONS)[number]
export const REMINDER_LABELS: Readonly<Record<ReminderMinutes, string>> = {
  15: '15 minutos antes',
  30: '30 minutos antes',
  60: '1 hora antes',
  1440: '1 dia antes',
  10080: '1 semana antes',
}

/** Column limits, enforced here and by check constraints in the table. */
export const EVENT_LIMITS = {
  titulo: 200,
  local: 200,
  descricao: 5000,
  motivo: 200,
  tribunal: 20,
} as const

/** pt-BR texts the server sends (toasts show them as they are). */
export const AGENDA_MESSAGES = {
  notFound: 'Evento não encontrado.',
  invalidType: 'Tipo de evento inválido',
  invalidStatus: 'Status inválido',
  invalidPriority: 'Prioridade inválida',
  invalidReminder: 'Lembrete inválido: escolha 15 min, 30 min, 1 h, 1 dia ou 1 semana',
  tituloRequired: 'Informe o título.',
  dataRequired: 'Informe a data.',
  dataInvalid: 'Data inválida: use o formato AAAA-MM-DD.',
  horaInvalid: 'Hora inválida: use o formato HH:MM.',
  horaRequired: 'Informe a hora do evento.',
  invalidClient: 'Cliente inválido.',
  invalidCase: 'Caso inválido.',
  caseForbidden: 'Seu nível de acesso não permite vincular eventos a casos.',
  invalidFrom: 'Início do período inválido.',
  invalidTo: 'Fim do período inválido.',
  rangeOrder: 'O fim do período deve ser posterior ao início.',
  rangeTooLong: 'Período máximo: 400 dias.',
  emptyUpdate: NOTHING_TO_UPDATE,
  confirmOnlyAgendado: 'Só é possível confirmar um evento agendado.',
  notDeleted: 'O evento não está na lixeira.',
  disponibilizacaoInvalid: 'Data de disponibilização inválida: use o formato AAAA-MM-DD.',
  diasRange: `O prazo deve ser de 1 a ${MAX_DIAS} dias úteis.`,
  tribunalInvalid: 'Tribunal inválido: use a sigla (ex.: TJSP, TRF3, TRT2).',
  yearInvalid: 'Ano inválido.',
  closedDayExists: 'Este dia já está fechado neste tribunal.',
  closedDayNotFound: 'Dia fechado não encontrado.',
  feedNotFound: 'Agenda não encontrada.',
  avisoDiasRange: 'O aviso interno deve ser de 0 a 30 dias úteis antes do vencimento.',
  invalidPublication: 'Publicação inválida.',
  invalidVisibility: 'Visível ao cliente: valor inválido',
} as const

/** Years the agenda accepts (the holiday calendar covers 1900-2099; a long prazo ends ~2 years on). */
export const AGENDA_MIN_YEAR = 1990
export const AGENDA_MAX_YEAR = 2097

const dateField = (message: string) =>
  calendarDate(message, { from: `${AGENDA_MIN_YEAR}-01-01`, to: `${AGENDA_MAX_YEAR}-12-31` })

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/
/** 'HH:MM' (24 h); '' / null → null. */
const horaField = z
  .union([z.string(), z.null()], { error: AGENDA_MESSAGES.horaInvalid })
  .optional()
  .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
  .pipe(z.string().regex(HORA, AGENDA_MESSAGES.horaInvalid).nullable())

const tipo = z.enum(EVENT_TYPES, { error: AGENDA_MESSAGES.invalidType })
const status = z.enum(EVENT_STATUSES, { error: AGENDA_MESSAGES.invalidStatus })
const prioridade = z.enum(EVENT_PRIORITIES, { error: AGENDA_MESSAGES.invalidPriority })
/** One of REMINDER_OPTIONS (a <select> may send it as a string); '' / null → no reminder. */
const lembreteMinutos = z
  .union([z.number(), z.string(), z.null()], { error: AGENDA_MESSAGES.invalidReminder })
  .optional()
  .transform((v): number | null => {
    if (v === null || v === undefined) return null
    if (typeof v === 'number') return v
    return v.trim() === '' ? null : Number(v)
  })
  .pipe(
    z
      .number()
      .refine((v) => (REMINDER_OPTIONS as readonly number[]).includes(v), AGENDA_MESSAGES.invalidReminder)
      .nullable(),
  )

const eventFields = {
  // The event dialog's own words (issue 23: the form validates with this schema, so both say the same).
  titulo: requiredText('Título', EVENT_LIMITS.titulo, AGENDA_MESSAGES.tituloRequired),
  tipo,
  /** Day of the event; for a prazo, its due day. An empty one is said to be missing. */
  data: z
    .string({ error: AGENDA_MESSAGES.dataInvalid })
    .trim()
    .min(1, AGENDA_MESSAGES.dataRequired)
    .pipe(dateField(AGENDA_MESSAGES.dataInvalid)),
  /** Required unless tipo is 'prazo' (a prazo is an all-day event: its hora is ignored). */
  hora: horaField,
  prioridade: prioridade.default('media'),
  local: optionalText('Local', EVENT_LIMITS.local),
  caseId: optionalUuid(AGENDA_MESSAGES.invalidCase),
  clientId: optionalUuid(AGENDA_MESSAGES.invalidClient),
  lembreteMinutos,
  descricao: optionalText('Descrição', EVENT_LIMITS.descricao),
  /** 'Visível ao cliente' (issue 26); absent on a new event: visibleToClientByDefault decides. */
  visivelCliente: z.boolean({ error: AGENDA_MESSAGES.invalidVisibility }).optional(),
}

/**
 * 'Visível ao cliente' when nobody chose (issue 26): the client follows the hearings of their cases; a meeting,
 * a reminder or a prazo is the office's own business until someone shows it. The server applies it to a new
 * event; the event dialog shows it live until the user touches the switch.
 */
export function visibleToClientByDefault(tipo: EventType, caseId: string | null | undefined): boolean {
  return tipo === 'audiencia' && Boolean(caseId)
}

/** A type with a time and no hora. In a PATCH, only when both are sent (the edit dialog sends both). */
function horaRequired(data: { tipo?: EventType; hora?: string | null }, ctx: z.RefinementCtx) {
  if (data.tipo !== undefined && data.tipo !== 'prazo' && data.hora === null) {
    ctx.addIssue({ code: 'custom', path: ['hora'], message: AGENDA_MESSAGES.horaRequired })
  }
}

/** POST /api/agenda/events */
export const eventInput = z.object(eventFields).superRefine(horaRequired)
export type EventInput = z.input<typeof eventInput>
export type EventData = z.output<typeof eventInput>

/**
 * PATCH /api/agenda/events/:id — any subset (at least one field), plus `status` (cancelado/concluido
 * cancel the reminder). null/'' clears an optional field. A hora left out is checked against the
 * resulting tipo when the change is applied.
 */
export const eventUpdate = z
  .object({ ...eventFields, prioridade, status })
  .partial()
  .refine((data) => Object.values(data).some((v) => v !== undefined), AGENDA_MESSAGES.emptyUpdate)
  .superRefine(horaRequired)
export type EventUpdateInput = z.input<typeof eventUpdate>
export type EventUpdateData = z.output<typeof eventUpdate>

/** A query-string filter that also takes '' and 'todos' as "no filter". */
function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === 'todos' ? undefined : v), schema.optional())
}

const instantParam = (message: string) =>
  optionalFilter(
    z
      .string({ error: message })
      // Aborts: the period check below must never see a value that is not an instant (a 500, issue 24).
      .refine((v) => !Number.isNaN(Date.parse(v)) && /^(19|20)\d{2}-\d{2}-\d{2}/.test(v), {
        message,
        abort: true,
      })
      .transform((v) => new Date(v)),
  )

/** GET /api/agenda/events — from/to are ISO instants (from inclusive, to exclusive), ordered by inicio. */
export const eventListQuery = z
  .object({
    from: instantParam(AGENDA_MESSAGES.invalidFrom),
    to: instantParam(AGENDA_MESSAGES.invalidTo),
    tipo: optionalFilter(tipo),
    status: optionalFilter(status),
    caseId: optionalFilter(z.uuid({ error: AGENDA_MESSAGES.invalidCase })),
    clientId: optionalFilter(z.uuid({ error: AGENDA_MESSAGES.invalidClient })),
    offset: offsetParam,
    limit: limitParam,
  })
  .superRefine((q, ctx) => {
    if (q.from !== undefined && q.to !== undefined) {
      if (q.to <= q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: AGENDA_MESSAGES.rangeOrder })
      else if (q.to.getTime() - q.from.getTime() > 400 * 86_400_000)
        ctx.addIssue({ code: 'custom', path: ['to'], message: AGENDA_MESSAGES.rangeTooLong })
    }
  })
export type EventListQuery = z.input<typeof eventListQuery>

export const eventIdParam = z.object({ id: z.uuid({ error: AGENDA_MESSAGES.notFound }) })

/** Court code as lawyers write it ('TJSP', 'TRF3', 'TRT2'), normalised to upper case. */
export const tribunalField = z
  .string({ error: AGENDA_MESSAGES.tribunalInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9-]{1,19}$/, AGENDA_MESSAGES.tribunalInvalid)

const optionalTribunal = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  tribunalField.optional(),
)

const diasField = z.coerce
  .number({ error: AGENDA_MESSAGES.diasRange })
  .int(AGENDA_MESSAGES.diasRange)
  .min(1, AGENDA_MESSAGES.diasRange)
  .max(MAX_DIAS, AGENDA_MESSAGES.diasRange)

/** POST /api/agenda/prazos/calcular — the engine with the office's calendar of `tribunal`. */
export const prazoCalcInput = z.object({
  disponibilizacao: dateField(AGENDA_MESSAGES.disponibilizacaoInvalid),
  dias: diasField,
  tribunal: optionalTribunal,
})
export type PrazoCalcInput = z.input<typeof prazoCalcInput>

/** POST /api/agenda/prazos — 'Criar prazo': a prazo event on the due day, with its trail. */
export const prazoCreateInput = z.object({
  disponibilizacao: dateField(AGENDA_MESSAGES.disponibilizacaoInvalid),
  dias: diasField,
  tribunal: optionalTribunal,
  titulo: requiredText('Título', EVENT_LIMITS.titulo),
  caseId: optionalUuid(AGENDA_MESSAGES.invalidCase),
  clientId: optionalUuid(AGENDA_MESSAGES.invalidClient),
  prioridade: prioridade.default('alta'),
  lembreteMinutos,
  descricao: optionalText('Descrição', EVENT_LIMITS.descricao),
  /** 'Criar prazo' from a publication (issue 27): the item is linked to the prazo in the same transaction. */
  publicationId: optionalUuid(AGENDA_MESSAGES.invalidPublication),
})
export type PrazoCreateInput = z.input<typeof prazoCreateInput>

export const tribunalParam = z.object({ tribunal: tribunalField })
export const closedDayParam = z.object({
  tribunal: tribunalField,
  data: dateField(AGENDA_MESSAGES.dataInvalid),
})
/** GET /api/agenda/courts/:tribunal/closed-days?year= (default: the current year in São Paulo). */
export const closedDaysQuery = z.object({
  year: z.coerce
    .number({ error: AGENDA_MESSAGES.yearInvalid })
    .int(AGENDA_MESSAGES.yearInvalid)
    .min(AGENDA_MIN_YEAR, AGENDA_MESSAGES.yearInvalid)
    .max(AGENDA_MAX_YEAR, AGENDA_MESSAGES.yearInvalid)
    .optional(),
})
/**
 * POST /api/agenda/courts/:tribunal/closed-days. The served calendar is the seeds merged with the
 * office's rows: DELETE of an office day removes it; DELETE of a seeded day stores a tombstone that
 * hides it (the court opened after all); POST on that date again closes it again.
 */
export const closedDayInput = z.object({
  data: dateField(AGENDA_MESSAGES.dataInvalid),
  motivo: requiredText('Motivo', EVENT_LIMITS.motivo),
})
export type ClosedDayInput = z.input<typeof closedDayInput>

/** The office's internal early warning of a prazo, in business days before its due day (0 = on the day). */
export const PRAZO_AVISO_MAX = 30
/** PATCH /api/agenda/settings (sócios only). */
export const agendaSettingsInput = z.object({
  prazoAvisoDias: z
    .number({ error: AGENDA_MESSAGES.avisoDiasRange })
    .int(AGENDA_MESSAGES.avisoDiasRange)
    .min(0, AGENDA_MESSAGES.avisoDiasRange)
    .max(PRAZO_AVISO_MAX, AGENDA_MESSAGES.avisoDiasRange),
})
export type AgendaSettingsInput = z.input<typeof agendaSettingsInput>
/** GET/PATCH /api/agenda/settings: the setting, and whether this member may change it. */
export interface AgendaSettings {
  prazoAvisoDias: number
  editable: boolean
}

// --- answers ---------------------------------------------------------------------------------

// The events list, its prazo and the prazo calculation are schemas in agenda.answers.schema.ts.
export type { EventList, EventRow, PrazoCalcResult, PrazoInfo } from './agenda.answers.schema'

export interface AgendaStats {
  /** Events not deleted (any status). */
  total: number
  /** tipo prazo, not cancelled nor concluded. */
  prazos: number
  /** Not cancelled, starting within the next 24 h. */
  proximas24h: number
  /** tipo audiencia, not cancelled nor concluded. */
  audiencias: number
}

export interface CourtInfo {
  /** 'TJSP' */
  id: string
  nome: string
  /** The act behind the seeded days; null for a court the office added on its own. */
  fonte: string | null
  /** Whether the app seeds closed days for it (COURT_CALENDARS). */
  seeded: boolean
}

export interface CourtClosedDay {
  data: string
  motivo: string
  /** 'seed': from lib/br/court-calendars.ts; 'office': added by the office. */
  origem: 'seed' | 'office'
}

export interface CourtClosedDays {
  tribunal: string
  year: number
  days: CourtClosedDay[]
}

/** GET /api/agenda/feed: whether the user has a feed (the URL itself is shown once, on POST). */
export interface FeedStatus {
  url: null
  exists: boolean
  createdAt: string | null
}
/** POST /api/agenda/feed: the new secret URL (https; the UI may offer it as webcal:// too). */
export interface FeedCreated {
  url: string
  webcalUrl: string
}
