import { z } from 'zod'
import { newPassword } from '../auth/auth.public'

// Shared contract of the Portal do Cliente (issue 26): statuses, texts and request bodies, used by the server
// (validate) and the browser (forms) alike.

export const PORTAL_ACCESS_STATUS_VALUES = ['nenhum', 'convidado', 'ativo', 'revogado'] as const
export type PortalAccessStatus = (typeof PORTAL_ACCESS_STATUS_VALUES)[number]

/** Days an invitation link stays valid. */
export const PORTAL_INVITE_DAYS = 7

export const PORTAL_MESSAGES = {
  forbidden: 'Você não tem acesso a este portal.',
  inviteInvalid: 'Este convite não é válido ou já foi usado.',
  inviteExpired: 'Este convite expirou. Peça ao escritório um novo convite.',
  inviteOtherAccount:
    'Este convite foi enviado para outro e-mail. Saia da conta atual e entre com o e-mail convidado.',
  inviteNeedsSignIn: 'Já existe uma conta com este e-mail. Entre com sua senha para aceitar o convite.',
  clientWithoutEmail: 'Cadastre o e-mail do cliente antes de convidá-lo para o portal.',
  clientNotFound: 'Cliente não encontrado.',
  portalAccount: 'Esta conta acessa o Portal do Cliente.',
  passwordRequired: 'Crie uma senha para acessar o portal.',
} as const

export const portalAccessStatusSchema = z.object({
  status: z.enum(PORTAL_ACCESS_STATUS_VALUES),
  email: z.string().nullable(),
  invitedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  lastAccessAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
})
export type PortalAccessStatusDto = z.infer<typeof portalAccessStatusSchema>

/** Accepting an invitation without an account: the client's name and new password. */
export const acceptInviteSchema = z.object({
  /** Absent when the invited e-mail already has an account and its owner is signed in. */
  password: newPassword.optional(),
})
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>

/** GET /api/portal/invites/:token: what the acceptance page shows (the token is the credential). */
export interface PortalInviteInfo {
  officeName: string
  email: string
  /** An account with this e-mail exists: sign in to accept instead of creating a password. */
  accountExists: boolean
  /** The account signed in on this browser, if any (it must be the invited e-mail's). */
  signedInEmail: string | null
}

export interface PortalInviteAccepted {
  officeId: string
}
