import type { NivelAcesso } from '../../lib/office-levels'
import type { UserType } from './auth.schema'

export type PlatformRoleName = 'user' | 'admin' | 'superadmin'

/** The profile as the API returns it (numeric columns as numbers, dates as ISO strings). */
export interface ProfileDto {
  id: string
  userId: string
  userType: UserType
  nomeCompleto: string
  telefone: string
  avatarUrl: string | null
  estadoId: number | null
  cidadeId: number | null
  bioProfissional: string | null
  anosExperiencia: number | null
  faixaHonorariosMin: number | null
  faixaHonorariosMax: number | null
  linkedinUrl: string | null
  sitePessoal: string | null
  oabNumero: string | null
  oabEstado: string | null
  universidade: string | null
  periodoCurso: number | null
  nomeEntidade: string | null
  cnpj: string | null
  tipoEntidade: 'escritorio' | 'empresa' | 'orgao_publico' | 'ong' | 'sindicato' | null
  createdAt: string
  updatedAt: string
}

/** GET /api/me: who is signed in, their profile, platform role and office membership. */
export interface MeResponse {
  user: { id: string; email: string; name: string; emailVerified: boolean; twoFactorEnabled: boolean }
  profile: ProfileDto
  /** true when the profile did not exist and the basic one of spec §4 was just created. */
  profileCreated: boolean
  role: PlatformRoleName
  /** exige2fa / auditViewer: the office's Configurações Avançadas the shell acts on (issue 12). */
  office: {
    id: string
    nome: string
    nivelAcesso: NivelAcesso
    exige2fa: boolean
    auditViewer: boolean
  } | null
}
