import { z } from 'zod'
import { isValidPhone } from '../../lib/br/phone'

// The network's contracts (issue 13), shared by the routes and the browser: reviews, 'Denunciar'
// reports, OAB verification, connections and the public profile's contact form.

export const NETWORK_MESSAGES = {
  lawyerNotFound: 'Advogado não encontrado.',
  selfReview: 'Você não pode avaliar o seu próprio perfil.',
  reviewNotFound: 'Avaliação não encontrada.',
  reportTargetNotFound: 'Conteúdo não encontrado.',
  reportNotFound: 'Denúncia não encontrada.',
  reportAlreadyResolved: 'Esta denúncia já foi resolvida.',
  selfReport: 'Você não pode denunciar o seu próprio conteúdo.',
  onlyLawyersVerify: 'Apenas advogados podem solicitar a verificação da OAB.',
  verificationPending: 'Você já tem uma solicitação de verificação em análise.',
  verificationAlreadyApproved: 'Sua OAB já está verificada.',
  verificationNotFound: 'Solicitação de verificação não encontrada.',
  verificationDecided: 'Esta solicitação já foi decidida.',
  verificationNeedsReason: 'Informe o motivo da rejeição.',
  fileEmpty: 'O arquivo está vazio.',
  fileType: 'Envie uma foto (JPG, PNG ou WEBP) ou um PDF da sua carteira da OAB.',
  fileTooLarge: 'O arquivo passa do limite de 10 MB.',
  fileAborted: 'O envio foi interrompido. Tente novamente.',
  fileUnavailable: 'Arquivo indisponível no momento.',
  connectionNotAllowed: 'Conexões são apenas entre advogados e estudantes.',
  connectionSelf: 'Você não pode se conectar com você mesmo.',
  connectionExists: 'Já existe uma conexão ou solicitação entre vocês.',
  connectionNotFound: 'Conexão não encontrada.',
  userNotFound: 'Usuário não encontrado.',
  contactSent: 'Mensagem enviada ao advogado.',
} as const

const trimmed = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong })

// ---------- Reviews ----------

export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'Escolha uma nota de 1 a 5.' })
    .int({ error: 'Escolha uma nota de 1 a 5.' })
    .min(1, { error: 'Escolha uma nota de 1 a 5.' })
    .max(5, { error: 'Escolha uma nota de 1 a 5.' }),
  texto: trimmed(2000, 'Escreva a sua avaliação.', 'A avaliação pode ter no máximo 2000 caracteres.'),
})
export type ReviewInput = z.input<typeof reviewInputSchema>

export const lawyerParamSchema = z.object({ lawyer: z.string().min(1).max(120) })

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})

export interface PublicReview {
  id: string
  rating: number
  texto: string
  /** The reviewer's name only: never an e-mail, a phone or a link to a private profile. */
  reviewerName: string
  createdAt: string
  updatedAt: string
  /** The signed-in viewer wrote it (the form edits it). */
  mine: boolean
}

export interface ReviewSummary {
  average: number | null
  count: number
}

export interface ReviewPage extends ReviewSummary {
  lawyerUserId: string
  items: PublicReview[]
  total: number
  /** Whether the signed-in viewer may review this lawyer (signed in and not the lawyer). */
  canReview: boolean
  mine: { rating: number; texto: string } | null
}

// ---------- Reports ('Denunciar') ----------

export const REPORT_TARGET_TYPES = ['profile', 'review', 'job'] as const
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number]

export const reportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: 'Tipo de conteúdo inválido.' }),
  targetId: z.string({ error: 'Conteúdo inválido.' }).trim().min(1).max(120),
  motivo: trimmed(1000, 'Descreva o motivo da denúncia.', 'O motivo pode ter no máximo 1000 caracteres.'),
})
export type ReportInput = z.input<typeof reportInputSchema>

export interface ReportResult {
  id: string
  /** false when an open report of the same reporter on the same target already existed. */
  created: boolean
}

