import { accessLevel, type Capability } from './permissions'
import type { OfficeContext } from './require-office.server'

/**
 * Who acts in an office, as every office service sees it: the office, the user (created_by, audit) and, for a
 * level whose matrix cell for the route's capability is partial (the estagiário, spec §6), the member whose own
 * records bound every read and write (`restrictTo`; null sees the whole office). Services take this, never the
 * bare request, so a restriction cannot be forgotten by one route.
 */
export interface OfficeActor {
  officeId: string
  userId: string
  restrictTo: string | null
}

export function officeActor(office: OfficeContext, capability: Capability): OfficeActor {
  const partial = accessLevel(office.nivelAcesso, capability) === 'partial'
  return { officeId: office.id, userId: office.userId, restrictTo: partial ? office.memberId : null }
}
