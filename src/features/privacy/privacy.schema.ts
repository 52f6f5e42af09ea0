import { z } from 'zod'

// LGPD (Lei 13.709/2018, arts. 18 and 46): the contracts shared by the privacy routes and the screens.

/** Days between asking to delete an account and its deletion: time to change one's mind (and cancel). */
export const DELETION_GRACE_DAYS = 7

/** What an erased client is called from then on, wherever its cases and amounts show it. */
export const ANONYMIZED_CLIENT_NAME = 'Cliente anonimizado'

/** What a deleted account's team record (and so its content in other offices) is shown as. */
export const REMOVED_USER_NAME = 'Usuário removido'

/** The word typed to confirm an anonymisation: irreversible, so never a single click. */
export const ANONYMIZE_CONFIRMATION = 'ANONIMIZAR'

export const PRIVACY_MESSAGES = {
  wrongPassword: 'Senha incorreta.',
  lastSocio: (office: string) =>
    `Você é o último sócio ativo do escritório "${office}", que tem outros membros. Promova outro membro a sócio em Gestão de Equipe, ou desative os demais membros para encerrar o escritório, antes de excluir sua conta.`,
  alreadyRequested: 'A exclusão da sua conta já está agendada.',
  noRequest: 'Não há exclusão de conta agendada.',
  clientNotFound: 'Cliente não encontrado.',
} as const

/** POST /api/privacy/deletion: the password confirms it is the account's owner asking. */
export const requestDeletionSchema = z.object({
  password: z
    .string({ error: 'Informe sua senha para confirmar.' })
    .min(1, { error: 'Informe sua senha para confirmar.' })
    .max(128, { error: 'Senha incorreta.' }),
})
export type RequestDeletionInput = z.infer<typeof requestDeletionSchema>

/** POST /api/clients/:id/anonymize: the confirmation word, typed by the user. */
export const anonymizeClientSchema = z.object({
  confirmacao: z.literal(ANONYMIZE_CONFIRMATION, {
    error: `Digite ${ANONYMIZE_CONFIRMATION} para confirmar a anonimização.`,
  }),
})
export type AnonymizeClientInput = z.infer<typeof anonymizeClientSchema>

/** An office the deletion would close (the user is its only active member with an account). */
export interface OfficeToClose {
  id: string
  nome: string
}

/** GET /api/privacy/deletion: the pending request (if any) and what a deletion would do now. */
export interface DeletionStatus {
  /** ISO instants; null when no deletion is scheduled. */
  requestedAt: string | null
  scheduledFor: string | null
  /** Offices closed with the account (their data deleted). */
  officesToClose: OfficeToClose[]
  /** Set when the user must hand over an office first: the pt-BR reason (the same 409 message). */
  blockedBy: string | null
}

/** POST /api/clients/:id/anonymize: what remains of the client. */
export interface AnonymizedClient {
  id: string
  nomeCompleto: string
  /** Cases kept linked to the anonymised client. */
  casesCount: number
}
