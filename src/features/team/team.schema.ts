import { z } from 'zod'
import { parseBRLToCents } from '../../lib/br/money'
import { isValidOabNumber } from '../../lib/br/oab'
import { isValidPhone } from '../../lib/br/phone'
import { UFS } from '../../lib/br/uf'
import { calendarDate } from '../../lib/zod-fields'
import { NIVEIS_ACESSO, type NivelAcesso } from '../offices/offices.public'

/** pt-BR messages of the team routes (toasts and field errors). */
export const TEAM_MESSAGES = {
  notFound: 'Membro não encontrado.',
  lastSocio: 'O escritório precisa de pelo menos um sócio ativo: promova outro membro a sócio antes.',
  duplicateEmail: 'Já existe um membro com este e-mail na equipe.',
  inviteNeedsEmail: 'Informe o e-mail para enviar o convite.',
  alreadyLinked: 'Este membro já tem acesso ao sistema.',
  noPendingInvite: 'Este membro não tem convite pendente.',
  inviteInvalid: 'Este convite não é válido: ele pode ter sido cancelado ou já utilizado.',
  inviteExpired: 'Este convite expirou. Peça ao escritório um novo convite.',
  inviteOtherEmail:
    'Este convite foi enviado para outro e-mail. Entre com a conta do e-mail convidado para aceitá-lo.',
  inviteInactive: 'Este membro foi desativado pelo escritório.',
  alreadyMember: 'Você já faz parte deste escritório.',
} as const

export const INVITE_TTL_DAYS = 7

/** What the team-management page calls each level (spec §6: Admin, Avançado, Básico). */
export const PERMISSION_LABELS: Readonly<Record<NivelAcesso, 'Admin' | 'Avançado' | 'Básico'>> = {
  socio: 'Admin',
  associado: 'Avançado',
  estagiario: 'Básico',
  assistente: 'Básico',
}

const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (value == null ? null : value.trim() || null))
    .pipe(z.string().max(max, message).nullable())

const VALOR_HORA_MESSAGE = 'Valor da hora inválido (de R$ 0,00 a R$ 999.999,99)'
const MAX_VALOR_HORA_CENTS = 99_999_999

const memberFields = {
  nomeCompleto: z
    .string({ error: 'Nome completo é obrigatório' })
    .trim()
    .min(1, 'Nome completo é obrigatório')
    .max(200, 'Nome muito longo'),
  email: z
    .union([z.string(), z.null()], { error: 'Email inválido' })
    .optional()
    .transform((value) => (value == null ? null : value.trim().toLowerCase() || null))
    .pipe(z.email('Email inválido').max(254, 'Email inválido').nullable()),
  telefone: optionalText(30, 'Telefone inválido').refine(
    (value) => value === null || isValidPhone(value),
    'Telefone inválido',
  ),
  cargo: optionalText(100, 'Cargo muito longo'),
  nivelAcesso: z.enum(NIVEIS_ACESSO, { error: 'Nível de acesso inválido' }),
  oabNumero: optionalText(12, 'Número da OAB inválido').refine(
    (value) => value === null || isValidOabNumber(value),
    'Número da OAB inválido',
  ),
  oabUf: z
    .union([z.enum(UFS), z.null()], { error: 'UF da OAB inválida' })
    .optional()
    .transform((value) => value ?? null),
  dataAdmissao: z
    .union([calendarDate('Data de admissão inválida'), z.null()], {
      error: 'Data de admissão inválida',
    })
    .optional()
    .transform((value) => value ?? null),
  especialidades: z
    .array(z.string().trim().min(1).max(60, 'Especialidade muito longa'), {
      error: 'Especialidades inválidas',
    })
    .max(30, 'No máximo 30 especialidades')
    .default([]),
  observacoes: optionalText(2000, 'Observações muito longas'),
  ativo: z.boolean({ error: 'Ativo inválido' }).default(true),
  /**
   * R$ per hour, valuing the member's billable time in the reports (issue 11): 150 / '150,00' → '150.00' (exact
   * decimal); '' or null clears it; absent leaves it as it is.
   */
  valorHora: z
    .union([z.number(), z.string(), z.null()], { error: VALOR_HORA_MESSAGE })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null) return value
      if (typeof value === 'string' && value.trim() === '') return null
      const cents = parseBRLToCents(value)
      if (cents === null || cents < 0 || cents > MAX_VALOR_HORA_CENTS) {
        ctx.addIssue({ code: 'custom', message: VALOR_HORA_MESSAGE })
        return z.NEVER
      }
      return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
    }),
}

