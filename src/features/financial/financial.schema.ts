import { z } from 'zod'
import '../../lib/zod-pt-br'
import { diffDaysISO, isIsoDate } from '../../lib/br/dates'
import { parseBRLToCents } from '../../lib/br/money'
import {
  isoDate,
  limitParam,
  offsetParam,
  optionalText,
  optionalUuid,
  requiredText,
  searchParam,
} from '../../lib/zod-fields'
import {
  FINANCIAL_CATEGORIES,
  FINANCIAL_LIMITS,
  FINANCIAL_STATUSES,
  FINANCIAL_TYPES,
  PAYMENT_METHODS,
  STORED_FINANCIAL_STATUSES,
} from './financial.constants'

// Contract of /api/financial (issue 11), shared by the Financeiro page and the server. No server imports: the
// browser bundles this file. Amounts travel as strings '1234.56' (numeric(14,2) in the database, integer
// centavos in code); dates are São Paulo wall dates 'YYYY-MM-DD'.

export * from './financial.constants'

/** pt-BR texts the server sends (toasts show them as they are). */
export const FINANCIAL_MESSAGES = {
  notFound: 'Lançamento não encontrado.',
  // The words of the entry and pay dialogs, which validate with these schemas (issue 23).
  descricao: 'Informe a descrição.',
  valor: 'Informe um valor maior que zero.',
  valorMax: 'Informe um valor de até R$ 999.999.999.999,99.',
  vencimentoData: 'Informe a data de vencimento.',
  tipo: 'Selecione o tipo: receita ou despesa.',
  categoria: 'Selecione uma categoria.',
  formaPagamento: 'Selecione a forma de pagamento.',
  status: 'Status inválido.',
  parcelas: 'De 1 a 60 parcelas.',
  parcelasReceita: 'Só receitas podem ser parceladas.',
  recorrenteDespesa: 'Só despesas podem ser recorrentes.',
  clientNotFound: 'Cliente não encontrado.',
  caseNotFound: 'Processo não encontrado.',
  caseOfClient: 'O processo escolhido não é deste cliente.',
  caseRequired: 'Selecione um processo em que você é responsável.',
  alreadyPaid: 'Este lançamento já está pago.',
  cancelledNotPayable: 'Um lançamento cancelado não pode ser pago.',
  pagamentoData: 'Informe a data de pagamento.',
  notPaid: 'O recibo só pode ser emitido para um lançamento pago.',
  range: 'Período inválido (até 5 anos, início antes do fim).',
} as const

const money = z
  .union([z.string(), z.number()], { error: FINANCIAL_MESSAGES.valor })
  .transform((value) => parseBRLToCents(value) ?? Number.NaN)
  .pipe(
    z
      .number({ error: FINANCIAL_MESSAGES.valor })
      .int(FINANCIAL_MESSAGES.valor)
      .min(1, FINANCIAL_MESSAGES.valor)
      .max(FINANCIAL_LIMITS.maxCents, FINANCIAL_MESSAGES.valorMax),
  )

/** A required 'YYYY-MM-DD': an empty one is said to be missing (`missing`), any other bad one invalid. */
const requiredDate = (label: string, missing: string) =>
  z
    .string({ error: `${label} inválida` })
    .trim()
    .min(1, missing)
    .pipe(isoDate(label))

const tipo = z.enum(FINANCIAL_TYPES, { error: FINANCIAL_MESSAGES.tipo })
const categoria = z.enum(FINANCIAL_CATEGORIES, { error: FINANCIAL_MESSAGES.categoria })
const formaPagamento = z.enum(PAYMENT_METHODS, { error: FINANCIAL_MESSAGES.formaPagamento })
const optionalForma = z
  .union([formaPagamento, z.literal(''), z.null()], { error: FINANCIAL_MESSAGES.formaPagamento })
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v))

const entryFields = {
  tipo,
  categoria,
  descricao: requiredText('Descrição', FINANCIAL_LIMITS.descricao, FINANCIAL_MESSAGES.descricao),
  /** Reais as '1234.56' (or a number, or pt-BR '1.234,56'); parsed into integer centavos. */
  valor: money,
  dataVencimento: requiredDate('Data de vencimento', FINANCIAL_MESSAGES.vencimentoData),
  clientId: optionalUuid(FINANCIAL_MESSAGES.clientNotFound),
  caseId: optionalUuid(FINANCIAL_MESSAGES.caseNotFound),
  formaPagamento: optionalForma,
  observacoes: optionalText('Observações', FINANCIAL_LIMITS.observacoes),
}

/** POST /api/financial/entries. `parcelas` > 1 splits a receita into monthly parcels. */
export const entryCreateBody = z
  .object({
    ...entryFields,
    parcelas: z
      .number({ error: FINANCIAL_MESSAGES.parcelas })
      .int(FINANCIAL_MESSAGES.parcelas)
      .min(1, FINANCIAL_MESSAGES.parcelas)
      .max(FINANCIAL_LIMITS.maxParcelas, FINANCIAL_MESSAGES.parcelas)
      .default(1),
    recorrente: z.boolean({ error: 'Recorrente: sim ou não' }).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.parcelas > 1 && value.tipo !== 'receita') {
      ctx.addIssue({ code: 'custom', path: ['parcelas'], message: FINANCIAL_MESSAGES.parcelasReceita })
    }
    if (value.recorrente && value.tipo !== 'despesa') {
      ctx.addIssue({ code: 'custom', path: ['recorrente'], message: FINANCIAL_MESSAGES.recorrenteDespesa })
    }
  })
