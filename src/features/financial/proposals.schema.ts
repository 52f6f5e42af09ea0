import { z } from 'zod'
import '../../lib/zod-pt-br'
import { todayISO } from '../../lib/br/dates'
import { parseBRLToCents, splitInstallments } from '../../lib/br/money'
import {
  isoDate,
  limitParam,
  offsetParam,
  optionalDate,
  optionalText,
  optionalUuid,
} from '../../lib/zod-fields'
import {
  FIXED_MODELS,
  PROPOSAL_LIMITS,
  PROPOSAL_MODELS,
  PROPOSAL_STATUSES,
  SUCCESS_MODELS,
  type ProposalModel,
  type ProposalStatus,
} from './proposals.constants'

// Contract of /api/financial/proposals ('Proposta de honorários', issue 11), shared by the dialog and the
// server. No server imports. Amounts travel as '1234.56' (integer centavos in code), the success fee as
// '12.50' (percent, 2 decimals, integer hundredths in code), dates as São Paulo wall dates.

export * from './proposals.constants'

/** pt-BR texts the server sends (toasts show them as they are). */
export const PROPOSAL_MESSAGES = {
  notFound: 'Proposta não encontrada.',
  client: 'Selecione o cliente.',
  clientNotFound: 'Cliente não encontrado.',
  caseNotFound: 'Processo não encontrado.',
  caseOfClient: 'O processo escolhido não é deste cliente.',
  caseRequired: 'Selecione um processo em que você é responsável.',
  modelo: 'Selecione o modelo de honorários.',
  valorFixo: 'Informe o valor dos honorários (maior que zero).',
  parcelas: 'Parcelas: de 1 a 60.',
  parcelasParcelado: 'No modelo parcelado, informe de 2 a 60 parcelas.',
  primeiroVencimento: 'Informe o vencimento da primeira parcela.',
  percentual: 'Percentual de êxito: maior que 0 e até 100, com até 2 casas decimais.',
  valorCausa: 'Valor da causa inválido.',
  validade: 'Informe a validade da proposta (hoje ou depois).',
  notEditable: 'Só propostas em rascunho ou enviadas podem ser alteradas.',
  notDeletable: 'Uma proposta aceita não pode ser excluída: os lançamentos dela já existem.',
  alreadyAccepted: 'Esta proposta já foi aceita; os lançamentos já foram criados.',
  refused: 'Esta proposta foi recusada.',
  notSendable: 'Só uma proposta em rascunho pode ser marcada como enviada.',
} as const

/** 'R$ 1.234,56', '1234.56' or a number → integer centavos (> 0), null when blank. */
const optionalMoneyCents = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((value): number | null => {
      if (value === null || value === undefined) return null
      if (typeof value === 'string' && value.trim() === '') return null
      return parseBRLToCents(value) ?? Number.NaN
    })
    .pipe(
      z
        .number({ error: message })
        .int(message)
        .min(1, message)
        .max(PROPOSAL_LIMITS.maxCents, message)
        .nullable(),
    )

