import { z } from 'zod'
/** Team levels of spec §6 (nivel_acesso), shared by the table, the permission matrix and the browser. */
export const NIVEIS_ACESSO = ['socio', 'associado', 'estagiario', 'assistente'] as const
export type NivelAcesso = (typeof NIVEIS_ACESSO)[number]

/** One of the user's offices (GET /api/offices): the switcher in the header lists them. */
export interface OfficeSummary {
  id: string
  nome: string
  nivelAcesso: NivelAcesso
  /** The office every request of the user is scoped to now. */
  current: boolean
}

export interface OfficeList {
  offices: OfficeSummary[]
}

/** POST /api/offices/current: the office to switch to (one the user is an active member of). */
export const selectOfficeBody = z.object({ officeId: z.uuid({ error: 'Escritório inválido.' }) })
