import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { cases } from '../cases/cases.table.server'
import type { PortalClientContext } from './portal.access.server'

// What "the client's" means for every portal reader (issue 26), written once: the home, the case page, the
// charges, the downloads and the export all filter through these.

/** Who the portal reads for: the office and the client of the access (c.get('portal')). */
export type PortalReader = Pick<PortalClientContext, 'officeId' | 'clientId'>

/** `col IN (ids)`, and plain false for no ids (a client without cases). */
export function inIds(column: AnyColumn, ids: readonly string[]): SQL {
  return ids.length > 0 ? inArray(column, [...ids]) : sql`false`
}

/** Every id of the client's existing cases (soft-deleted ones are no longer theirs to see). */
export async function clientCaseIds(db: Executor, reader: PortalReader): Promise<string[]> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(eq(cases.officeId, reader.officeId), eq(cases.clientId, reader.clientId), isNull(cases.deletedAt)),
    )
  return rows.map((row) => row.id)
}

/**
 * A row linked to the client or to one of the client's cases — and to nothing else: a row whose client is
 * another one, or whose case is not the client's (a deleted one included), is not shown even if its other
 * link is theirs (deny by default). The first OR lets the planner probe the (office_id, client_id) and
 * (office_id, case_id) indexes.
 */
export function ownedByClient(
  reader: PortalReader,
  clientColumn: AnyColumn,
  caseColumn: AnyColumn,
  caseIds: readonly string[],
): SQL {
  return sql`(${eq(clientColumn, reader.clientId)} or ${inIds(caseColumn, caseIds)})
    and (${clientColumn} is null or ${eq(clientColumn, reader.clientId)})
    and (${caseColumn} is null or ${inIds(caseColumn, caseIds)})`
}
