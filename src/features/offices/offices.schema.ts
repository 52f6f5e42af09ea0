import { z } from 'zod'
import type { NivelAcesso } from '../../lib/office-levels'
/** Team levels of spec §6 (nivel_acesso): in src/lib, so the session's contract in auth names them too. */
export { NIVEIS_ACESSO, type NivelAcesso } from '../../lib/office-levels'

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