/** '12,5', '12.50' or 12.5 → hundredths of a percent (1250), null when blank. */
export function parsePercentHundredths(value: string | number): number | null {
  const text = String(value).trim().replace('%', '').trim().replace(',', '.')
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

const optionalPercent = z
  .union([z.string(), z.number(), z.null()], { error: PROPOSAL_MESSAGES.percentual })
  .optional()
  .transform((value): number | null => {
    if (value === null || value === undefined) return null
    if (typeof value === 'string' && value.trim() === '') return null
    return parsePercentHundredths(value) ?? Number.NaN
  })
  .pipe(
    z
      .number({ error: PROPOSAL_MESSAGES.percentual })
      .int(PROPOSAL_MESSAGES.percentual)
      .min(1, PROPOSAL_MESSAGES.percentual)
      .max(10_000, PROPOSAL_MESSAGES.percentual)
      .nullable(),
  )

const optionalParcelas = z
  .union([z.number(), z.string(), z.null()], { error: PROPOSAL_MESSAGES.parcelas })
  .optional()
  .transform((value): number | null => {
    if (value === null || value === undefined || value === '') return null
    return typeof value === 'number' ? value : /^\d{1,2}$/.test(value.trim()) ? Number(value) : Number.NaN
  })
  .pipe(
    z
      .number({ error: PROPOSAL_MESSAGES.parcelas })
      .int(PROPOSAL_MESSAGES.parcelas)
      .min(1, PROPOSAL_MESSAGES.parcelas)
      .max(PROPOSAL_LIMITS.maxParcelas, PROPOSAL_MESSAGES.parcelas)
      .nullable(),
  )

/**
 * POST /api/financial/proposals and PATCH /:id (the whole proposal). Fields that the model does not use are
 * dropped (a 'fixo' proposal is 1 parcel; an 'exito' one has no fixed part), so the stored row is always
 * consistent with its model.
 */
export const proposalBody = z
  .object({
    clientId: z.uuid({ error: PROPOSAL_MESSAGES.client }),
    caseId: optionalUuid(PROPOSAL_MESSAGES.caseNotFound),
    modelo: z.enum(PROPOSAL_MODELS, { error: PROPOSAL_MESSAGES.modelo }),
    valorFixo: optionalMoneyCents(PROPOSAL_MESSAGES.valorFixo),
    parcelas: optionalParcelas,
    primeiroVencimento: optionalDate('Vencimento da primeira parcela'),
    percentualExito: optionalPercent,
    valorCausa: optionalMoneyCents(PROPOSAL_MESSAGES.valorCausa),
    condicoes: optionalText('Condições', PROPOSAL_LIMITS.condicoes),
    validade: isoDate('Validade'),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (FIXED_MODELS.includes(value.modelo)) {
      if (value.valorFixo === null) issue('valorFixo', PROPOSAL_MESSAGES.valorFixo)
      if (value.primeiroVencimento === null) issue('primeiroVencimento', PROPOSAL_MESSAGES.primeiroVencimento)
    }
    if (value.modelo === 'parcelado' && (value.parcelas === null || value.parcelas < 2)) {
      issue('parcelas', PROPOSAL_MESSAGES.parcelasParcelado)
    }
    if (SUCCESS_MODELS.includes(value.modelo) && value.percentualExito === null) {
      issue('percentualExito', PROPOSAL_MESSAGES.percentual)
    }
    if (value.validade < todayISO()) issue('validade', PROPOSAL_MESSAGES.validade)
  })
  .transform((value) => {
    const fixed = FIXED_MODELS.includes(value.modelo)
    const success = SUCCESS_MODELS.includes(value.modelo)
    return {
      ...value,
      valorFixo: fixed ? value.valorFixo : null,
      parcelas: fixed ? (value.modelo === 'fixo' ? 1 : (value.parcelas ?? 1)) : null,
      primeiroVencimento: fixed ? value.primeiroVencimento : null,
      percentualExito: success ? value.percentualExito : null,
      valorCausa: success ? value.valorCausa : null,
    }
  })
export type ProposalInput = z.input<typeof proposalBody>
export type ProposalData = z.output<typeof proposalBody>

export const proposalListQuery = z.object({
  status: z.enum(['todos', ...PROPOSAL_STATUSES], { error: 'Status inválido.' }).default('todos'),
  limit: limitParam,
  offset: offsetParam,
})
export type ProposalListQuery = z.input<typeof proposalListQuery>

export const proposalIdParam = z.object({ id: z.uuid({ error: PROPOSAL_MESSAGES.notFound }) })

export interface ProposalDto {
  id: string
  clientId: string
  clientNome: string
  caseId: string | null
  caseTitulo: string | null
  modelo: ProposalModel
  /** '1234.56' or null (no fixed part). */
  valorFixo: string | null
  parcelas: number | null
  primeiroVencimento: string | null
  /** '12.50' (percent) or null (no success fee). */
  percentualExito: string | null
  valorCausa: string | null
  condicoes: string | null
  validade: string
  status: ProposalStatus
  acceptedAt: string | null
  /** financial_entries.grupo_id (or the single entry's id) of the receivables created on acceptance. */
  receivablesGrupoId: string | null
  createdAt: string
}

export interface ProposalList {
  items: ProposalDto[]
  /** Counted up to 10 000; `totalCapped` says there are more. */
  total: number
  totalCapped: boolean
}

/** POST /:id/accept: the proposal and how many receivables its acceptance created. */
export interface ProposalAcceptance {
  proposal: ProposalDto
  receivables: number
}

/** The parcels of the fixed part: cents and due dates (one month apart, the remainder on the last). */
export function proposalInstallments(
  valorFixoCents: number,
  parcelas: number,
  primeiroVencimento: string,
): { numero: number; cents: number; vencimento: string }[] {
  return splitInstallments(valorFixoCents, parcelas).map((cents, i) => ({
    numero: i + 1,
    cents,
    vencimento: addMonthsISO(primeiroVencimento, i),
  }))
}

/** '2026-01-31' + 1 month → '2026-02-28': the same day, or the month's last day when it is shorter. */
export function addMonthsISO(dateISO: string, months: number): string {
  const [y = 0, m = 1, d = 1] = dateISO.split('-').map(Number)
  const monthIndex = y * 12 + (m - 1) + months
  const year = Math.floor(monthIndex / 12)
  const month = (monthIndex % 12) + 1
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const day = Math.min(d, lastDay)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** 1250 → '12.50' (wire), and the pt-BR display '12,5%'. */
export function hundredthsToPercent(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`
}

export function formatPercentBR(percent: string | null): string {
  if (percent === null) return ''
  const hundredths = parsePercentHundredths(percent)
  if (hundredths === null) return ''
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(hundredths / 100)}%`
}
