import { z } from 'zod'
import '../../lib/zod-pt-br'
import { cepDigits, isValidCep } from '../../lib/br/cep'
import { isValidCnpj, normalizeCnpj } from '../../lib/br/cnpj'
import { cpfDigits, isValidCpf } from '../../lib/br/cpf'
import { todayISO } from '../../lib/br/dates'
import { isValidPhone, phoneDigits } from '../../lib/br/phone'
import {
  limitParam,
  offsetParam,
  optionalDate,
  optionalId,
  optionalText,
  requiredText,
  searchParam,
} from '../../lib/zod-fields'

// Contract of /api/clients (docs/CRM-CONTRACT.md), shared by the CRM page and the server routes.
// No server imports here: the browser bundles this file.

export const CLIENT_STATUSES = ['ativo', 'inativo', 'suspenso'] as const
export type ClientStatus = (typeof CLIENT_STATUSES)[number]
export const CLIENT_STATUS_LABELS: Readonly<Record<ClientStatus, string>> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  suspenso: 'Suspenso',
}
export const CLIENT_STATUS_FILTERS = ['todos', ...CLIENT_STATUSES] as const
export type ClientStatusFilter = (typeof CLIENT_STATUS_FILTERS)[number]
export const CLIENT_STATUS_FILTER_LABELS: Readonly<Record<ClientStatusFilter, string>> = {
  todos: 'Todos',
  ...CLIENT_STATUS_LABELS,
}

export const TIPOS_PESSOA = ['fisica', 'juridica'] as const
export type TipoPessoa = (typeof TIPOS_PESSOA)[number]
export const TIPO_PESSOA_LABELS: Readonly<Record<TipoPessoa, string>> = {
  fisica: 'Pessoa Física',
  juridica: 'Pessoa Jurídica',
}
/** Estado civil as stable codes; the labels are what a form and a qualification show. */
export const ESTADOS_CIVIS = [
  'solteiro',
  'casado',
  'divorciado',
  'separado',
  'viuvo',
  'uniao_estavel',
] as const
export type EstadoCivil = (typeof ESTADOS_CIVIS)[number]
export const ESTADO_CIVIL_LABELS: Readonly<Record<EstadoCivil, string>> = {
  solteiro: 'Solteiro(a)',
  casado: 'Casado(a)',
  divorciado: 'Divorciado(a)',
  separado: 'Separado(a)',
  viuvo: 'Viúvo(a)',
  uniao_estavel: 'União estável',
}

/** The document field's label follows tipo_pessoa (spec §3). */
export const DOCUMENTO_LABELS: Readonly<Record<TipoPessoa, string>> = { fisica: 'CPF', juridica: 'CNPJ' }

/** Column limits, enforced here and by check constraints in the table. */
export const CLIENT_LIMITS = {
  nomeCompleto: 160,
  email: 254,
  endereco: 300,
  profissao: 120,
  observacoes: 5000,
  nacionalidade: 60,
  rg: 20,
  rgOrgaoEmissor: 20,
  representanteNome: 160,
  representanteCargo: 120,
} as const

export const CLIENT_MESSAGES = {
  loadError: 'Erro ao carregar clientes',
  saveError: 'Erro ao salvar cliente',
  saveErrorDescription: 'Verifique os dados e tente novamente',
  deleteError: 'Erro ao remover cliente',
  loadOneError: 'Erro ao carregar dados do cliente',
  created: 'Cliente cadastrado',
  updated: 'Cliente atualizado',
  deleted: 'Cliente removido',
  undo: 'Desfazer',
  invalidCpf: 'CPF inválido',
  invalidCnpj: 'CNPJ inválido',
  invalidCity: 'Cidade não pertence ao estado selecionado',
  invalidState: 'Estado inválido',
  invalidRg: 'RG inválido',
  invalidEstadoCivil: 'Estado civil inválido',
  invalidRepresentanteCpf: 'CPF do representante inválido',
  notFound: 'Cliente não encontrado.',
} as const

/**
 * The stored form of a CPF (11 digits) or CNPJ (14 normalized chars, alphanumeric allowed) for the
 * given tipo_pessoa, or null when it is not a valid one. Used by the schema and by the server when a
 * PATCH changes only one of the two fields.
 */
export function normalizeDocumento(tipoPessoa: TipoPessoa, documento: string): string | null {
  if (tipoPessoa === 'fisica') return isValidCpf(documento) ? cpfDigits(documento) : null
  return isValidCnpj(documento) ? normalizeCnpj(documento) : null
}

/** A birth date is a past day (or today) from 1900 on. */
export function isValidBirthDate(value: string): boolean {
  return value >= '1900-01-01' && value <= todayISO()
}

