import { z } from 'zod'
import '../../lib/zod-pt-br'
import { isValidCnj, parseCnj } from '../../lib/br/cnj'
import { todayISO } from '../../lib/br/dates'
import {
  isoDate,
  limitParam,
  offsetParam,
  optionalDate,
  optionalMoney,
  optionalText,
  optionalUuid,
  requiredText,
  searchParam,
} from '../../lib/zod-fields'
import type { NivelAcesso } from '../offices/offices.public'

// Contract of /api/cases (docs/CRM-CONTRACT.md), shared by the cases page and the server routes.
// No server imports here: the browser bundles this file.

/** Spec §9, stored as these labels. */
export const CASE_AREAS = [
  'Civil',
  'Trabalhista',
  'Penal',
  'Tributário',
  'Empresarial',
  'Família',
  'Previdenciário',
  'Consumidor',
  'Ambiental',
  'Administrativo',
] as const
export type CaseArea = (typeof CASE_AREAS)[number]

export const CASE_STATUSES = ['aberto', 'andamento', 'concluido', 'arquivado'] as const
export type CaseStatus = (typeof CASE_STATUSES)[number]
export const CASE_STATUS_LABELS: Readonly<Record<CaseStatus, string>> = {
  aberto: 'Aberto',
  andamento: 'Em Andamento',
  concluido: 'Concluído',
  arquivado: 'Arquivado',
}
/** How a concluded case ended (issue 11: the reports' success rate); null until it is concluded and told. */
export const CASE_RESULTADOS = [
  'procedente',
  'parcialmente_procedente',
  'improcedente',
  'acordo',
  'desistencia',
] as const
export type CaseResultado = (typeof CASE_RESULTADOS)[number]
export const CASE_STATUS_FILTERS = ['todos', ...CASE_STATUSES] as const
export type CaseStatusFilter = (typeof CASE_STATUS_FILTERS)[number]
export const CASE_STATUS_FILTER_LABELS: Readonly<Record<CaseStatusFilter, string>> = {
  todos: 'Todos',
  ...CASE_STATUS_LABELS,
}

/** Column limits, enforced here and by check constraints in the table. numeric(14,2) caps the value. */
export const CASE_LIMITS = {
  titulo: 200,
  descricao: 5000,
  tribunal: 120,
  vara: 120,
  observacoes: 5000,
  valorCausaMax: 999_999_999_999.99,
} as const

export const CASE_MESSAGES = {
  loadError: 'Erro ao carregar casos',
  saveError: 'Erro ao salvar caso',
  saveErrorDescription: 'Verifique os dados e tente novamente',
  deleteError: 'Erro ao remover caso',
  created: 'Caso cadastrado',
  updated: 'Caso atualizado',
  deleted: 'Caso removido',
  undo: 'Desfazer',
  invalidClient: 'Cliente inválido.',
  invalidCnj: 'Número do processo inválido',
  invalidConclusao: 'Data de conclusão não pode ser anterior à data de início',
  notFound: 'Caso não encontrado.',
  invalidResponsavel: 'Responsável inválido.',
} as const

/** At most this many responsible members per case (the form's multi-select). */
export const MAX_RESPONSAVEIS = 20

/** Responsible members (office_members ids); absent = unchanged (create: the creator). */
const responsaveisField = z
  .array(z.uuid({ error: CASE_MESSAGES.invalidResponsavel }), { error: CASE_MESSAGES.invalidResponsavel })
  .max(MAX_RESPONSAVEIS, CASE_MESSAGES.invalidResponsavel)
  .optional()

const caseFields = {
  titulo: requiredText('Título', CASE_LIMITS.titulo),
  areaJuridica: z.enum(CASE_AREAS, { error: 'Selecione a área jurídica' }),
  numeroProcesso: z
    .union([z.string(), z.null()], { error: CASE_MESSAGES.invalidCnj })
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(
      z
        .string()
        .max(30, CASE_MESSAGES.invalidCnj)
        .refine((v) => isValidCnj(v), CASE_MESSAGES.invalidCnj)
        // Stored as the 20 bare digits; shown formatted.
        .transform((v) => parseCnj(v)?.digits ?? v)
        .nullable(),
    ),
  descricao: optionalText('Descrição', CASE_LIMITS.descricao),
  status: z.enum(CASE_STATUSES, { error: 'Status inválido' }),
  valorCausa: optionalMoney('Valor da causa', CASE_LIMITS.valorCausaMax),
  dataConclusao: optionalDate('Data de conclusão'),
  tribunal: optionalText('Tribunal', CASE_LIMITS.tribunal),
  vara: optionalText('Vara', CASE_LIMITS.vara),
  observacoes: optionalText('Observações', CASE_LIMITS.observacoes),
  clientId: optionalUuid(CASE_MESSAGES.invalidClient),
  responsaveis: responsaveisField,
  resultado: z
    .union([z.enum(CASE_RESULTADOS), z.literal(''), z.null()], { error: 'Resultado inválido' })
    .optional()
    .transform((v) => (v === '' ? null : v)),
}

