import { and, count, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { cases } from './cases.table.server'

/** A client's non-deleted cases in its office (the answer of a client's anonymisation, LGPD). */
export async function countClientCases(tx: Executor, officeId: string, clientId: string): Promise<number> {
  const [linked] = await tx
    .select({ n: count() })
    .from(cases)
    .where(and(eq(cases.officeId, officeId), eq(cases.clientId, clientId), isNull(cases.deletedAt)))
  return linked?.n ?? 0
}