/** A RG as typed: digits and letters with dots, dashes, slashes or spaces (its shape varies by state). */
const RG_SHAPE = /^[0-9A-Za-z][0-9A-Za-z./ -]{0,19}$/

const clientFields = {
  nomeCompleto: requiredText('Nome completo', CLIENT_LIMITS.nomeCompleto),
  email: z
    .union([z.string(), z.null()], { error: 'Email inválido' })
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim().toLowerCase()))
    .pipe(z.email('Email inválido').max(CLIENT_LIMITS.email, 'Email inválido').nullable()),
  telefone: z
    .union([z.string(), z.null()], { error: 'Telefone inválido' })
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(
      z
        .string()
        .max(30, 'Telefone inválido')
        .refine(isValidPhone, 'Telefone inválido')
        .transform(phoneDigits)
        .nullable(),
    ),
  // Validated against tipoPessoa in the object refinement below (and by the server on PATCH).
  documento: optionalText('Documento', 30),
  endereco: optionalText('Endereço', CLIENT_LIMITS.endereco),
  cidadeId: optionalId('Cidade inválida'),
  estadoId: optionalId(CLIENT_MESSAGES.invalidState),
  cep: z
    .union([z.string(), z.null()], { error: 'CEP inválido' })
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(
      z.string().max(12, 'CEP inválido').refine(isValidCep, 'CEP inválido').transform(cepDigits).nullable(),
    ),
  dataNascimento: optionalDate('Data de nascimento').refine(
    (v) => v === null || isValidBirthDate(v),
    'Data de nascimento inválida',
  ),
  profissao: optionalText('Profissão', CLIENT_LIMITS.profissao),
  observacoes: optionalText('Observações', CLIENT_LIMITS.observacoes),
  // The qualification (issue 25): pessoa física's nacionalidade/estado civil/RG, pessoa jurídica's
  // representative. normalizeFields clears the other kind's fields.
  nacionalidade: optionalText('Nacionalidade', CLIENT_LIMITS.nacionalidade),
  estadoCivil: z
    .union([z.enum(ESTADOS_CIVIS), z.literal(''), z.null()], { error: CLIENT_MESSAGES.invalidEstadoCivil })
    .optional()
    .transform((v): EstadoCivil | null => (v === undefined || v === '' ? null : v)),
  rg: optionalText('RG', CLIENT_LIMITS.rg).refine(
    (v) => v === null || RG_SHAPE.test(v),
    CLIENT_MESSAGES.invalidRg,
  ),
  rgOrgaoEmissor: optionalText('Órgão emissor', CLIENT_LIMITS.rgOrgaoEmissor).transform((v) =>
    v === null ? null : v.toUpperCase(),
  ),
  representanteNome: optionalText('Nome do representante', CLIENT_LIMITS.representanteNome),
  representanteCpf: z
    .union([z.string(), z.null()], { error: CLIENT_MESSAGES.invalidRepresentanteCpf })
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(
      z
        .string()
        .max(20, CLIENT_MESSAGES.invalidRepresentanteCpf)
        .refine(isValidCpf, CLIENT_MESSAGES.invalidRepresentanteCpf)
        .transform(cpfDigits)
        .nullable(),
    ),
  representanteCargo: optionalText('Cargo do representante', CLIENT_LIMITS.representanteCargo),
}

/** Fields only a pessoa física has, and only a pessoa jurídica has: the other kind stores null. */
export const PESSOA_FISICA_FIELDS = [
  'dataNascimento',
  'nacionalidade',
  'estadoCivil',
  'rg',
  'rgOrgaoEmissor',
] as const
export const PESSOA_JURIDICA_FIELDS = ['representanteNome', 'representanteCpf', 'representanteCargo'] as const

const tipoPessoa = z.enum(TIPOS_PESSOA, { error: 'Tipo de pessoa inválido' })
const status = z.enum(CLIENT_STATUSES, { error: 'Status inválido' })

type DocumentoCheck = { tipoPessoa?: TipoPessoa | undefined; documento?: string | null | undefined }

function checkDocumento(data: DocumentoCheck, ctx: z.RefinementCtx) {
  if (data.tipoPessoa === undefined || data.documento === null || data.documento === undefined) return
  if (normalizeDocumento(data.tipoPessoa, data.documento) === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['documento'],
      message: data.tipoPessoa === 'fisica' ? CLIENT_MESSAGES.invalidCpf : CLIENT_MESSAGES.invalidCnpj,
    })
  }
}

type KindFields = Partial<
  Record<(typeof PESSOA_FISICA_FIELDS)[number] | (typeof PESSOA_JURIDICA_FIELDS)[number], unknown>
>