export type EntryCreateInput = z.input<typeof entryCreateBody>
export type EntryCreateData = z.output<typeof entryCreateBody>

/**
 * PATCH /api/financial/entries/:id: the fields to change. Status moves between pendente and cancelado here;
 * paying goes through /pay (it asks date and method). Installment and recurrence links are not editable.
 */
export const entryUpdateBody = z
  .object({
    ...entryFields,
    status: z.enum(['pendente', 'cancelado'], { error: FINANCIAL_MESSAGES.status }),
    recorrente: z.boolean({ error: 'Recorrente: sim ou não' }),
  })
  .partial()
export type EntryUpdateInput = z.input<typeof entryUpdateBody>
export type EntryUpdateData = z.output<typeof entryUpdateBody>

/** POST /api/financial/entries/:id/pay. */
export const markPaidBody = z.object({
  dataPagamento: requiredDate('Data de pagamento', FINANCIAL_MESSAGES.pagamentoData),
  formaPagamento,
})
export type MarkPaidInput = z.input<typeof markPaidBody>

const periodRefine = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from === undefined ||
  q.to === undefined ||
  (isIsoDate(q.from) && isIsoDate(q.to) && q.from <= q.to && diffDaysISO(q.from, q.to) <= 5 * 366)

/** GET /api/financial/summary: the cards of a period (both ends included). */
export const periodQuery = z
  .object({ from: isoDate('Data inicial'), to: isoDate('Data final') })
  .refine(periodRefine, { message: FINANCIAL_MESSAGES.range, path: ['to'] })
export type PeriodQuery = z.input<typeof periodQuery>

const listFilterFields = {
  q: searchParam,
  tipo: z.enum(['todos', ...FINANCIAL_TYPES], { error: FINANCIAL_MESSAGES.tipo }).default('todos'),
  status: z.enum(['todos', ...FINANCIAL_STATUSES], { error: FINANCIAL_MESSAGES.status }).default('todos'),
}

/** GET /api/financial/entries/export.csv: the filters of the list, every page. */
export const entryFilterQuery = z.object(listFilterFields)
export type EntryFilter = z.output<typeof entryFilterQuery>

/** GET /api/financial/entries. */
export const entryListQuery = z.object({ ...listFilterFields, limit: limitParam, offset: offsetParam })
export type EntryListQuery = z.input<typeof entryListQuery>

export const entryIdParam = z.object({ id: z.uuid({ error: FINANCIAL_MESSAGES.notFound }) })

// The list's answer is a schema (strict: a key added or dropped on one side fails the routes test), so the
// OpenAPI document (routeDoc's `response`) and the type the page trusts come from one source.

export const financialEntryDtoSchema = z.strictObject({
  id: z.string(),
  tipo: z.enum(FINANCIAL_TYPES),
  categoria: z.enum(FINANCIAL_CATEGORIES),
  descricao: z.string(),
  /** '1234.56'. */
  valor: z.string(),
  dataVencimento: z.string(),
  dataPagamento: z.string().nullable(),
  /** What the user sees: 'vencido' for a pendente entry due before today (São Paulo), §4. */
  status: z.enum(FINANCIAL_STATUSES),
  storedStatus: z.enum(STORED_FINANCIAL_STATUSES),
  vencido: z.boolean(),
  formaPagamento: z.enum(PAYMENT_METHODS).nullable(),
  clientId: z.string().nullable(),
  clientNome: z.string().nullable(),
  caseId: z.string().nullable(),
  caseTitulo: z.string().nullable(),
  observacoes: z.string().nullable(),
  parcelaNumero: z.number().nullable(),
  parcelaTotal: z.number().nullable(),
  grupoId: z.string().nullable(),
  recorrente: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type FinancialEntryDto = z.infer<typeof financialEntryDtoSchema>

export const financialEntryListSchema = z.strictObject({
  items: z.array(financialEntryDtoSchema),
  total: z.number(),
  totalCapped: z.boolean(),
})
export type FinancialEntryList = z.infer<typeof financialEntryListSchema>

/** The cards over a period. Amounts '1234.56'; saldo may be negative. */
export interface FinancialSummary {
  from: string
  to: string
  /** Receitas paid in the period (by payment date). */
  receitaPaga: string
  /** Receitas pendentes due up to the period's end (overdue ones included). */
  aReceber: string
  /** Despesas paid in the period (by payment date). */
  despesasPagas: string
  /** Despesas pendentes due up to the period's end. */
  despesasPendentes: string
  /** receitaPaga − despesasPagas (§9). */
  saldo: string
}

export interface FinancialChartMonth {
  /** 'YYYY-MM'. */
  mes: string
  receitas: string
  despesas: string
}

export interface FinancialChart {
  months: FinancialChartMonth[]
}
