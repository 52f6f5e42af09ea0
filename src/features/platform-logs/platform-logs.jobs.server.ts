import { lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { pruneIdleLoginLockouts } from '../auth/auth.public.server'
import { runMonitor } from './platform-logs.monitor.server'
import { platformAlerts, platformEvents } from './platform-logs.table.server'

export const MONITOR_JOB = 'platform-logs.monitor'
export const RETENTION_JOB = 'platform-logs.retention'

/**
 * Events are kept 180 days. The floor is Marco Civil da Internet art. 15: an application provider keeps its
 * access records (address + time) for six months. The ceiling is LGPD's necessity principle: the address
 * of a sign-in is personal data and is not kept longer than that purpose needs. At ~55 k events a day this
 * holds the table near 10 M rows, the size the indexes were measured at (bench/logs.ts).
 */
export const PLATFORM_EVENTS_RETENTION_DAYS = 180
/** Deleted per statement, so the daily run never holds long locks or bloats one transaction. */
const PRUNE_BATCH = 10_000

/** Deletes expired events in batches (served by platform_events_at_idx), idle lockouts and old alerts. */
export async function pruneExpired(db: Database, retentionDays = PLATFORM_EVENTS_RETENTION_DAYS) {
  let deleted = 0
  for (;;) {
    const result = await db.execute(sql`delete from ${platformEvents} where ${platformEvents.id} in (
      select ${platformEvents.id} from ${platformEvents}
      where ${platformEvents.at} < now() - make_interval(days => ${retentionDays})
      limit ${PRUNE_BATCH}) returning ${platformEvents.id}`)
    const count = result.rows.length
    deleted += count
    if (count < PRUNE_BATCH) break
  }
  await pruneIdleLoginLockouts(db)
  await db
    .delete(platformAlerts)
    .where(lt(platformAlerts.resolvedAt, sql`now() - make_interval(days => ${retentionDays})`))
  return deleted
}

export const platformLogsJobs: JobDefinition[] = [
  {
    // Every 5 minutes: disk, database growth, failed jobs and backups, server errors (monitor.server.ts).
    name: MONITOR_JOB,
    schedule: '*/5 * * * *',
    retryLimit: 0,
    expireInSeconds: 120,
    handler: async ({ deps }) => {
      await runMonitor(deps)
    },
  },
  {
    name: RETENTION_JOB,
    schedule: '40 3 * * *',
    handler: async ({ deps }) => {
      await pruneExpired(deps.db)
    },
  },
]
