import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { caseMembers } from '../cases/case-members.table.server'
import { crmCounters } from '../clients/clients.table.server'
import { accessLevel, type NivelAcesso } from '../offices/offices.public'

export type Executor = Database

/**
 * Who is asking, as the reports see it. `restrictTo` is set for the level whose 'reports.full' cell is partial
 * (the associado, spec §6): every number then counts only the cases where that member is responsible
 * (case_members) and only their own hours — the same narrowing in every query of every report and export.
 */
export interface ReportScope {
  officeId: string
  memberId: string
  restrictTo: string | null
}

export function reportScope(office: { id: string; nivelAcesso: NivelAcesso; memberId: string }): ReportScope {
  const partial = accessLevel(office.nivelAcesso, 'reports.full') === 'partial'
  return { officeId: office.id, memberId: office.memberId, restrictTo: partial ? office.memberId : null }
}

/**
 * `column` (a case id) is one of the restricted member's cases; no condition for a full scope. The member's
 * few case ids (index case_members (office_id, member_id, case_id)) as an array: `= any(array(...))` lets the
 * planner look each one up by key; with an IN subquery it hash-joined the office's whole case table instead
 * (bench/reports.ts showed that Seq Scan for the associado).
 */
export function inScopeCases(scope: ReportScope, column: AnyColumn | SQL): SQL | undefined {
  if (scope.restrictTo === null) return undefined
  return sql`${column} = any(array(select ${caseMembers.caseId} from ${caseMembers} where ${caseMembers.officeId} = ${scope.officeId} and ${caseMembers.memberId} = ${scope.restrictTo}))`
}

/** count(*) / sums come back as strings or bigints depending on the driver: one integer either way. */
export const int = (value: unknown): number => Number(value ?? 0)

/** An average in days, to one decimal, or null without rows. */
export const days = (value: unknown): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10

/**
 * The office's live cases or clients per status, from the counters the database keeps (migration 0009):
 * exact for a full scope, and a read of a few rows instead of a count over the office's whole table.
 */
export async function countersByStatus(
  db: Executor,
  officeId: string,
  entity: 'case' | 'client',
): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: crmCounters.status, n: crmCounters.n })
    .from(crmCounters)
    .where(and(eq(crmCounters.officeId, officeId), eq(crmCounters.entity, entity)))
  return new Map(rows.map((row) => [row.status, int(row.n)]))
}
