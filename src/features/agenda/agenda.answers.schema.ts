import { z } from 'zod'
import type { TrilhaItem } from '../../lib/br/deadline'
import { EVENT_PRIORITIES, EVENT_STATUSES, EVENT_TYPES, REMINDER_OPTIONS } from './agenda.schema'

// Answers of /api/agenda that are schemas: the events list (the OpenAPI document shows it through routeDoc's
// `response`) and the prazo it carries. Strict, so a key added or dropped on either side fails the routes test;
// the types agenda.schema.ts re-exports are derived from them, one source. No server imports: the browser
// bundles this file's types.

/** One day of the engine's trail (src/lib/br/deadline.ts `TrilhaItem`, which tsc holds this to). */
const trilhaItemSchema = z.strictObject({
  /** 'YYYY-MM-DD' */
  data: z.string(),
  tipo: z.enum(['disponibilizacao', 'publicacao', 'pulado', 'contado']),
  /** Why the day was skipped (tipo 'pulado' only). */
  causa: z
    .enum([
      'fim_de_semana',
      'feriado_nacional',
      'fechado_tribunal',
      'suspensao_art_220',
      'expediente_reduzido',
    ])
    .optional(),
  /** Holiday or closure name ('Tiradentes', 'Revolução Constitucionalista'), when there is one. */
  nome: z.string().optional(),
  /** 1..dias on counted days: 1 is the início, `dias` the vencimento. */
  contagem: z.number().optional(),
  /** The day explained in pt-BR, ready to show as is (a UI may translate from tipo/causa/nome). */
  motivo: z.string(),
}) satisfies z.ZodType<TrilhaItem>

/** What 'Criar prazo' stored: the engine's answer plus its input and the early-warning day. */
export const prazoInfoSchema = z.strictObject({
  disponibilizacao: z.string(),
  dias: z.number(),
  tribunal: z.string().nullable(),
  publicacao: z.string(),
  inicio: z.string(),
  vencimento: z.string(),
  trilha: z.array(trilhaItemSchema),
  /** Internal early warning: vencimento minus the office's prazo_aviso_dias business days. */
  avisoEm: z.string(),
})
export type PrazoInfo = z.infer<typeof prazoInfoSchema>

/** POST /api/agenda/prazos/calcular */
export type PrazoCalcResult = Omit<PrazoInfo, 'disponibilizacao' | 'dias'> & {
  disponibilizacao: string
  dias: number
  /** The office's early-warning setting used for avisoEm. */
  avisoDias: number
}

export const eventRowSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  tipo: z.enum(EVENT_TYPES),
  status: z.enum(EVENT_STATUSES),
  prioridade: z.enum(EVENT_PRIORITIES),
  /** ISO instant; for a prazo, 00:00 America/Sao_Paulo of its due day. */
  inicio: z.string(),
  diaInteiro: z.boolean(),
  /** 'YYYY-MM-DD' in America/Sao_Paulo. */
  data: z.string(),
  /** 'HH:MM' in America/Sao_Paulo; null for an all-day event. */
  hora: z.string().nullable(),
  local: z.string().nullable(),
  descricao: z.string().nullable(),
  lembreteMinutos: z.literal(REMINDER_OPTIONS).nullable(),
  caso: z
    .strictObject({ id: z.string(), titulo: z.string(), numeroProcesso: z.string().nullable() })
    .nullable(),
  cliente: z.strictObject({ id: z.string(), nomeCompleto: z.string() }).nullable(),
  prazo: prazoInfoSchema.nullable(),
  avisoEm: z.string().nullable(),
  /** 'Visível ao cliente': the client portal shows the event (issue 26). */
  visivelCliente: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type EventRow = z.infer<typeof eventRowSchema>

export const eventListSchema = z.strictObject({ items: z.array(eventRowSchema), total: z.number() })
export type EventList = z.infer<typeof eventListSchema>
