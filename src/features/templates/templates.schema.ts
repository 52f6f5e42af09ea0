import { z } from 'zod'
import '../../lib/zod-pt-br'
import { NOTHING_TO_UPDATE, optionalUuid, requiredText } from '../../lib/zod-fields'
import type { DocumentAccessLevel } from '../documents/documents.public'

// Contract of /api/templates (issue 25, Modelos de documentos), shared by the templates UI and the server
// routes. No server imports here: the browser bundles this file.

/** The kinds of template; the kind chooses the Documents folder a generated piece goes to. */
export const TEMPLATE_KINDS = [
  'procuracao',
  'contrato',
  'declaracao',
  'substabelecimento',
  'recibo',
  'outro',
] as const
export type TemplateKind = (typeof TEMPLATE_KINDS)[number]
export const TEMPLATE_KIND_LABELS: Readonly<Record<TemplateKind, string>> = {
  procuracao: 'Procuração',
  contrato: 'Contrato',
  declaracao: 'Declaração',
  substabelecimento: 'Substabelecimento',
  recibo: 'Recibo',
  outro: 'Outro',
}

/**
 * The documents' access levels (spec §4), repeated here because the documents' browser surface loads React
 * components and this file is loaded by the server too; `satisfies` keeps the two lists the same.
 */
export const GENERATED_ACCESS_LEVELS = [
  'publico',
  'restrito',
  'confidencial',
] as const satisfies readonly DocumentAccessLevel[]
export const GENERATED_ACCESS_LABELS: Readonly<Record<DocumentAccessLevel, string>> = {
  publico: 'Público',
  restrito: 'Restrito',
  confidencial: 'Confidencial',
}

/** 'editor': HTML edited in the browser; 'docx': an uploaded Word file with `{grupo.campo}` fields. */
export const TEMPLATE_SOURCES = ['editor', 'docx'] as const
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number]

/** Column limits, enforced here and by check constraints in the table. */
export const TEMPLATE_LIMITS = {
  name: 120,
  html: 200_000,
  override: 2000,
  overrides: 100,
} as const

/** The largest .docx accepted as a template. */
export const MAX_TEMPLATE_DOCX_BYTES = 5 * 1024 * 1024
/** For the file picker's `accept` attribute (a hint only: the server reads the file). */
export const TEMPLATE_DOCX_ACCEPT = '.docx'

/** pt-BR texts the server sends (toasts show them as they are). */
export const TEMPLATE_MESSAGES = {
  notFound: 'Modelo não encontrado.',
  invalidKind: 'Tipo de modelo inválido',
  invalidClient: 'Cliente inválido.',
  invalidCase: 'Caso inválido.',
  clientNotFound: 'Cliente não encontrado.',
  caseNotFound: 'Caso não encontrado.',
  fileUnavailable: 'O arquivo do modelo está indisponível. Envie o modelo novamente.',
  clientRequired: 'Selecione o cliente.',
  invalidAccess: 'Nível de acesso inválido',
  emptyUpdate: NOTHING_TO_UPDATE,
  emptyHtml: 'O texto do modelo está vazio.',
  htmlTooLong: `Texto do modelo: máximo de ${TEMPLATE_LIMITS.html.toLocaleString('pt-BR')} caracteres`,
  tooLarge: 'O arquivo excede o limite de 5 MB.',
  aborted: 'O envio do arquivo foi interrompido. Tente novamente.',
  notDocx: 'Envie um arquivo do Word (.docx).',
  docxNotEditable: 'Este modelo veio de um arquivo do Word: envie um novo arquivo para alterar o texto.',
  unknownFields: (fields: readonly string[]) =>
    fields.length === 1
      ? `Campo desconhecido no modelo: {${fields[0] ?? ''}}.`
      : `Campos desconhecidos no modelo: ${fields.map((f) => `{${f}}`).join(', ')}.`,
  invalidOverride: 'Valor preenchido inválido.',
} as const

const kind = z.enum(TEMPLATE_KINDS, { error: TEMPLATE_MESSAGES.invalidKind })
const html = z
  .string({ error: TEMPLATE_MESSAGES.emptyHtml })
  .max(TEMPLATE_LIMITS.html, TEMPLATE_MESSAGES.htmlTooLong)
  .refine((v) => v.trim() !== '', TEMPLATE_MESSAGES.emptyHtml)

/** POST /api/templates — a template written in the editor. */
export const templateCreateBody = z.object({
  name: requiredText('Nome', TEMPLATE_LIMITS.name),
  kind,
  html,
})
export type TemplateCreateInput = z.input<typeof templateCreateBody>
export type TemplateCreateData = z.output<typeof templateCreateBody>

/** PATCH /api/templates/:id — any subset (at least one field). `html` only for an editor template. */
export const templateUpdateBody = templateCreateBody
  .partial()
  .refine((data) => Object.values(data).some((v) => v !== undefined), TEMPLATE_MESSAGES.emptyUpdate)
