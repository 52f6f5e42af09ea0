import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'

/**
 * The subscription business's figures over a window [from, to) (issue 14): /admin/reports, /admin/financial and
 * the revenue card of /admin/settings all read them from here, so the three screens never disagree. Pure SQL
 * over platform_subscriptions / platform_charges; the lifecycle that writes them lives elsewhere.
 *
 * A subscription's state AT an instant is rebuilt from its timestamps (the status column only says "now"):
 * - active:  activated_at ≤ t, not cancelled by t, not overdue since ≤ t (paying, up to date);
 * - overdue: overdue_since ≤ t, not cancelled by t;
 * - trial:   created ≤ t, never activated by t, not cancelled by t, not overdue by t.
 * For t = now these are exactly the status values the lifecycle keeps. A past overdue episode that was paid
 * is not recorded (overdue_since is cleared), so a past `to` counts that office as active: the best the
 * columns allow, and never a paying office counted as lost.
 *
 * Money is summed in SQL as numeric and leaves as integer centavos (never through a binary float).
 */

export interface BillingMetricsWindow {
  from: Date
  to: Date
}

export interface MonthlyRevenuePoint {
  /** 'YYYY-MM', a calendar month in America/Sao_Paulo. */
  month: string
  cents: number
}

export interface BillingMetrics {
  /** Paid charges whose payment fell in the window (paid amount, else the charged amount). */
  revenueCents: number
  activeSubscribers: number
  trialSubscribers: number
  overdueSubscribers: number
  /** Subscriptions whose trial ended in the window, and how many of them became paid (activated_at set). */
  trialsEnded: number
  converted: number
  /** converted / trialsEnded; null when no trial ended in the window (nothing to divide). */
  conversionRate: number | null
  /** Paying subscriptions at `from`, and those (once paid) cancelled in the window. */
  activeAtStart: number
  cancelled: number
  /** cancelled / activeAtStart; null when nobody was paying at the start. */
  churnRate: number | null
  revenueByPlan: { monthly: number; annual: number }
  /** One point per São Paulo calendar month touching the window, oldest first, zero-filled. */
  monthlyRevenueSeries: MonthlyRevenuePoint[]
}

type Executor = Pick<Database, 'execute'>

const TZ = 'America/Sao_Paulo'

/** Active (paying, up to date) at instant t, as an SQL condition on platform_subscriptions `s`. */
const activeAt = (t: Date) => sql`(s.activated_at <= ${t}
  and (s.cancelled_at is null or s.cancelled_at > ${t})
  and (s.overdue_since is null or s.overdue_since > ${t}))`

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null)

export async function billingMetrics(
  db: Executor,
  { from, to }: BillingMetricsWindow,
): Promise<BillingMetrics> {
  const counts = await db.execute<Record<string, string | number | null>>(sql`
    select
      (select count(*)::int from platform_subscriptions s where ${activeAt(to)}) as active,
      (select count(*)::int from platform_subscriptions s
        where s.overdue_since <= ${to} and (s.cancelled_at is null or s.cancelled_at > ${to})) as overdue,
      (select count(*)::int from platform_subscriptions s
        where s.created_at <= ${to}
          and (s.activated_at is null or s.activated_at > ${to})
          and (s.cancelled_at is null or s.cancelled_at > ${to})
          and (s.overdue_since is null or s.overdue_since > ${to})) as trial,
      (select count(*)::int from platform_subscriptions s
        where s.trial_ends_at >= ${from} and s.trial_ends_at < ${to}) as trials_ended,
      (select count(*)::int from platform_subscriptions s
        where s.trial_ends_at >= ${from} and s.trial_ends_at < ${to} and s.activated_at is not null) as converted,
      (select count(*)::int from platform_subscriptions s where ${activeAt(from)}) as active_at_start,
      (select count(*)::int from platform_subscriptions s
        where s.cancelled_at >= ${from} and s.cancelled_at < ${to}
          and s.activated_at is not null and s.activated_at <= s.cancelled_at) as cancelled,
      (select (coalesce(sum(coalesce(c.paid_amount, c.amount)), 0) * 100)::bigint::text from platform_charges c
        where c.status = 'paid' and c.paid_at >= ${from} and c.paid_at < ${to} and c.plan = 'monthly') as monthly,
      (select (coalesce(sum(coalesce(c.paid_amount, c.amount)), 0) * 100)::bigint::text from platform_charges c
        where c.status = 'paid' and c.paid_at >= ${from} and c.paid_at < ${to} and c.plan = 'annual') as annual`)
  const row = counts.rows[0] ?? {}
  const n = (key: string) => Number(row[key] ?? 0)

  // Months in São Paulo wall time: from the month of `from` to the month of the last instant before `to`.
  const series = await db.execute<{ month: string; cents: string | number }>(sql`
    with months as (
      select generate_series(
        date_trunc('month', ${from}::timestamptz at time zone ${TZ}),
        date_trunc('month', (${to}::timestamptz - interval '1 microsecond') at time zone ${TZ}),
        interval '1 month') as m
    ), paid as (
      select date_trunc('month', c.paid_at at time zone ${TZ}) as m,
        sum(coalesce(c.paid_amount, c.amount)) as total
      from platform_charges c
      where c.status = 'paid' and c.paid_at >= ${from} and c.paid_at < ${to}
      group by 1
    )
    select to_char(months.m, 'YYYY-MM') as month,
      (coalesce(paid.total, 0) * 100)::bigint::text as cents
    from months left join paid on paid.m = months.m
    order by months.m`)

  const monthly = n('monthly')
  const annual = n('annual')
  const trialsEnded = n('trials_ended')
  const converted = n('converted')
  const activeAtStart = n('active_at_start')
  const cancelled = n('cancelled')
  return {
    revenueCents: monthly + annual,
    activeSubscribers: n('active'),
    trialSubscribers: n('trial'),
    overdueSubscribers: n('overdue'),
    trialsEnded,
    converted,
    conversionRate: ratio(converted, trialsEnded),
    activeAtStart,
    cancelled,
    churnRate: ratio(cancelled, activeAtStart),
    revenueByPlan: { monthly, annual },
    monthlyRevenueSeries: series.rows.map((point) => ({ month: point.month, cents: Number(point.cents) })),
  }
}

/** The current São Paulo calendar month up to now: the window of the "monthly revenue" card. */
export async function currentMonthWindow(db: Executor, now = new Date()): Promise<BillingMetricsWindow> {
  const result = await db.execute<{ start: string | Date }>(
    sql`select (date_trunc('month', ${now}::timestamptz at time zone ${TZ}) at time zone ${TZ}) as start`,
  )
  const start = result.rows[0]?.start
  return { from: new Date(start ?? now), to: now }
}
