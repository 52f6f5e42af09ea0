import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { estado } from '../reference/reference.table.server'
import { profiles } from '../profiles/profiles.table.server'
import {
  TOP_LIMIT,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type DeviceClass,
} from './platform-analytics.schema'
import {
  analyticsDaily,
  analyticsDevices,
  analyticsFlows,
  analyticsPageViews,
  analyticsVisits,
} from './platform-analytics.table.server'
import { dayOf } from './platform-analytics.record.server'

/** "Online" = a visit with a page view in this many last minutes (read from the table: every node agrees). */
export const ONLINE_WINDOW_MINUTES = 5

type Row = Record<string, unknown>
const rows = async (db: Database, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as Row[]
const num = (value: unknown) => Number(value ?? 0)

/** Every day from `from` to `to` (YYYY-MM-DD, inclusive). */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = []
  const end = Date.parse(`${to}T00:00:00Z`)
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

export async function countOnline(db: Database): Promise<number> {
  const [row] = await rows(
    db,
    sql`select count(*) as n from ${analyticsVisits}
        where ${analyticsVisits.lastSeen} > now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES})`,
  )
  return num(row?.n)
}

/**
 * The /admin/analytics figures for the last `days` days (today included, America/Sao_Paulo). Visits come
 * from the fresh rows plus the per-day totals of those already folded (a visit is in exactly one of them).
 * Session time is last view − first view (the time on the last page is unknown without tracking exits).
 */
export async function getAnalyticsOverview(db: Database, days: AnalyticsPeriod): Promise<AnalyticsOverview> {
  const [range] = await rows(
    db,
    sql`select to_char(${dayOf(sql`now()`)} - ${days - 1}::int, 'YYYY-MM-DD') as "from",
               to_char(${dayOf(sql`now()`)}, 'YYYY-MM-DD') as "to"`,
  )
  const from = String(range?.from)
  const to = String(range?.to)
  const inPeriod = (column: unknown) => sql`${column} between ${from}::date and ${to}::date`

  const [totals, perDay, devices, pages, flows, locations, onlineUsers] = await Promise.all([
    rows(
      db,
      sql`select coalesce(sum(visits), 0) as visits, coalesce(sum(bounces), 0) as bounces,
                 coalesce(sum(duration), 0) as duration
          from (
            select ${analyticsDaily.visits} as visits, ${analyticsDaily.bounces} as bounces,
                   ${analyticsDaily.durationSeconds}::float8 as duration
            from ${analyticsDaily} where ${inPeriod(analyticsDaily.day)}
            union all
            select count(*), count(*) filter (where ${analyticsVisits.views} = 1),
                   coalesce(sum(extract(epoch from ${analyticsVisits.lastSeen} - ${analyticsVisits.firstSeen})), 0)::float8
            from ${analyticsVisits} where ${inPeriod(analyticsVisits.day)}
          ) t`,
    ),
    rows(
      db,
      sql`select to_char(${analyticsPageViews.day}, 'YYYY-MM-DD') as day, sum(${analyticsPageViews.views}) as views
          from ${analyticsPageViews} where ${inPeriod(analyticsPageViews.day)} group by 1`,
    ),
    rows(
      db,
      sql`select ${analyticsDevices.device} as device, sum(${analyticsDevices.visits}) as visits
          from ${analyticsDevices} where ${inPeriod(analyticsDevices.day)}
          group by 1 order by 2 desc, 1`,
    ),
    rows(
      db,
      sql`select ${analyticsPageViews.pattern} as pattern, sum(${analyticsPageViews.views}) as views
          from ${analyticsPageViews} where ${inPeriod(analyticsPageViews.day)}
          group by 1 order by 2 desc, 1 limit ${TOP_LIMIT}`,
    ),
    rows(
      db,
      sql`select ${analyticsFlows.fromPattern} as "from", ${analyticsFlows.toPattern} as "to",
                 sum(${analyticsFlows.count}) as count
          from ${analyticsFlows} where ${inPeriod(analyticsFlows.day)}
          group by 1, 2 order by 3 desc, 1, 2 limit ${TOP_LIMIT}`,
    ),
    rows(
      db,
      sql`select ${estado.sigla} as uf, ${estado.nome} as nome, count(*) as profiles
          from ${profiles} join ${estado} on ${estado.id} = ${profiles.estadoId}
          group by 1, 2 order by 3 desc, 1 limit ${TOP_LIMIT}`,
    ),
    countOnline(db),
  ])

  const viewsByDay = new Map(perDay.map((row) => [String(row.day), num(row.views)]))
  const viewsPerDay = daysBetween(from, to).map((day) => ({ day, views: viewsByDay.get(day) ?? 0 }))
  const visits = num(totals[0]?.visits)
  return {
    days,
    from,
    to,
    onlineUsers,
    pageViews: viewsPerDay.reduce((sum, day) => sum + day.views, 0),
    visits,
    avgSessionSeconds: visits ? Math.round(num(totals[0]?.duration) / visits) : null,
    bounceRate: visits ? num(totals[0]?.bounces) / visits : null,
    viewsPerDay,
    devices: devices.map((row) => ({ device: row.device as DeviceClass, visits: num(row.visits) })),
    locations: locations.map((row) => ({
      uf: String(row.uf),
      nome: String(row.nome),
      profiles: num(row.profiles),
    })),
    topPages: pages.map((row) => ({ pattern: String(row.pattern), views: num(row.views) })),
    topFlows: flows.map((row) => ({ from: String(row.from), to: String(row.to), count: num(row.count) })),
  }
}
