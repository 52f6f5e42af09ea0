import { z } from 'zod'
import '../../lib/zod-pt-br'
import {
  limitParam,
  NOTHING_TO_UPDATE,
  offsetParam,
  optionalText,
  optionalUuid,
  requiredText,
  searchParam,
} from '../../lib/zod-fields'

// Contract of /api/documents (issue 8), shared by the documents page and the server routes.
// No server imports here: the browser bundles this file.

/** Spec §9: the five folders, stored as these keys. */
export const DOCUMENT_FOLDERS = [
  'contratos',
  'pecas_processuais',
  'documentos_pessoais',
  'certidoes',
  'minutas',
] as const
export type DocumentFolder = (typeof DOCUMENT_FOLDERS)[number]
export const DOCUMENT_FOLDER_LABELS: Readonly<Record<DocumentFolder, string>> = {
  contratos: 'Contratos',
  pecas_processuais: 'Peças Processuais',
  documentos_pessoais: 'Documentos Pessoais',
  certidoes: 'Certidões',
  minutas: 'Minutas',
}
/** Spec §2 folder colours (names; the UI maps them to its palette). */
export const DOCUMENT_FOLDER_COLORS: Readonly<
  Record<DocumentFolder, 'blue' | 'green' | 'purple' | 'orange' | 'red'>
> = {
  contratos: 'blue',
  pecas_processuais: 'green',
  documentos_pessoais: 'purple',
  certidoes: 'orange',
  minutas: 'red',
}

/** Spec §4 document access. */
export const DOCUMENT_ACCESS_LEVELS = ['publico', 'restrito', 'confidencial'] as const
export type DocumentAccessLevel = (typeof DOCUMENT_ACCESS_LEVELS)[number]
export const DOCUMENT_ACCESS_LABELS: Readonly<Record<DocumentAccessLevel, string>> = {
  publico: 'Público',
  restrito: 'Restrito',
  confidencial: 'Confidencial',
}

/** Accepted file types, judged by content on the server (spec §5 plus JPG/PNG scans). */
export const DOCUMENT_FILE_TYPES = ['PDF', 'DOC', 'DOCX', 'XLS', 'XLSX', 'JPG', 'PNG'] as const
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number]
/** Types a browser may show inline (new tab); the others always download. */
export const INLINE_FILE_TYPES: readonly DocumentFileType[] = ['PDF', 'JPG', 'PNG']
/** For the file picker's `accept` attribute (a hint only: the server sniffs the bytes). */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png'

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024

/** Column limits, enforced here and by check constraints in the table. */
export const DOCUMENT_LIMITS = {
  nome: 255,
  originalName: 255,
  observacoes: 5000,
  etiqueta: 50,
  etiquetas: 20,
} as const

/** pt-BR texts the server sends (toasts show them as they are). */
export const DOCUMENT_MESSAGES = {
  tooLarge: 'O arquivo excede o limite de 10 MB.',
  aborted: 'O envio do arquivo foi interrompido. Tente novamente.',
  unsupportedType: 'Tipo de arquivo não aceito. Envie PDF, DOC, DOCX, XLS, XLSX, JPG ou PNG.',
  emptyFile: 'O arquivo está vazio. Envie PDF, DOC, DOCX, XLS, XLSX, JPG ou PNG.',
  notFound: 'Documento não encontrado.',
  versionNotFound: 'Versão não encontrada.',
  invalidClient: 'Cliente inválido.',
  invalidCase: 'Caso inválido.',
  caseForbidden: 'Seu nível de acesso não permite vincular documentos a casos.',
  linkLocked:
    'Este documento está vinculado a um caso ou cliente fora do seu acesso: esse vínculo não pode ser alterado.',
  invalidFolder: 'Pasta inválida',
  invalidAccess: 'Nível de acesso inválido',
  tooManyTags: `Etiquetas: máximo de ${DOCUMENT_LIMITS.etiquetas}`,
  tagTooLong: `Etiqueta: máximo de ${DOCUMENT_LIMITS.etiqueta} caracteres`,
  emptyUpdate: NOTHING_TO_UPDATE,
  fileUnavailable: 'Arquivo indisponível.',
  invalidShare: 'Compartilhar com o cliente: valor inválido',
  shareNeedsLink: 'Vincule o documento a um cliente ou processo para compartilhar.',
  confidentialShare: 'Documentos confidenciais só podem ser compartilhados por um sócio, com confirmação.',
} as const

