import { and, eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { deleteUnlessReferenced, purgeCutoff } from '../../platform/purge.server'
import { clients } from './clients.table.server'

/**
 * Deletes for good the clients soft-deleted before `olderThan` and returns how many went. A client still
 * named by a case (deleted or not) or a document stays: cases.purge runs first each night, so a client
 * whose cases were due goes the same night; one with an active case keeps it linked (as on delete).
 */
export async function purgeDeletedClients(db: Database, olderThan: Date): Promise<number> {
  const due = await db.select({ id: clients.id }).from(clients).where(lt(clients.deletedAt, olderThan))
  return deleteUnlessReferenced(
    due.map((row) => row.id),
    async (id) =>
      (
        await db
          .delete(clients)
          // Checked again: a client restored since the select stays.
          .where(and(eq(clients.id, id), lt(clients.deletedAt, olderThan)))
          .returning({ id: clients.id })
      ).length,
  )
}

export const clientJobs: readonly JobDefinition[] = [
  {
    name: 'clients.purge',
    // After cases.purge (03:15), so their clients can go the same night.
    schedule: '30 3 * * *',
    async handler({ deps }) {
      const purged = await purgeDeletedClients(deps.db, purgeCutoff())
      log.info('clients.purge', { purged })
    },
  },
]
