import { sql, type SQL } from 'drizzle-orm'
import { clients } from '../clients/clients.table.server'
import { caseMembers } from './case-members.table.server'
import { cases } from './cases.table.server'

// What a client's rows show of its cases. The queries read cases' tables, so cases owns them; the clients
// feature (below cases) receives them from the shell (src/server/feature-hooks.server.ts), and the features
// above cases (agenda, documents, templates) import them from cases' surface.

/**
 * The clients of the (non-deleted) cases where the member is responsible, as a condition on `clients`:
 * the member's few case_members rows (index (office_id, member_id, case_id)) → their cases' client ids.
 */
export function clientOfMember(officeId: unknown, memberId: unknown): SQL {
  return sql`${clients.id} in (select k.client_id from ${caseMembers} m join ${cases} k on k.id = m.case_id
    where m.office_id = ${officeId} and m.member_id = ${memberId} and k.office_id = ${officeId}
    and k.deleted_at is null and k.client_id is not null)`
}

// Correlated subqueries are written with aliases and `${clients}.col`: in a single-table select Drizzle
// renders columns unqualified, and an unqualified "id" inside the subquery would bind to the inner table
// (the count was always 0 until this was caught). The list test checks casesCount > 0.
/** A client row's non-deleted cases, as a scalar subquery on `clients` (index cases_client_idx). */
export const clientCasesCount = sql<number>`(select count(*)::int from ${cases} k where k.client_id = ${clients}.id and k.deleted_at is null)`
