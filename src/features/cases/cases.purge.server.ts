import { and, eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { deleteUnlessReferenced, purgeCutoff } from '../../platform/purge.server'
import { cases } from './cases.table.server'

/**
 * Deletes for good the cases soft-deleted before `olderThan` and returns how many went. A case a document
 * (or any later module's row) still points at stays until that row is gone (its foreign key refuses).
 */
export async function purgeDeletedCases(db: Database, olderThan: Date): Promise<number> {
  const due = await db.select({ id: cases.id }).from(cases).where(lt(cases.deletedAt, olderThan))
  return deleteUnlessReferenced(
    due.map((row) => row.id),
    async (id) =>
      (
        await db
          .delete(cases)
          // Checked again: a case restored since the select stays.
          .where(and(eq(cases.id, id), lt(cases.deletedAt, olderThan)))
          .returning({ id: cases.id })
      ).length,
  )
}

export const caseJobs: readonly JobDefinition[] = [
  {
    name: 'cases.purge',
    // After documents.purge (03:00), before clients.purge (03:30): a deleted client's cases go first.
    schedule: '15 3 * * *',
    async handler({ deps }) {
      const purged = await purgeDeletedCases(deps.db, purgeCutoff())
      log.info('cases.purge', { purged })
    },
  },
]
