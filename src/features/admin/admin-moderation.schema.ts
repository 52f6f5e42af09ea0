import { z } from 'zod'
import '../../lib/zod-pt-br'
import { isValidPhone } from '../../lib/br/phone'
import { PROFILE_TYPES } from './admin.schema'

// Contract of the superadmin's blocks, profile fixes and /admin/moderation (issue 14).

export const ADMIN_MODERATION_MESSAGES = {
  selfBlock: 'Você não pode bloquear a sua própria conta.',
  masterBlock: 'A conta master não pode ser bloqueada.',
  alreadyBlocked: 'Este usuário já está bloqueado.',
  notBlocked: 'Este usuário não está bloqueado.',
  profileNotFound: 'Perfil não encontrado.',
} as const

export const blockUserSchema = z.object({
  reason: z
    .string({ error: 'Informe o motivo do bloqueio.' })
    .trim()
    .min(1, 'Informe o motivo do bloqueio.')
    .max(500, 'O motivo pode ter no máximo 500 caracteres.'),
})
export type BlockUserInput = z.input<typeof blockUserSchema>

export const profileIdParamSchema = z.object({ profileId: z.uuid({ error: 'Identificador inválido.' }) })

/** What a superadmin may fix on a profile: the name, the phone ('' allowed) and a wrong user type. */
export const adminProfileEditSchema = z.object({
  nomeCompleto: z
    .string({ error: 'Informe o nome completo.' })
    .trim()
    .min(1, 'Informe o nome completo.')
    .max(120, 'Nome completo: máximo de 120 caracteres'),
  telefone: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidPhone(value), 'Telefone inválido'),
  userType: z.enum(PROFILE_TYPES, { error: 'Tipo inválido' }),
})
export type AdminProfileEditInput = z.input<typeof adminProfileEditSchema>

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})

export interface BlockResult {
  userId: string
  blocked: boolean
  /** Sessions ended by the block (0 on unblock). */
  sessionsEnded: number
}

export interface BlockedUserItem {
  userId: string
  nomeCompleto: string | null
  email: string
  reason: string
  blockedBy: string | null
  blockedByName: string | null
  blockedAt: string
}

/**
 * /admin/moderation's counters. pendentes: OAB verification requests awaiting a decision; denunciados:
 * open reports; bloqueados: blocks in force; resolvidos: decided verifications + resolved reports + lifted
 * blocks.
 */
export interface ModerationSummary {
  pendentes: number
  denunciados: number
  bloqueados: number
  resolvidos: number
}

export const HISTORY_KINDS = ['verificacao', 'denuncia', 'bloqueio', 'desbloqueio'] as const
export type HistoryKind = (typeof HISTORY_KINDS)[number]

export interface ModerationHistoryItem {
  /** `<kind>:<row id>`, stable across pages. */
  key: string
  kind: HistoryKind
  /** What was decided: 'aprovada'/'rejeitada' (verification), the report's decision, 'bloqueio'. */
  outcome: string
  /** Who or what the decision is about (a name, or the reported content's kind). */
  subject: string | null
  reason: string | null
  actorId: string | null
  actorName: string | null
  at: string
}

export interface ModerationHistoryPage {
  items: ModerationHistoryItem[]
  total: number
}
