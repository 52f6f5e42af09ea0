import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { DeviceClass } from './platform-analytics.schema'
import {
  analyticsDevices,
  analyticsFlows,
  analyticsPageViews,
  analyticsVisits,
} from './platform-analytics.table.server'

/** A day is the America/Sao_Paulo date of the instant. */
export const dayOf = (at: unknown) => sql`((${at})::timestamptz at time zone 'America/Sao_Paulo')::date`

export interface ViewInput {
  visitId: string
  /** A known route pattern or OTHER_PAGE (normalizePattern). */
  pattern: string
  device: DeviceClass
  /** When it happened; the database's clock by default (tests choose their own). */
  at?: Date
}

/**
 * Counts one page view in ONE statement: the visit's row (first/last seen, views, current page), the day's
 * views of the pattern, the flow from the visit's previous page, and — on a visit's first view — its device.
 * Every write is an insert … on conflict do update (n = n + 1), so concurrent beacons on any node add up.
 * The CTE `prev` reads the visit as it was before this statement (all CTEs share one snapshot).
 */
export async function recordView(db: Database, { visitId, pattern, device, at }: ViewInput) {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`
  const day = dayOf(when)
  await db.execute(sql`
    with prev as (
      select ${analyticsVisits.lastPattern} as last_pattern
      from ${analyticsVisits} where ${analyticsVisits.visitId} = ${visitId}
    ), visit as (
      insert into ${analyticsVisits}
        (visit_id, day, first_seen, last_seen, views, entry_pattern, last_pattern, device)
      values (${visitId}, ${day}, ${when}, ${when}, 1, ${pattern}, ${pattern}, ${device})
      on conflict (visit_id) do update set
        last_seen = greatest(${analyticsVisits.lastSeen}, excluded.last_seen),
        views = ${analyticsVisits.views} + 1,
        last_pattern = excluded.last_pattern
      returning 1
    ), page as (
      insert into ${analyticsPageViews} (day, pattern, views) values (${day}, ${pattern}, 1)
      on conflict (day, pattern) do update set views = ${analyticsPageViews.views} + 1
      returning 1
    ), flow as (
      insert into ${analyticsFlows} (day, from_pattern, to_pattern, count)
      select ${day}, prev.last_pattern, ${pattern}, 1 from prev where prev.last_pattern <> ${pattern}
      on conflict (day, from_pattern, to_pattern) do update set count = ${analyticsFlows.count} + 1
      returning 1
    ), dev as (
      insert into ${analyticsDevices} (day, device, visits)
      select ${day}, ${device}, 1 where not exists (select 1 from prev)
      on conflict (day, device) do update set visits = ${analyticsDevices.visits} + 1
      returning 1
    )
    select (select count(*) from visit) as visits`)
}