/** 'Novo Membro': convidar sends the invitation e-mail (a member without system access leaves it off). */
export const createMemberSchema = z
  .object({ ...memberFields, convidar: z.boolean({ error: 'Convite inválido' }).default(true) })
  .superRefine((data, ctx) => {
    if (data.convidar && data.ativo && !data.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: TEAM_MESSAGES.inviteNeedsEmail })
  })
export type CreateMemberInput = z.input<typeof createMemberSchema>
export type CreateMemberData = z.output<typeof createMemberSchema>

/** 'Editar': the whole record (the editor sends every field, as the dialog shows them all). */
export const updateMemberSchema = z.object(memberFields)
export type UpdateMemberInput = z.input<typeof updateMemberSchema>
export type UpdateMemberData = z.output<typeof updateMemberSchema>

export const teamListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  nivel: z.enum([...NIVEIS_ACESSO, 'todos'], { error: 'Nível de acesso inválido' }).default('todos'),
})
export type TeamListQuery = z.input<typeof teamListQuerySchema>

export const memberIdParamSchema = z.object({ id: z.uuid({ error: TEAM_MESSAGES.notFound }) })
export const inviteTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, TEAM_MESSAGES.inviteInvalid),
})

/** Whether the member can sign in: linked account, pending invitation, or none (team record only). */
export const MEMBER_ACCESSES = ['conta', 'convite_pendente', 'sem_acesso'] as const
export type MemberAccess = (typeof MEMBER_ACCESSES)[number]

// The list's answer is a schema (strict: a key added or dropped on one side fails the routes test), so the
// OpenAPI document (routeDoc's `response`) and the type the page trusts come from one source.

export const teamMemberSchema = z.strictObject({
  id: z.string(),
  nomeCompleto: z.string(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  cargo: z.string().nullable(),
  nivelAcesso: z.enum(NIVEIS_ACESSO),
  oabNumero: z.string().nullable(),
  oabUf: z.string().nullable(),
  dataAdmissao: z.string().nullable(),
  especialidades: z.array(z.string()),
  observacoes: z.string().nullable(),
  ativo: z.boolean(),
  /** R$ per hour ('150.00'); only sócios see it (null for everyone else). */
  valorHora: z.string().nullable(),
  acesso: z.enum(MEMBER_ACCESSES),
  /** A request in the last 5 minutes. */
  online: z.boolean(),
  horasMes: z.number(),
  casosAtivos: z.number(),
  /** The signed-in user's own row. */
  voce: z.boolean(),
})
export type TeamMember = z.infer<typeof teamMemberSchema>

export const teamOverviewSchema = z.strictObject({
  members: z.array(teamMemberSchema),
  stats: z.strictObject({
    membrosAtivos: z.number(),
    horasMes: z.number(),
    casosAtivos: z.number(),
    mediaCasosPorMembro: z.number(),
    advogadosAtivos: z.number(),
    equipeDeApoio: z.number(),
  }),
  /** Whether the viewer may add, edit and deactivate ('team.manage'). */
  podeGerenciar: z.boolean(),
})
export type TeamOverview = z.infer<typeof teamOverviewSchema>

/** GET /api/team/invitations/:token: what the acceptance page shows before the person acts. */
export interface InvitationInfo {
  officeName: string
  nomeCompleto: string
  email: string
  nivelAcesso: NivelAcesso
  expiresAt: string
  /** Whether an account already exists for this e-mail (sign in rather than sign up). */
  contaExiste: boolean
}

export interface InvitationAccepted {
  officeId: string
  officeName: string
}
