import { z } from 'zod'
import './zod-pt-br'
import { isIsoDate } from './br/dates'
import { parseBRL } from './br/money'

// Reusable zod fields for forms that post to the API. They share one convention (spec §5: "an empty
// value becomes null"): '' / whitespace / null / undefined → null. In an update schema built with
// `.partial()`, an absent key stays undefined (= unchanged) because ZodOptional short-circuits
// before these transforms run.

type Nullish = string | null | undefined

const blankToNull = (value: Nullish): string | null => {
  if (value === null || value === undefined) return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** Required trimmed text, 1..max chars; `required` says it is missing (a form's own words, if it has them). */
export const requiredText = (label: string, max: number, required = `${label} é obrigatório`) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${label}: máximo de ${max} caracteres`)

/** Optional trimmed text; '' → null. */
export const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${label}: texto inválido` })
    .optional()
    .transform(blankToNull)
    .pipe(z.string().max(max, `${label}: máximo de ${max} caracteres`).nullable())

export interface DateRange {
  /** First day accepted, 'YYYY-MM-DD' (default 1900-01-01: PostgreSQL has no year 0). */
  from?: string
  /** Last day accepted (default 2100-12-31). */
  to?: string
}

/**
 * THE calendar date of the API: 'YYYY-MM-DD' naming a real day ('2024-02-30' and '0000-00-00' are
 * refused) within `range`. Every date field builds on it. The refusal aborts the parse, so a check of the
 * whole object (a period's order or length) never runs on a date that is not one: it used to throw there,
 * a 500 instead of this 400 (issue 24).
 */
export const calendarDate = (message: string, { from = '1900-01-01', to = '2100-12-31' }: DateRange = {}) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isIsoDate(v) && v >= from && v <= to, { message, abort: true })

/** Optional 'YYYY-MM-DD' between 1900 and 2100; '' → null. */
export const optionalDate = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} inválida` })
    .optional()
    .transform(blankToNull)
    .pipe(calendarDate(`${label} inválida`).nullable())

/** Required 'YYYY-MM-DD' between 1900 and 2100. */
export const isoDate = (label: string) => calendarDate(`${label} inválida`)

/** Optional positive integer id (a <select> may send it as a string); '' → null. */
export const optionalId = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value): number | null => {
      if (value === null || value === undefined) return null
      if (typeof value === 'number') return value
      const trimmed = value.trim()
      if (trimmed === '') return null
      return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : Number.NaN
    })
    .pipe(z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).nullable())

/** Optional uuid; '' → null. */
export const optionalUuid = (message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform(blankToNull)
    .pipe(z.uuid({ error: message }).nullable())

/**
 * Optional money in reais, ≥ 0 and below `max`; accepts numbers (rounded to centavos) and pt-BR text
 * ('1.234,50'); '' → null.
 */
export const optionalMoney = (label: string, max: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${label} inválido` })
    .optional()
    .transform((value): number | null => {
      if (value === null || value === undefined) return null
      if (typeof value === 'string' && value.trim() === '') return null
      return parseBRL(value) ?? Number.NaN
    })
    .pipe(
      z
        .number({ error: `${label} inválido` })
        .min(0, `${label} não pode ser negativo`)
        .max(max, `${label} acima do limite`)
        .nullable(),
    )

/** List paging from a query string: limit 1..100 (default 50), offset 0..1 000 000 (default 0). */
export const limitParam = z.coerce
  .number({ error: 'Limite inválido' })
  .int('Limite inválido')
  .min(1, 'Limite inválido')
  .max(100, 'Limite máximo: 100')
  .default(50)
export const offsetParam = z.coerce
  .number({ error: 'Deslocamento inválido' })
  .int('Deslocamento inválido')
  .min(0, 'Deslocamento inválido')
  .max(1_000_000, 'Deslocamento inválido')
  .default(0)
export const searchParam = z
  .string()
  .trim()
  .max(100, 'Busca: máximo de 100 caracteres')
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v))

/** A PATCH that names no field (`{}`, or only unknown keys): a 400 on every route (validate.server.ts). */
export const NOTHING_TO_UPDATE = 'Nenhum campo para atualizar.'
