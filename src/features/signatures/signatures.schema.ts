import { z } from 'zod'
import { isValidCpf, cpfDigits } from '../../lib/br/cpf'

// The shapes of /api/signatures/* (issue 25), shared by the routes and the pages. Browser-safe.

export const SIGNATURE_STATUSES = ['pendente', 'assinado', 'recusado', 'expirado', 'cancelado'] as const
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number]

export const SIGNATURE_LINK_DAYS = 7
export const SIGNATURE_MAX_ATTEMPTS = 5
export const SIGNATURE_MAX_SIGNERS = 10
/** The /verificar upload: a signed document (≤ 10 MB) plus its evidence page and signature. */
export const VERIFY_MAX_BYTES = 20 * 1024 * 1024

export const SIGNATURE_MESSAGES = {
  notFound: 'Solicitação de assinatura não encontrada.',
  documentNotFound: 'Documento não encontrado.',
  notPdf: 'Só é possível enviar um documento PDF para assinatura.',
  alreadyPending: 'Este documento já tem uma solicitação de assinatura em andamento.',
  linkNotFound: 'Link de assinatura inválido.',
  expired: 'Este link expirou.',
  locked: 'Este link foi bloqueado após 5 tentativas com código errado. Peça um novo envio ao escritório.',
  cancelled: 'Esta solicitação de assinatura foi cancelada pelo escritório.',
  refused: 'Esta solicitação de assinatura foi recusada.',
  alreadySigned: 'Você já assinou este documento.',
  noCode: 'Peça o código de verificação antes de assinar.',
  codeExpired: 'O código expirou. Peça um novo código.',
  wrongCode: 'Código incorreto.',
  cpfMismatch: 'O CPF informado não confere com o cadastro deste signatário.',
  invalidCpf: 'CPF inválido.',
  consent: 'É preciso concordar para assinar.',
  notPending: 'Esta solicitação não está mais aguardando assinatura.',
  verifyNeedsInput: 'Envie o PDF assinado ou digite o código de verificação.',
  verifyTooLarge: 'O arquivo passa de 20 MB.',
  verifyNotPdf: 'Envie um arquivo PDF.',
  codeNotFound: 'Nenhum documento assinado com este código.',
} as const

const optionalCpf = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((value) => (value ? cpfDigits(value) : undefined))
  .refine((value) => value === undefined || isValidCpf(value), { message: SIGNATURE_MESSAGES.invalidCpf })

export const signerInput = z.object({
  name: z.string().trim().min(3, 'Informe o nome completo.').max(200),
  email: z.email('E-mail inválido.').max(254),
  cpf: optionalCpf,
  /** The document's client: the signer's CPF is checked against the client record. */
  clientId: z.uuid().optional(),
})
export type SignerInput = z.input<typeof signerInput>

export const createSignatureBody = z.object({
  documentId: z.uuid(),
  signers: z
    .array(signerInput)
    .min(1, 'Informe ao menos um signatário.')
    .max(SIGNATURE_MAX_SIGNERS, `No máximo ${SIGNATURE_MAX_SIGNERS} signatários.`),
  message: z.string().trim().max(2000).optional(),
})
export type CreateSignatureBody = z.input<typeof createSignatureBody>

export const signatureListQuery = z.object({ documentId: z.uuid() })
export const signatureStatusQuery = z.object({ documentIds: z.string().max(4000) })

export interface SignatureSignerRow {
  id: string
  name: string
  email: string
  status: 'pendente' | 'assinado' | 'recusado' | 'expirado' | 'bloqueado' | 'cancelado'
  signedAt: string | null
}

export interface SignatureRequestRow {
  id: string
  documentId: string
  documentVersao: number
  status: SignatureStatus
  signed: number
  total: number
  message: string | null
  verificationCode: string
  signedVersao: number | null
  createdAt: string
  signers: SignatureSignerRow[]
}

/** The latest request's status of each document asked for (the documents table's badge). */
export type SignatureBadges = Record<string, { status: SignatureStatus; signed: number; total: number }>

export const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })

/** GET /api/signatures/public/:token */
export interface PublicSigningInfo {
  documentName: string
  officeName: string
  signerName: string
  maskedEmail: string
  message: string | null
  state: 'pendente' | 'assinado' | 'recusado' | 'expirado' | 'bloqueado' | 'cancelado'
  codeSent: boolean
  signedAt: string | null
}

export const signBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'O código tem 6 dígitos.'),
  fullName: z.string().trim().min(3, 'Informe o nome completo.').max(200),
  cpf: z
    .string()
    .trim()
    .max(20)
    .transform((value) => cpfDigits(value))
    .refine(isValidCpf, { message: SIGNATURE_MESSAGES.invalidCpf }),
  consent: z.literal(true, { error: SIGNATURE_MESSAGES.consent }),
})
export type SignBody = z.input<typeof signBody>

export const refuseBody = z.object({ reason: z.string().trim().max(1000).optional() })

export const verifyCodeQuery = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}-?[A-Z0-9]{4}$/, 'Código inválido.'),
})

/** What /verificar shows. */
export interface VerificationResult {
  intact: boolean
  status: 'intact' | 'tampered' | 'unsigned' | 'foreign' | 'registered'
  verificationCode: string | null
  documentName: string | null
  signedAt: string | null
  signers: { name: string; maskedCpf: string; email: string; signedAt: string | null }[]
}