export interface ContentReportItem {
  id: string
  reporterUserId: string | null
  reporterName: string | null
  targetType: ReportTargetType
  targetId: string
  /**
   * What is reported, for the moderator: the profile's name, the review's text (and whether it is
   * hidden already), the job's title; null when the target no longer exists.
   */
  target: { title: string; detail: string | null; hidden: boolean } | null
  motivo: string
  status: 'pendente' | 'resolvida'
  decision: string | null
  decidedBy: string | null
  decidedAt: string | null
  createdAt: string
}

export const resolveReportSchema = z.object({
  decision: trimmed(1000, 'Descreva a decisão.', 'A decisão pode ter no máximo 1000 caracteres.'),
  /** Hide the reported review (only reviews can be hidden here). */
  hide: z.boolean().default(false),
})

// ---------- OAB verification ----------

export const OAB_FILE_MAX_BYTES = 10 * 1024 * 1024
export const VERIFICATION_STATUSES = ['pendente', 'aprovada', 'rejeitada'] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

export interface VerificationState {
  /** The latest request, or null when the lawyer never asked. */
  request: {
    id: string
    status: VerificationStatus
    motivo: string | null
    createdAt: string
    decidedAt: string | null
  } | null
  verifiedAt: string | null
}

export interface VerificationRequestItem {
  id: string
  userId: string
  nomeCompleto: string
  oabNumero: string | null
  oabEstado: string | null
  mime: string
  size: number
  /** The card (GET, superadmins and the owner only). */
  fileUrl: string
  status: VerificationStatus
  motivo: string | null
  createdAt: string
  decidedAt: string | null
}

export const decideVerificationSchema = z
  .object({
    approve: z.boolean({ error: 'Informe a decisão.' }),
    motivo: z.string().trim().max(1000, { error: 'O motivo pode ter no máximo 1000 caracteres.' }).optional(),
  })
  .refine((value) => value.approve || (value.motivo ?? '').length > 0, {
    error: NETWORK_MESSAGES.verificationNeedsReason,
    path: ['motivo'],
  })

export const idParamSchema = z.object({ id: z.uuid({ error: 'Identificador inválido.' }) })

// ---------- Connections ----------

export type ConnectionState =
  'none' | 'pendente_enviada' | 'pendente_recebida' | 'aceita' | 'self' | 'unavailable'

export interface ConnectionStatus {
  userId: string
  state: ConnectionState
  connectionId: string | null
  count: number
}

export interface ConnectionPerson {
  connectionId: string
  userId: string
  nomeCompleto: string
  userType: 'advogado' | 'estudante' | 'entidade'
  avatarUrl: string | null
  since: string
}

export interface ConnectionLists {
  connections: ConnectionPerson[]
  received: ConnectionPerson[]
  sent: ConnectionPerson[]
  count: number
}

export const userParamSchema = z.object({ userId: z.string().min(1).max(120) })

export const respondConnectionSchema = z.object({ accept: z.boolean({ error: 'Informe a resposta.' }) })

// ---------- Contact form ----------

export const contactInputSchema = z.object({
  nome: trimmed(160, 'Informe o seu nome.', 'O nome pode ter no máximo 160 caracteres.'),
  email: z
    .string({ error: 'Informe o seu e-mail.' })
    .trim()
    .min(1, { error: 'Informe o seu e-mail.' })
    .max(254, { error: 'E-mail longo demais.' })
    .pipe(z.email({ error: 'E-mail inválido.' })),
  telefone: z
    .string()
    .trim()
    .max(20, { error: 'Telefone inválido.' })
    .refine((value) => value === '' || isValidPhone(value), { error: 'Telefone inválido.' })
    .optional(),
  mensagem: trimmed(3000, 'Escreva a sua mensagem.', 'A mensagem pode ter no máximo 3000 caracteres.'),
  /** Honeypot: hidden from people; a bot that fills it is answered as if it worked and nothing is kept. */
  website: z.string().max(500).optional(),
})
export type ContactInput = z.input<typeof contactInputSchema>

export interface ContactResult {
  ok: true
  message: string
}