const pasta = z.enum(DOCUMENT_FOLDERS, { error: DOCUMENT_MESSAGES.invalidFolder })
const nivelAcesso = z.enum(DOCUMENT_ACCESS_LEVELS, { error: DOCUMENT_MESSAGES.invalidAccess })
const shareFlag = z.boolean({ error: DOCUMENT_MESSAGES.invalidShare })
/** The same flag in a query string: 'true' / 'false' only (a typo is refused, never read as false). */
const shareParam = z
  .enum(['true', 'false'], { error: DOCUMENT_MESSAGES.invalidShare })
  .optional()
  .transform((v) => v === 'true')

/** Trimmed, non-empty, de-duplicated (case-insensitively, first spelling wins) tags. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ')
    const key = tag.toLocaleLowerCase('pt-BR')
    if (tag === '' || seen.has(key)) continue
    seen.add(key)
    out.push(tag)
  }
  return out
}

/** 'a, b,,c' → ['a', 'b', 'c'] (the upload form's comma-separated tags, spec §5). */
export function splitTags(text: string): string[] {
  return normalizeTags(text.split(','))
}

const tagList = z
  .array(z.string({ error: DOCUMENT_MESSAGES.tagTooLong }), { error: 'Etiquetas inválidas' })
  .transform(normalizeTags)
  .pipe(
    z
      .array(z.string().max(DOCUMENT_LIMITS.etiqueta, DOCUMENT_MESSAGES.tagTooLong))
      .max(DOCUMENT_LIMITS.etiquetas, DOCUMENT_MESSAGES.tooManyTags),
  )

/** A query-string filter that also takes '' and 'todos' as "no filter". */
function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === 'todos' ? undefined : v), schema.optional())
}

/** GET /api/documents */
export const documentListQuery = z.object({
  search: searchParam,
  pasta: optionalFilter(pasta),
  nivelAcesso: optionalFilter(nivelAcesso),
  clientId: optionalFilter(z.uuid({ error: DOCUMENT_MESSAGES.invalidClient })),
  caseId: optionalFilter(z.uuid({ error: DOCUMENT_MESSAGES.invalidCase })),
  /** 'true': only the documents shared with the client (the record's count of them). */
  compartilhadoCliente: optionalFilter(
    z.enum(['true', 'false'], { error: DOCUMENT_MESSAGES.invalidShare }).transform((v) => v === 'true'),
  ),
  offset: offsetParam,
  limit: limitParam,
})
export type DocumentListQuery = z.input<typeof documentListQuery>

/** POST /api/documents?… (the body is the raw file bytes, one file per request). */
export const documentUploadQuery = z.object({
  /** The file's original name: shown and offered on download, never used as a path. */
  name: requiredText('Nome do arquivo', DOCUMENT_LIMITS.originalName),
  pasta,
  nivelAcesso,
  etiquetas: z
    .string()
    .max(2000, DOCUMENT_MESSAGES.tooManyTags)
    .optional()
    .transform((v) => (v === undefined ? [] : v.split(',')))
    .pipe(tagList),
  clientId: optionalUuid(DOCUMENT_MESSAGES.invalidClient),
  caseId: optionalUuid(DOCUMENT_MESSAGES.invalidCase),
  observacoes: optionalText('Observações', DOCUMENT_LIMITS.observacoes),
  /** 'Compartilhar com o cliente' (issue 26); off unless 'true'. */
  compartilhadoCliente: shareParam,
  /** A sócio's confirmation that a confidencial document is shared on purpose. */
  confirmarConfidencial: shareParam,
})
export type DocumentUploadQuery = z.input<typeof documentUploadQuery>
type UploadOutput = z.output<typeof documentUploadQuery>
/** What a new document records; a document made by the app itself (a template's) is shared with no one. */
export type DocumentUploadData = Omit<UploadOutput, 'compartilhadoCliente' | 'confirmarConfidencial'> &
  Partial<Pick<UploadOutput, 'compartilhadoCliente' | 'confirmarConfidencial'>>