/** dataConclusao ≥ dataInicio, when both are known (the server re-checks a PATCH against the row). */
function checkDates(
  data: { dataInicio?: string | undefined; dataConclusao?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (typeof data.dataInicio === 'string' && typeof data.dataConclusao === 'string') {
    if (data.dataConclusao < data.dataInicio) {
      ctx.addIssue({ code: 'custom', path: ['dataConclusao'], message: CASE_MESSAGES.invalidConclusao })
    }
  }
}

export const createCaseSchema = z
  .object({
    ...caseFields,
    status: caseFields.status.default('aberto'),
    // Default today in Brazil (spec §3), also when the form sends ''.
    dataInicio: z
      .union([z.string(), z.null()], { error: 'Data de início inválida' })
      .optional()
      .transform((v) => (v === null || v === undefined || v.trim() === '' ? todayISO() : v.trim()))
      .pipe(isoDate('Data de início')),
  })
  .superRefine(checkDates)
export type CreateCaseInput = z.input<typeof createCaseSchema>
export type CreateCaseData = z.output<typeof createCaseSchema>

/** PATCH body: any subset; absent = unchanged, null/'' clears an optional field. Status changes are free. */
export const updateCaseSchema = z
  .object({ ...caseFields, dataInicio: isoDate('Data de início') })
  .partial()
  .superRefine(checkDates)
export type UpdateCaseInput = z.input<typeof updateCaseSchema>
export type UpdateCaseData = z.output<typeof updateCaseSchema>

export const caseListQuerySchema = z.object({
  search: searchParam,
  status: z.enum(CASE_STATUS_FILTERS, { error: 'Status inválido' }).default('todos'),
  limit: limitParam,
  offset: offsetParam,
})
export type CaseListQuery = z.input<typeof caseListQuerySchema>

export const caseExportQuerySchema = caseListQuerySchema.pick({ search: true, status: true })
export type CaseExportQuery = z.input<typeof caseExportQuerySchema>

/**
 * GET /api/cases/options: the pickers of other modules (documents, later agenda and financial); `clientId`
 * narrows them to one client's cases (issue 25, 'Gerar documento').
 */
export const caseOptionsQuerySchema = z.object({
  search: searchParam,
  clientId: optionalUuid('Cliente inválido'),
})

export const caseIdParamSchema = z.object({ id: z.uuid({ error: CASE_MESSAGES.notFound }) })

// The list's answer is a schema (strict: a key added or dropped on one side fails the routes test), so the
// OpenAPI document (routeDoc's `response`) and the type the page trusts come from one source.

/** One row of GET /api/cases. */
export const caseSummarySchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  /** Formatted CNJ, '0001234-71.2024.8.26.0100' */
  numeroProcesso: z.string().nullable(),
  /** Court from J.TR, e.g. 'TJSP' */
  tribunalSigla: z.string().nullable(),
  areaJuridica: z.enum(CASE_AREAS),
  status: z.enum(CASE_STATUSES),
  valorCausa: z.number().nullable(),
  dataInicio: z.string(),
  dataConclusao: z.string().nullable(),
  resultado: z.enum(CASE_RESULTADOS).nullable(),
  clientId: z.string().nullable(),
  clientNome: z.string().nullable(),
  createdAt: z.string(),
})
export type CaseSummary = z.infer<typeof caseSummarySchema>

export const caseListSchema = z.strictObject({
  items: z.array(caseSummarySchema),
  /** Exact up to 10 000; beyond that 10 000 with totalCapped = true (show '10.000+'). */
  total: z.number(),
  totalCapped: z.boolean().optional(),
})
export type CaseList = z.infer<typeof caseListSchema>

/** A responsible member of a case (issue 10). */
export interface CaseResponsavel {
  memberId: string
  nome: string
}

/** One choice of the responsible-members multi-select: an active member with system access. */
export interface CaseMemberOption extends CaseResponsavel {
  nivelAcesso: NivelAcesso
  /** The caller's own membership: the form preselects it on a new case (the creator by default). */
  self: boolean
}

/** GET /api/cases/:id — the full record. */
export interface Case extends CaseSummary {
  descricao: string | null
  tribunal: string | null
  vara: string | null
  observacoes: string | null
  updatedAt: string
  responsaveis: CaseResponsavel[]
}

export interface CaseStats {
  total: number
  aberto: number
  andamento: number
  concluido: number
  arquivado: number
  /** Sum of valorCausa of the non-deleted cases, in reais. */
  valorTotal: number
}

export interface DeleteCaseResult {
  id: string
}

/** One choice of the case picker: the office's active (aberto/andamento) cases. */
export interface CaseOption {
  id: string
  titulo: string
  /** Formatted CNJ, or null. */
  numeroProcesso: string | null
}
