import { and, asc, eq, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.server'
import { ApiError } from '../../platform/http-error.server'
import { users } from '../auth/auth.table.server'
import { accessLevel, type NivelAcesso } from '../offices/offices.public'
import { officeMembers } from '../offices/offices.table.server'
import { caseMembers } from './case-members.table.server'
import { CASE_MESSAGES, type CaseMemberOption, type CaseResponsavel } from './cases.schema'
import { cases } from './cases.table.server'

/**
 * Who is asking, as the cases service sees it. `restrictTo` is set for a level whose 'cases.view' cell
 * is partial (the estagiário, spec §6): every read and write then sees only the cases where that member
 * is responsible — the same filter on every statement, so another case is a 404 like a missing one.
 */
export interface CaseScope {
  officeId: string
  memberId: string
  restrictTo: string | null
}

export function caseScope(office: { id: string; nivelAcesso: NivelAcesso }, memberId: string): CaseScope {
  const partial = accessLevel(office.nivelAcesso, 'cases.view') === 'partial'
  return { officeId: office.id, memberId, restrictTo: partial ? memberId : null }
}

/**
 * The cases where the member is responsible, as a condition on `cases`. An IN over the member's few
 * case ids (index case_members (office_id, member_id, case_id)) rather than an EXISTS per case: the
 * planner starts from the member's rows instead of walking the office's whole case index.
 */
export function responsibleFor(officeId: string, memberId: string): SQL {
  return inArray(
    cases.id,
    sql`(select ${caseMembers.caseId} from ${caseMembers} where ${caseMembers.officeId} = ${officeId} and ${caseMembers.memberId} = ${memberId})`,
  )
}

/**
 * Whether a row that may link to a case (an agenda event, …) is visible to the member: it links to no
 * case, or to one where they are responsible (spec §6: events follow their case's visibility; those with
 * no case are every member's).
 */
export function caseVisibleTo(caseId: SQL | AnyColumn, officeId: string, memberId: string): SQL {
  return sql`(${caseId} is null or ${caseId} in (select ${caseMembers.caseId} from ${caseMembers} where ${caseMembers.officeId} = ${officeId} and ${caseMembers.memberId} = ${memberId}))`
}

/**
 * How much of the office's cases a member reaches through the rows that LINK to a case (agenda events,
 * documents): their 'cases.view' cell. 'full' every case; 'partial' (the estagiário) the cases where they
 * are responsible; 'none' (the assistente) no case at all — so no case's events, labels or links either.
 * `caseScope` above only narrows a partial cell (a 'none' level never reaches the cases routes).
 */
export interface LinkedCaseScope {
  officeId: string
  memberId: string
  reach: 'full' | 'partial' | 'none'
}

export function linkedCaseScope(
  office: { id: string; nivelAcesso: NivelAcesso },
  memberId: string,
): LinkedCaseScope {
  return { officeId: office.id, memberId, reach: accessLevel(office.nivelAcesso, 'cases.view') }
}

/** A row's case link (nullable column) as the scope sees it: no case, or a case it reaches. */
export function linkedCaseVisible(caseId: SQL | AnyColumn, scope: LinkedCaseScope): SQL | undefined {
  if (scope.reach === 'full') return undefined
  if (scope.reach === 'partial') return caseVisibleTo(caseId, scope.officeId, scope.memberId)
  return sql`${caseId} is null`
}

/** The scope as a condition on `cases` (undefined: every case of the office). */
export function reachableCases(scope: LinkedCaseScope): SQL | undefined {
  if (scope.reach === 'full') return undefined
  if (scope.reach === 'partial') return responsibleFor(scope.officeId, scope.memberId)
  return sql`false`
}

/** The member's team name (0015), or their account's name for a row saved before it had one. */
const memberName = sql<string>`coalesce(nullif(${officeMembers.nomeCompleto}, ''), ${users.name}, '')`

/** Active members who can use the system (a member without a user can't be responsible for a case). */
function assignable(officeId: string): SQL {
  return and(
    eq(officeMembers.officeId, officeId),
    eq(officeMembers.ativo, true),
    isNotNull(officeMembers.userId),
  ) as SQL
}

/** GET /api/cases/member-options: the responsible-members multi-select of the case form. */
export async function listCaseMemberOptions(
  db: Database,
  scope: Pick<CaseScope, 'officeId' | 'memberId'>,
): Promise<CaseMemberOption[]> {
  const { officeId, memberId } = scope
  return db
    .select({
      memberId: officeMembers.id,
      nome: memberName,
      nivelAcesso: officeMembers.nivelAcesso,
      self: sql<boolean>`${officeMembers.id} = ${memberId}`.mapWith(Boolean),
    })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(assignable(officeId))
    .orderBy(asc(memberName), asc(officeMembers.id))
    .limit(500)
}

/** The responsible members of one case, by name (deactivated ones included: they keep their history). */
export async function getCaseResponsaveis(
  db: Executor,
  officeId: string,
  caseId: string,
): Promise<CaseResponsavel[]> {
  return db
    .select({ memberId: caseMembers.memberId, nome: memberName })
    .from(caseMembers)
    .innerJoin(officeMembers, eq(officeMembers.id, caseMembers.memberId))
    .leftJoin(users, eq(users.id, officeMembers.userId))
    .where(and(eq(caseMembers.officeId, officeId), eq(caseMembers.caseId, caseId)))
    .orderBy(asc(memberName), asc(caseMembers.memberId))
}

/**
 * Replaces a case's responsible members. Every id must be an active member with system access of the
 * SAME office (another office's member → 400, nothing written). A restricted caller (estagiário) always
 * stays responsible: otherwise saving the form would lock them out of the case they just edited.
 */
export async function setCaseResponsaveis(
  db: Executor,
  scope: CaseScope,
  caseId: string,
  memberIds: readonly string[],
): Promise<void> {
  const wanted = new Set(memberIds)
  if (scope.restrictTo) wanted.add(scope.restrictTo)
  const ids = [...wanted]
  if (ids.length > 0) {
    const found = await db
      .select({ id: officeMembers.id })
      .from(officeMembers)
      .where(and(assignable(scope.officeId), inArray(officeMembers.id, ids)))
    if (found.length !== ids.length) {
      throw new ApiError(400, 'validation', CASE_MESSAGES.invalidResponsavel, {
        responsaveis: CASE_MESSAGES.invalidResponsavel,
      })
    }
  }
  const keep = ids.length > 0 ? sql`${caseMembers.memberId} not in ${ids}` : sql`true`
  await db
    .delete(caseMembers)
    .where(and(eq(caseMembers.officeId, scope.officeId), eq(caseMembers.caseId, caseId), keep))
  if (ids.length > 0) {
    await db
      .insert(caseMembers)
      .values(ids.map((memberId) => ({ officeId: scope.officeId, caseId, memberId })))
      .onConflictDoNothing()
  }
}

/**
 * Active cases (aberto, andamento; not deleted) per member of the office, for the team page. Members
 * with none are absent (read as 0).
 */
export async function activeCasesByMember(db: Database, officeId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ memberId: caseMembers.memberId, n: sql<number>`count(*)::int` })
    .from(caseMembers)
    .innerJoin(cases, and(eq(cases.officeId, caseMembers.officeId), eq(cases.id, caseMembers.caseId)))
    .where(
      and(
        eq(caseMembers.officeId, officeId),
        isNull(cases.deletedAt),
        inArray(cases.status, ['aberto', 'andamento']),
      ),
    )
    .groupBy(caseMembers.memberId)
  return new Map(rows.map((row) => [row.memberId, Number(row.n)]))
}