export type TemplateUpdateInput = z.input<typeof templateUpdateBody>
export type TemplateUpdateData = z.output<typeof templateUpdateBody>

/** POST /api/templates/upload?name=…&kind=… (the body is the raw .docx bytes). */
export const templateUploadQuery = z.object({
  name: requiredText('Nome', TEMPLATE_LIMITS.name),
  kind,
})
export type TemplateUploadQuery = z.input<typeof templateUploadQuery>

export const templateIdParam = z.object({ id: z.uuid({ error: TEMPLATE_MESSAGES.notFound }) })

/**
 * The honorários of a contract or receipt, typed by the user when generating (they are not kept in any
 * record). Money as '1234.56' (or pt-BR '1.234,56'); percentual as '20' or '20,5'.
 */
export const HONORARIOS_TYPES = ['fixo', 'parcelado', 'exito'] as const
export const honorariosBody = z.object({
  tipo: z.enum(HONORARIOS_TYPES, { error: 'Tipo de honorários inválido' }).optional(),
  valor: z
    .string({ error: 'Valor dos honorários inválido' })
    .trim()
    .max(20, 'Valor dos honorários inválido')
    .regex(/^(\d{1,9}([.,]\d{1,2})?|\d{1,3}(\.\d{3}){1,2}(,\d{1,2})?)?$/, 'Valor dos honorários inválido')
    .optional(),
  parcelas: z
    .number({ error: 'Número de parcelas inválido' })
    .int('Número de parcelas inválido')
    .min(1, 'Número de parcelas inválido')
    .max(360, 'Número de parcelas inválido')
    .optional(),
  percentual: z
    .string({ error: 'Percentual inválido' })
    .trim()
    .regex(/^(100([.,]0{1,2})?|\d{1,2}([.,]\d{1,2})?)?$/, 'Percentual inválido')
    .optional(),
})
export type HonorariosBody = z.output<typeof honorariosBody>

/** POST /api/templates/:id/preview */
export const templatePreviewBody = z.object({
  clientId: z.uuid({ error: TEMPLATE_MESSAGES.clientRequired }),
  caseId: optionalUuid(TEMPLATE_MESSAGES.invalidCase),
  honorarios: honorariosBody.optional(),
})
export type TemplatePreviewInput = z.input<typeof templatePreviewBody>
export type TemplatePreviewData = z.output<typeof templatePreviewBody>

/**
 * POST /api/templates/:id/generate — the preview's body plus the access level of the two documents and
 * the values the user typed for missing fields (key → text, e.g. { 'cliente.rg': '12.345.678-9' }).
 * A field still missing becomes a blank line to fill by hand.
 */
export const templateGenerateBody = templatePreviewBody.extend({
  nivelAcesso: z.enum(GENERATED_ACCESS_LEVELS, { error: TEMPLATE_MESSAGES.invalidAccess }),
  overrides: z
    .record(
      z.string().regex(/^[a-z_]+\.[a-z0-9_]+$/, TEMPLATE_MESSAGES.invalidOverride),
      z.string({ error: TEMPLATE_MESSAGES.invalidOverride }).max(TEMPLATE_LIMITS.override),
    )
    .refine((v) => Object.keys(v).length <= TEMPLATE_LIMITS.overrides, TEMPLATE_MESSAGES.invalidOverride)
    .optional(),
})
export type TemplateGenerateInput = z.input<typeof templateGenerateBody>
export type TemplateGenerateData = z.output<typeof templateGenerateBody>

export interface TemplatePerson {
  id: string
  nome: string
}

/** One template in the list (GET /api/templates). */
export interface TemplateListItem {
  id: string
  name: string
  kind: TemplateKind
  source: TemplateSource
  /** True for the five templates every office starts with (they may be edited or deleted like any other). */
  seeded: boolean
  createdBy: TemplatePerson | null
  createdAt: string
  updatedAt: string
}

export interface TemplateList {
  items: TemplateListItem[]
}

/** GET /api/templates/:id (and the answer of create/patch/upload). */
export interface TemplateDetail extends TemplateListItem {
  /** The editor's HTML; for a 'docx' template, the Word file's text converted for reading. */
  html: string
  /** The `{grupo.campo}` fields the template uses (sorted, unique). */
  placeholders: string[]
}

export interface MissingField {
  key: string
  label: string
}

/** POST /api/templates/:id/preview */
export interface TemplatePreview {
  /** The filled text; a missing field is `<mark data-missing="key">Campo sem valor: …</mark>`. */
  html: string
  missing: MissingField[]
}

/** POST /api/templates/:id/generate */
export interface TemplateGenerated {
  pdfDocumentId: string
  docxDocumentId: string
  /** The PDF's name in Documentos ('Procuração ad judicia et extra — Maria Silva.pdf'). */
  pdfName: string
}
