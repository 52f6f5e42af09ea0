import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { linkedCaseScope, linkedCaseVisible } from '../cases/cases.public.server'
import type { NivelAcesso } from '../offices/offices.public'
import { publicationOabs, publications } from './publications.table.server'

/** Who is asking (c.get('office')): every query of the inbox is limited by it. */
export interface PublicationScope {
  officeId: string
  userId: string
  memberId: string
  nivelAcesso: NivelAcesso
}

export function publicationScope(office: {
  id: string
  userId: string
  memberId: string
  nivelAcesso: NivelAcesso
}): PublicationScope {
  return {
    officeId: office.id,
    userId: office.userId,
    memberId: office.memberId,
    nivelAcesso: office.nivelAcesso,
  }
}

/**
 * Who sees an item (issue 27, decision in the office matrix test): an item matched to a case follows the
 * case's visibility (the member's 'cases.view' cell: all cases, only theirs, or none); an unmatched item is
 * seen by the sócios and by the owner of the OAB it was found by. Always inside the office. Undefined for a
 * sócio: every item of the office (the fast path the inbox's indexes serve directly).
 */
export function visibleTo(scope: PublicationScope): SQL | undefined {
  if (scope.nivelAcesso === 'socio') return undefined
  const linked = linkedCaseScope({ id: scope.officeId, nivelAcesso: scope.nivelAcesso }, scope.memberId)
  const caseCondition = linkedCaseVisible(publications.caseId, linked)
  const matched =
    caseCondition === undefined
      ? sql`${publications.caseId} is not null`
      : sql`(${publications.caseId} is not null and ${caseCondition})`
  const ownOab = sql`(${publications.caseId} is null and ${publications.foundByOabId} in (select ${publicationOabs.id} from ${publicationOabs} where ${publicationOabs.officeId} = ${scope.officeId} and ${publicationOabs.ownerUserId} = ${scope.userId}))`
  return sql`(${matched} or ${ownOab})`
}
export type { Executor }
