import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { jobs } from './jobs.table.server'

/**
 * The platform's moderation closes a reported job (features/admin, in its audited transaction): it leaves the
 * public listings; the entity may still see it. False when there is no such job.
 */
export async function closeJobByModeration(tx: Executor, jobId: string): Promise<boolean> {
  const closed = await tx
    .update(jobs)
    .set({ status: 'encerrada', updatedAt: new Date() })
    .where(eq(jobs.id, jobId))
    .returning({ id: jobs.id })
  return closed.length > 0
}