function normalizeFields<T extends DocumentoCheck & KindFields>(data: T): T {
  const out: T = { ...data }
  if (data.tipoPessoa !== undefined && typeof data.documento === 'string') {
    out.documento = normalizeDocumento(data.tipoPessoa, data.documento)
  }
  // Birth date and a person's qualification only exist for pessoa física (spec §2), the representative
  // only for pessoa jurídica: the other kind never keeps them.
  const other = data.tipoPessoa === 'juridica' ? PESSOA_FISICA_FIELDS : PESSOA_JURIDICA_FIELDS
  if (data.tipoPessoa !== undefined) {
    for (const field of other) if (data[field] !== undefined) (out as KindFields)[field] = null
  }
  return out
}

export const createClientSchema = z
  .object({
    ...clientFields,
    tipoPessoa: tipoPessoa.default('fisica'),
    status: status.default('ativo'),
  })
  .superRefine(checkDocumento)
  .transform(normalizeFields)
/** What the form / a POST sends (empty strings allowed for optional fields). */
export type CreateClientInput = z.input<typeof createClientSchema>
/** What the server stores after validation (digits-only phone/document/CEP, nulls). */
export type CreateClientData = z.output<typeof createClientSchema>

/**
 * PATCH body: any subset of the create fields; an absent key is left unchanged, null/'' clears it.
 * The document is re-checked by the server against the stored tipoPessoa when only one is sent.
 */
export const updateClientSchema = z
  .object({ ...clientFields, tipoPessoa, status })
  .partial()
  .superRefine(checkDocumento)
  .transform(normalizeFields)
export type UpdateClientInput = z.input<typeof updateClientSchema>
export type UpdateClientData = z.output<typeof updateClientSchema>

export const clientListQuerySchema = z.object({
  search: searchParam,
  status: z.enum(CLIENT_STATUS_FILTERS, { error: 'Status inválido' }).default('todos'),
  limit: limitParam,
  offset: offsetParam,
})
export type ClientListQuery = z.input<typeof clientListQuerySchema>

export const clientExportQuerySchema = clientListQuerySchema.pick({ search: true, status: true })
export type ClientExportQuery = z.input<typeof clientExportQuerySchema>

export const clientOptionsQuerySchema = z.object({ search: searchParam })

export const clientIdParamSchema = z.object({ id: z.uuid({ error: CLIENT_MESSAGES.notFound }) })

// The list's answer is a schema (strict: a key added or dropped on one side fails the routes test), so the
// OpenAPI document (routeDoc's `response`) and the type the page trusts come from one source.

/** One row of GET /api/clients: contact data masked (spec §3 get_clients_summary). */
export const clientSummarySchema = z.strictObject({
  id: z.string(),
  nomeCompleto: z.string(),
  tipoPessoa: z.enum(TIPOS_PESSOA),
  emailMasked: z.string().nullable(),
  telefoneMasked: z.string().nullable(),
  documentoMasked: z.string().nullable(),
  cidadeNome: z.string().nullable(),
  estadoSigla: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  casesCount: z.number(),
  createdAt: z.string(),
})
export type ClientSummary = z.infer<typeof clientSummarySchema>

export const clientListSchema = z.strictObject({
  items: z.array(clientSummarySchema),
  /** Exact up to 10 000; beyond that 10 000 with totalCapped = true (show '10.000+'). */
  total: z.number(),
  totalCapped: z.boolean().optional(),
})
export type ClientList = z.infer<typeof clientListSchema>

/** GET /api/clients/:id — the full record (audited). Phone, document and CEP come formatted. */
export interface Client {
  id: string
  nomeCompleto: string
  email: string | null
  /** '(11) 98765-4321' */
  telefone: string | null
  /** '529.982.247-25' or '12.ABC.345/01DE-35' */
  documento: string | null
  tipoPessoa: TipoPessoa
  endereco: string | null
  cidadeId: number | null
  cidadeNome: string | null
  estadoId: number | null
  estadoSigla: string | null
  /** '01310-100' */
  cep: string | null
  dataNascimento: string | null
  profissao: string | null
  nacionalidade: string | null
  estadoCivil: EstadoCivil | null
  rg: string | null
  /** 'SSP/SP' */
  rgOrgaoEmissor: string | null
  representanteNome: string | null
  /** '529.982.247-25' */
  representanteCpf: string | null
  representanteCargo: string | null
  observacoes: string | null
  status: ClientStatus
  casesCount: number
  createdAt: string
  updatedAt: string
}

export interface ClientStats {
  total: number
  ativo: number
  inativo: number
  suspenso: number
}

export interface ClientOption {
  id: string
  nomeCompleto: string
}

export interface DeleteClientResult {
  id: string
  casesCount: number
}
