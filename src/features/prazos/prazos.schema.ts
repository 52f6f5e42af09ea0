import { z } from 'zod'
import '../../lib/zod-pt-br'
import { isIsoDate } from '../../lib/br/dates'
import { MAX_DIAS } from '../../lib/br/deadline'

// Contract of GET /api/prazos/calcular (issue 9), shared by the public calculator page and the route.
// No server imports here: the browser bundles this file. The answer's shape is the engine's
// `PrazoCalculado` (lib/br/deadline.ts).

/**
 * Years the public calculator accepts: the holiday calendar covers 1900-2099, and a 365-day prazo that
 * crosses a recess ends about 1.7 years after its availability.
 */
export const MIN_YEAR = 1990
export const MAX_YEAR = 2097
/** More closed days than this in one query is not a real calendar, only a heavier request. */
export const MAX_FECHADOS = 100

export const PRAZO_MESSAGES = {
  disponibilizacaoRequired: 'Informe a data de disponibilização.',
  disponibilizacaoInvalid: 'Data de disponibilização inválida: use o formato AAAA-MM-DD.',
  disponibilizacaoRange: `A data de disponibilização deve estar entre ${MIN_YEAR} e ${MAX_YEAR}.`,
  diasRequired: 'Informe o prazo em dias úteis.',
  diasInteger: 'O prazo deve ser um número inteiro de dias úteis.',
  diasRange: `O prazo deve ser de 1 a ${MAX_DIAS} dias úteis.`,
  fechadosInvalid: 'Dias fechados inválidos: use datas AAAA-MM-DD separadas por vírgula.',
  fechadosTooMany: `Informe no máximo ${MAX_FECHADOS} dias fechados.`,
} as const

const inYearRange = (date: string) => {
  const year = Number(date.slice(0, 4))
  return year >= MIN_YEAR && year <= MAX_YEAR
}

export const calcularPrazoQuerySchema = z.object({
  disponibilizacao: z
    .string({ error: PRAZO_MESSAGES.disponibilizacaoRequired })
    .trim()
    .min(1, PRAZO_MESSAGES.disponibilizacaoRequired)
    .refine(isIsoDate, PRAZO_MESSAGES.disponibilizacaoInvalid)
    .refine(inYearRange, PRAZO_MESSAGES.disponibilizacaoRange),
  dias: z
    .string({ error: PRAZO_MESSAGES.diasRequired })
    .trim()
    .min(1, PRAZO_MESSAGES.diasRequired)
    .regex(/^[+-]?\d+$/, PRAZO_MESSAGES.diasInteger)
    .transform(Number)
    .refine((dias) => dias >= 1 && dias <= MAX_DIAS, PRAZO_MESSAGES.diasRange),
  fechados: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((date) => date.trim())
        .filter(Boolean),
    )
    .refine((dates) => dates.length <= MAX_FECHADOS, PRAZO_MESSAGES.fechadosTooMany)
    .refine((dates) => dates.every(isIsoDate), PRAZO_MESSAGES.fechadosInvalid),
})

export type CalcularPrazoQuery = z.input<typeof calcularPrazoQuerySchema>
