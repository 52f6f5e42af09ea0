import { z } from 'zod'
import '../../lib/zod-pt-br'
import type { PlatformRoleName } from '../auth/auth.public'

// Contract of /api/admin (superadmin only), shared by the admin screens and the server routes.

export const ADMIN_PAGE_SIZE = 50
export const PROFILE_TYPES = ['advogado', 'estudante', 'entidade'] as const
export type ProfileType = (typeof PROFILE_TYPES)[number]

export const adminProfilesQuerySchema = z.object({
  search: z.string().trim().max(100, 'Busca: máximo de 100 caracteres').optional(),
  type: z.enum(['todos', ...PROFILE_TYPES], { error: 'Tipo inválido' }).optional(),
  /** 'admin': users with the admin or superadmin role only. */
  role: z.enum(['todos', 'admin'], { error: 'Função inválida' }).optional(),
  /** What `search` matches: the full name only (Admin Users) or the name or the type (Admin Profiles). */
  by: z.enum(['name', 'name_or_type']).default('name_or_type'),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type AdminProfilesQuery = z.output<typeof adminProfilesQuerySchema>

export const userIdParamSchema = z.object({ userId: z.string().trim().min(1).max(100) })

export interface AdminStats {
  total: number
  advogados: number
  estudantes: number
  entidades: number
  /** Users with the admin or superadmin role. */
  admins: number
  /** Distinct users who signed in or used a session today (America/Sao_Paulo). */
  activeToday: number
}

export interface AdminProfileItem {
  id: string
  userId: string
  email: string
  nomeCompleto: string
  userType: string
  telefone: string
  createdAt: string
  role: PlatformRoleName
  /** The MASTER_EMAIL account: its role can't be revoked. */
  isMaster: boolean
  estado: string | null
  cidade: string | null
  oabNumero: string | null
  oabEstado: string | null
  universidade: string | null
  periodoCurso: number | null
  nomeEntidade: string | null
  cnpj: string | null
  tipoEntidade: string | null
  /** The public page's address (/advogados/:slug or /entidades/:slug) when perfilPublico. */
  slug: string
  perfilPublico: boolean
  /** A block is in force (issue 14): no sign-in. */
  blocked: boolean
}

export interface AdminProfilesPage {
  items: AdminProfileItem[]
  total: number
}

export interface RoleChangeResult {
  userId: string
  role: PlatformRoleName
}
