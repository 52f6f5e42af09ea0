import { and, eq, gte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { officeBackups } from './backups.table.server'

/** Office backups that ended in 'error' over the last 24 hours: the platform monitor's 'backup_falhou' alert. */
export async function countFailedBackups(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(officeBackups)
    .where(
      and(eq(officeBackups.status, 'error'), gte(officeBackups.finishedAt, sql`now() - interval '24 hours'`)),
    )
  return Number(row?.count ?? 0)
}
