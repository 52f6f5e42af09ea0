import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { JobDefinition } from '../../platform/jobs.server'
import {
  analyticsDaily,
  analyticsDevices,
  analyticsFlows,
  analyticsPageViews,
  analyticsVisits,
} from './platform-analytics.table.server'

export const FOLD_JOB = 'platform-analytics.fold'

/**
 * Raw visit rows live at most 2 days (a visit ends after 30 idle minutes, so by then it is over): the daily
 * job folds them into analytics_daily (visits, bounces, summed duration per day) and deletes them.
 */
export const VISIT_RETENTION_DAYS = 2
/** Per-day aggregates (no personal data) are kept ~13 months: the screen shows at most 90 days. */
export const AGGREGATE_RETENTION_DAYS = 400

/**
 * Moves visits last seen more than `retentionDays` ago into the per-day totals, in ONE statement (the
 * delete's returned rows are what gets added), so a row is counted once even if two runs overlap; then
 * deletes aggregates past AGGREGATE_RETENTION_DAYS. Returns how many visits were folded.
 */
export async function foldVisits(db: Database, retentionDays = VISIT_RETENTION_DAYS): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from ${analyticsVisits}
      where ${analyticsVisits.lastSeen} < now() - make_interval(days => ${retentionDays})
      returning day, views, extract(epoch from last_seen - first_seen) as seconds
    ), folded as (
      insert into ${analyticsDaily} (day, visits, bounces, duration_seconds)
      select day, count(*), count(*) filter (where views = 1), round(coalesce(sum(seconds), 0))::bigint
      from gone group by day
      on conflict (day) do update set
        visits = ${analyticsDaily.visits} + excluded.visits,
        bounces = ${analyticsDaily.bounces} + excluded.bounces,
        duration_seconds = ${analyticsDaily.durationSeconds} + excluded.duration_seconds
      returning 1
    )
    select count(*) as folded from gone`)
  const cutoff = sql`(now() at time zone 'America/Sao_Paulo')::date - ${AGGREGATE_RETENTION_DAYS}::int`
  for (const table of [analyticsDaily, analyticsPageViews, analyticsFlows, analyticsDevices])
    await db.execute(sql`delete from ${table} where day < ${cutoff}`)
  return Number((result.rows[0] as { folded?: unknown } | undefined)?.folded ?? 0)
}

export const platformAnalyticsJobs: JobDefinition[] = [
  {
    name: FOLD_JOB,
    schedule: '50 3 * * *',
    handler: async ({ deps }) => {
      await foldVisits(deps.db)
    },
  },
]