/** PATCH /api/documents/:id — any subset (at least one field); null/'' clears an optional field. */
export const documentUpdateBody = z
  .object({
    nome: requiredText('Nome', DOCUMENT_LIMITS.nome),
    pasta,
    nivelAcesso,
    etiquetas: tagList,
    clientId: optionalUuid(DOCUMENT_MESSAGES.invalidClient),
    caseId: optionalUuid(DOCUMENT_MESSAGES.invalidCase),
    observacoes: optionalText('Observações', DOCUMENT_LIMITS.observacoes),
    compartilhadoCliente: shareFlag,
    /** A sócio's confirmation that a confidencial document is shared on purpose (no change by itself). */
    confirmarConfidencial: shareFlag,
  })
  .partial()
  .refine(
    ({ confirmarConfidencial: _confirmation, ...data }) => Object.values(data).some((v) => v !== undefined),
    DOCUMENT_MESSAGES.emptyUpdate,
  )
export type DocumentUpdateInput = z.input<typeof documentUpdateBody>
export type DocumentUpdateData = z.output<typeof documentUpdateBody>

/** POST /api/documents/:id/versions?name=… (raw bytes). */
export const documentVersionQuery = z.object({
  name: requiredText('Nome do arquivo', DOCUMENT_LIMITS.originalName),
})
export type DocumentVersionQuery = z.input<typeof documentVersionQuery>

/** GET /api/documents/:id/file?version=N&disposition=inline|attachment */
export const documentFileQuery = z.object({
  version: z.coerce
    .number({ error: DOCUMENT_MESSAGES.versionNotFound })
    .int(DOCUMENT_MESSAGES.versionNotFound)
    .min(1, DOCUMENT_MESSAGES.versionNotFound)
    .max(1_000_000, DOCUMENT_MESSAGES.versionNotFound)
    .optional(),
  disposition: z.enum(['inline', 'attachment'], { error: 'Disposição inválida' }).default('attachment'),
})
export type DocumentFileQuery = z.input<typeof documentFileQuery>

export const documentIdParam = z.object({ id: z.uuid({ error: DOCUMENT_MESSAGES.notFound }) })

// The list's answer is a schema (strict: a key added or dropped on one side fails the routes test), so the
// OpenAPI document (routeDoc's `response`) and the type the page trusts come from one source.

export const documentPersonSchema = z.strictObject({ id: z.string(), nome: z.string() })
export type DocumentPerson = z.infer<typeof documentPersonSchema>

/** One document (list row, detail, answers of upload/patch/restore). */
export const documentRowSchema = z.strictObject({
  id: z.string(),
  nome: z.string(),
  originalName: z.string(),
  tipo: z.enum(DOCUMENT_FILE_TYPES),
  mimeType: z.string(),
  pasta: z.enum(DOCUMENT_FOLDERS),
  nivelAcesso: z.enum(DOCUMENT_ACCESS_LEVELS),
  versao: z.number(),
  /** Bytes of the current version (the UI formats '1,2 MB'). */
  tamanho: z.number(),
  etiquetas: z.array(z.string()),
  observacoes: z.string().nullable(),
  /** 'Compartilhar com o cliente': the client portal shows the document. */
  compartilhadoCliente: z.boolean(),
  cliente: z.strictObject({ id: z.string(), nomeCompleto: z.string() }).nullable(),
  caso: z
    .strictObject({ id: z.string(), titulo: z.string(), numeroProcesso: z.string().nullable() })
    .nullable(),
  enviadoPor: documentPersonSchema.nullable(),
  /** ISO instant of the first version. */
  dataUpload: z.string(),
  updatedAt: z.string(),
})
export type DocumentRow = z.infer<typeof documentRowSchema>

export interface DocumentVersionRow {
  versao: number
  tamanho: number
  tipo: DocumentFileType
  originalName: string
  enviadoPor: DocumentPerson | null
  createdAt: string
}

export const documentListSchema = z.strictObject({
  items: z.array(documentRowSchema),
  /** Exact up to 10 000 (1 000 for a search); beyond that the cap with totalCapped = true (show '10.000+'). */
  total: z.number(),
  totalCapped: z.boolean().optional(),
})
export type DocumentList = z.infer<typeof documentListSchema>

export interface DocumentDetail {
  document: DocumentRow
  /** Newest first. */
  versions: DocumentVersionRow[]
}

export interface DocumentStats {
  total: number
  /** Always 5 (spec §9). */
  pastas: number
  confidenciais: number
  /** Uploaded this calendar month in America/Sao_Paulo. */
  esteMes: number
  porPasta: Record<DocumentFolder, number>
}
