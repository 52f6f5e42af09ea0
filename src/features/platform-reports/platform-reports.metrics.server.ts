import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { billingMetrics } from '../platform-billing/platform-billing.public.server'
import type { ReportPeriod } from './platform-reports.constants'
import type {
  PlatformReportsOverview,
  ReportPeriodQuery,
  UserTypeShare,
  WeeklyPoint,
} from './platform-reports.schema'

type Executor = Pick<Database, 'execute'>

const TZ = 'America/Sao_Paulo'
const USER_TYPES = ['advogado', 'estudante', 'entidade'] as const

export interface ReportWindow {
  periodo: ReportPeriod
  from: Date
  to: Date
}

/**
 * The selector's period as instants, São Paulo calendar: 30/90 days back from now; the 12 calendar months
 * ending with the current one; or whole months de..ate (the end capped at now). Computed by the database, which
 * knows the zone's history (a range before 2019 still had daylight saving).
 */
export async function resolveWindow(db: Executor, query: ReportPeriodQuery, now = new Date()) {
  const { periodo } = query
  const start =
    periodo === '30d'
      ? sql`${now}::timestamptz - interval '30 days'`
      : periodo === '90d'
        ? sql`${now}::timestamptz - interval '90 days'`
        : periodo === '12m'
          ? sql`(date_trunc('month', ${now}::timestamptz at time zone ${TZ}) - interval '11 months') at time zone ${TZ}`
          : sql`(${`${query.de}-01`}::date::timestamp) at time zone ${TZ}`
  const end =
    periodo === 'custom'
      ? sql`least((${`${query.ate}-01`}::date::timestamp + interval '1 month') at time zone ${TZ}, ${now}::timestamptz)`
      : sql`${now}::timestamptz`
  const result = await db.execute<{ from: string | Date; to: string | Date }>(
    sql`select ${start} as "from", ${end} as "to"`,
  )
  const row = result.rows[0]
  return { periodo, from: new Date(row?.from ?? now), to: new Date(row?.to ?? now) } satisfies ReportWindow
}

/** Profiles by type (all accounts now), with each share of the total. */
export async function userTypeDistribution(db: Executor): Promise<PlatformReportsOverview['userTypes']> {
  const result = await db.execute<{ type: string; count: number }>(
    sql`select user_type as type, count(*)::int as count from profiles group by user_type`,
  )
  const counts = new Map(result.rows.map((row) => [row.type, Number(row.count)]))
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0)
  const items: UserTypeShare[] = USER_TYPES.map((type) => {
    const count = counts.get(type) ?? 0
    return { type, count, percent: total > 0 ? Math.round((count / total) * 1000) / 10 : 0 }
  })
  return { total, items }
}

/** Every São Paulo week (Monday) touching [from, to), as the left side of a zero-filled series. */
const weeks = (from: Date, to: Date) => sql`select generate_series(
    date_trunc('week', ${from}::timestamptz at time zone ${TZ}),
    date_trunc('week', (${to}::timestamptz - interval '1 microsecond') at time zone ${TZ}),
    interval '1 week') as w`

async function weeklySeries(db: Executor, from: Date, to: Date, counted: ReturnType<typeof sql>) {
  const result = await db.execute<{ week: string; count: number }>(sql`
    with weeks as (${weeks(from, to)}), counted as (${counted})
    select to_char(weeks.w, 'YYYY-MM-DD') as week, coalesce(counted.count, 0)::int as count
    from weeks left join counted on counted.w = weeks.w
    order by weeks.w`)
  return result.rows.map((row): WeeklyPoint => ({ week: row.week, count: Number(row.count) }))
}

/** Accounts created per São Paulo week (users.created_at). */
export function signupsPerWeek(db: Executor, from: Date, to: Date) {
  return weeklySeries(
    db,
    from,
    to,
    sql`select date_trunc('week', created_at at time zone ${TZ}) as w, count(*)::int as count
      from users where created_at >= ${from} and created_at < ${to} group by 1`,
  )
}

/**
 * Distinct accounts seen active per São Paulo week. No single record says it: a sign-in event (platform_events
 * 'login', kept 180 days) misses someone whose session simply carried on; a session row keeps only its
 * creation and last refresh (and goes on sign-out); profiles.last_seen_at keeps only the latest visit. Each is
 * a true sighting of that person at that instant, so the week's figure is the union of the three: never someone
 * who was not there, and as few missed as the platform's records allow (an older week can only undercount).
 */
export function activeUsersPerWeek(db: Executor, from: Date, to: Date) {
  return weeklySeries(
    db,
    from,
    to,
    sql`select date_trunc('week', seen.at at time zone ${TZ}) as w, count(distinct seen.user_id)::int as count
      from (
        select actor_user_id as user_id, at from platform_events
          where kind = 'login' and actor_user_id is not null and at >= ${from} and at < ${to}
        union all
        select user_id, created_at from sessions where created_at >= ${from} and created_at < ${to}
        union all
        select user_id, updated_at from sessions where updated_at >= ${from} and updated_at < ${to}
        union all
        select user_id, last_seen_at from profiles where last_seen_at >= ${from} and last_seen_at < ${to}
      ) seen
      group by 1`,
  )
}

/** The whole screen for one window. */
export async function reportsOverview(db: Executor, window: ReportWindow): Promise<PlatformReportsOverview> {
  const { from, to } = window
  const [billing, userTypes, signups, active] = [
    await billingMetrics(db, { from, to }),
    await userTypeDistribution(db),
    await signupsPerWeek(db, from, to),
    await activeUsersPerWeek(db, from, to),
  ]
  return {
    period: { periodo: window.periodo, from: from.toISOString(), to: to.toISOString() },
    billing,
    userTypes,
    signupsPerWeek: signups,
    activeUsersPerWeek: active,
  }
}
