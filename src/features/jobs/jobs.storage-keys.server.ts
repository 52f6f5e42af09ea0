import { eq, inArray, or } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import { jobApplications, jobs } from './jobs.table.server'

/** The orphan sweeper's view of the CVs (private PDFs in the 'documents' area). */
export const jobStorageReferences: StorageReferences = {
  area: 'documents',
  column: 'job_applications.cv_storage_key',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ key: jobApplications.cvStorageKey })
      .from(jobApplications)
      .where(inArray(jobApplications.cvStorageKey, [...keys]))
    return rows.map((row) => row.key)
  },
}

/**
 * The CVs ('documents' area) whose rows go when the account goes: the user's own applications, and every
 * application to a job the user (an entity) published — jobs cascade from their entity, applications
 * from their job. Read inside the deletion's transaction, deleted after its commit.
 */
export async function cvKeysOfUser(db: Pick<Database, 'select'>, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: jobApplications.cvStorageKey })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(or(eq(jobApplications.candidateUserId, userId), eq(jobs.entityUserId, userId)))
  return rows.map((row) => row.key)
}
