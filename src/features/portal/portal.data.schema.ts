import { z } from 'zod'
import '../../lib/zod-pt-br'

// Contract of the client's side of the Portal do Cliente (issue 26): what /api/portal/accesses and
// /api/portal/o/:officeId/* answer. Strict schemas: the routes document them (routeDoc `response`), the
// tests parse the real answers with them, and the portal's pages trust the types derived here. No server
// imports: the browser bundles this file.

export const PORTAL_DATA_MESSAGES = {
  caseNotFound: 'Processo não encontrado.',
  documentNotFound: 'Documento não encontrado.',
  chargeNotFound: 'Cobrança não encontrada.',
  pixNotConfigured: 'O escritório ainda não configurou a chave Pix.',
  receiptNotPaid: 'O recibo fica disponível quando o pagamento for confirmado.',
} as const

/** A case's status as a client reads it (cases.schema.ts CASE_STATUSES → plain words). */
export const PORTAL_CASE_STATUS_LABELS: Readonly<Record<string, string>> = {
  aberto: 'Iniciado',
  andamento: 'Em andamento',
  concluido: 'Encerrado',
  arquivado: 'Arquivado',
}

/** An agenda event's type as a client reads it (agenda.schema.ts EVENT_TYPES). */
export const PORTAL_EVENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  audiencia: 'Audiência',
  prazo: 'Prazo',
  reuniao: 'Reunião',
  lembrete: 'Compromisso',
}

/** What a client sees of a receivable: 'vencido' is derived as the financial feature derives it. */
export const PORTAL_CHARGE_STATUSES = ['pendente', 'vencido', 'pago'] as const
export type PortalChargeStatus = (typeof PORTAL_CHARGE_STATUSES)[number]

// ---- GET /api/portal/accesses

export const portalAccessListSchema = z.strictObject({
  items: z.array(
    z.strictObject({
      officeId: z.string(),
      officeName: z.string(),
      clientName: z.string(),
    }),
  ),
})
export type PortalAccessList = z.infer<typeof portalAccessListSchema>

// ---- pieces shared by the home, the case page and the export

const movementSchema = z.strictObject({
  /** ISO instant of the movement. */
  data: z.string(),
  /** Plain text (no HTML): the movement's name and its complements. */
  texto: z.string(),
})
export type PortalMovement = z.infer<typeof movementSchema>

export const portalEventSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  tipo: z.string(),
  tipoLabel: z.string(),
  /** ISO instant. */
  inicio: z.string(),
  /** ISO instant, or null: an agenda event has a start only. */
  fim: z.string().nullable(),
  diaInteiro: z.boolean(),
  local: z.string().nullable(),
  caseId: z.string().nullable(),
})
export type PortalEvent = z.infer<typeof portalEventSchema>

export const portalDocumentSchema = z.strictObject({
  id: z.string(),
  nome: z.string(),
  /** File type of the current version ('PDF', 'DOCX'…). */
  tipo: z.string(),
  /** Bytes of the current version. */
  size: z.number(),
  /** ISO instant. */
  createdAt: z.string(),
  caseId: z.string().nullable(),
})
export type PortalDocument = z.infer<typeof portalDocumentSchema>

export const portalChargeSchema = z.strictObject({
  id: z.string(),
  descricao: z.string(),
  /** '1234.56'. */
  valor: z.string(),
  /** 'YYYY-MM-DD'. */
  dataVencimento: z.string(),
  status: z.enum(PORTAL_CHARGE_STATUSES),
  /** 'YYYY-MM-DD' once paid. */
  dataPagamento: z.string().nullable(),
  caseId: z.string().nullable(),
})
export type PortalCharge = z.infer<typeof portalChargeSchema>

export const portalSignatureSchema = z.strictObject({
  requestId: z.string(),
  documentName: z.string(),
  /** ISO instant the office sent it. */
  sentAt: z.string(),
})
export type PortalSignature = z.infer<typeof portalSignatureSchema>

export const portalCaseCardSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  /** Formatted CNJ number ('0000000-00.0000.0.00.0000'), or null. */
  numeroProcesso: z.string().nullable(),
  status: z.string(),
  statusLabel: z.string(),
  areaLabel: z.string(),
  tribunal: z.string().nullable(),
  nextHearing: z
    .strictObject({ inicio: z.string(), titulo: z.string(), local: z.string().nullable() })
    .nullable(),
  lastMovement: movementSchema.nullable(),
})
export type PortalCaseCard = z.infer<typeof portalCaseCardSchema>

// ---- GET /api/portal/o/:officeId/home

export const portalHomeSchema = z.strictObject({
  office: z.strictObject({ nome: z.string() }),
  client: z.strictObject({ nome: z.string() }),
  cases: z.array(portalCaseCardSchema),
  /** Upcoming visible events, soonest first. */
  events: z.array(portalEventSchema),
  /** Shared documents, newest first. */
  documents: z.array(portalDocumentSchema),
  /** Open ones first (by due date), then paid ones (newest payment first). */
  charges: z.array(portalChargeSchema),
  signatures: z.array(portalSignatureSchema),
})
export type PortalHome = z.infer<typeof portalHomeSchema>

// ---- GET /api/portal/o/:officeId/cases/:caseId

export const portalCaseDetailSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  numeroProcesso: z.string().nullable(),
  status: z.string(),
  statusLabel: z.string(),
  areaLabel: z.string(),
  tribunal: z.string().nullable(),
  vara: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  dataInicio: z.string(),
  documents: z.array(portalDocumentSchema),
  /** Visible events of the case, past and upcoming, newest first. */
  events: z.array(portalEventSchema),
  /** Newest first. */
  movements: z.array(movementSchema),
})
export type PortalCaseDetail = z.infer<typeof portalCaseDetailSchema>

// ---- GET /api/portal/o/:officeId/charges/:entryId/pix

export const portalPixChargeSchema = z.strictObject({
  entryId: z.string(),
  /** The "Pix copia e cola" text, also the QR code's content. */
  payload: z.string(),
  /** '1234.56'. */
  valor: z.string(),
  txid: z.string(),
  descricao: z.string(),
  dataVencimento: z.string(),
  /** Who receives, as the payer's bank will show it. */
  recebedor: z.string(),
})
export type PortalPixCharge = z.infer<typeof portalPixChargeSchema>

// ---- request parameters

const uuidParam = (message: string) => z.uuid({ error: message })

export const portalOfficeParam = z.object({ officeId: uuidParam('Escritório não encontrado.') })
export const portalCaseParam = portalOfficeParam.extend({
  caseId: uuidParam(PORTAL_DATA_MESSAGES.caseNotFound),
})
export const portalDocumentParam = portalOfficeParam.extend({
  documentId: uuidParam(PORTAL_DATA_MESSAGES.documentNotFound),
})
export const portalChargeParam = portalOfficeParam.extend({
  entryId: uuidParam(PORTAL_DATA_MESSAGES.chargeNotFound),
})
