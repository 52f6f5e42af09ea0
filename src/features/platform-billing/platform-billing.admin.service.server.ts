import { and, count, eq, isNotNull, ne, sql, sum } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { centsToDecimal, parseDecimalCents } from '../../lib/br/money'
import { offices } from '../offices/offices.table.server'
import { getPlatformSettings } from '../platform-settings/platform-settings.public.server'
import type {
  AdminFinancialOverview,
  PendingChargesPage,
  RecentTransaction,
  SubscriptionsPage,
  SubscriptionsQuery,
} from './platform-billing.admin.schema'
import {
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from './platform-billing.constants'
import { planPrices } from './platform-billing.schema'
import { billingMetrics, currentMonthWindow } from './platform-billing.metrics.server'
import { platformCharges, platformSubscriptions } from './platform-billing.table.server'

// The reads of /admin/financial. The business figures (revenue, subscribers) come from the metrics module so
// this screen, /admin/reports and the /admin/settings card never disagree; what only this screen shows (pending
// charges, the per-plan months, the lists) is read here.

const TZ = 'America/Sao_Paulo'
const RECENT_TRANSACTIONS = 10

const iso = (value: Date | string) => new Date(value).toISOString()
const cents = (value: string | number | null | undefined) =>
  value === null || value === undefined ? 0 : (parseDecimalCents(String(value)) ?? 0)

export async function getAdminFinancialOverview(
  db: Database,
  now = new Date(),
): Promise<AdminFinancialOverview> {
  const settings = await getPlatformSettings(db)
  const window = await currentMonthWindow(db, now)
  const metrics = await billingMetrics(db, window)
  const monthlyCents = cents(settings.monthlyPrice)

  const [pending] = await db
    .select({ count: count(), total: sum(platformCharges.amount) })
    .from(platformCharges)
    .where(eq(platformCharges.status, 'pending'))

  // Twelve São Paulo calendar months up to this one, zero-filled, paid money per plan: ONE pass over the paid
  // charges (platform_charges_paid_idx range) feeds both the 6-month chart and the 12-month per-plan totals.
  const months = await db.execute<{ month: string; monthly: string; annual: string }>(sql`
    with months as (
      select generate_series(
        date_trunc('month', ${now}::timestamptz at time zone ${TZ}) - interval '11 months',
        date_trunc('month', ${now}::timestamptz at time zone ${TZ}),
        interval '1 month') as m
    ), paid as (
      select date_trunc('month', c.paid_at at time zone ${TZ}) as m, c.plan,
        sum(coalesce(c.paid_amount, c.amount)) as total
      from platform_charges c
      where c.status = 'paid'
        and c.paid_at >= (date_trunc('month', ${now}::timestamptz at time zone ${TZ}) - interval '11 months')
          at time zone ${TZ}
      group by 1, 2
    )
    select to_char(months.m, 'YYYY-MM') as month,
      coalesce(sum(paid.total) filter (where paid.plan = 'monthly'), 0)::text as monthly,
      coalesce(sum(paid.total) filter (where paid.plan = 'annual'), 0)::text as annual
    from months left join paid on paid.m = months.m
    group by months.m order by months.m`)
  const year = months.rows.map((row) => ({
    month: row.month,
    monthly: cents(row.monthly),
    annual: cents(row.annual),
  }))

  const subscribers = await db
    .select({ plan: platformSubscriptions.plan, n: count() })
    .from(platformSubscriptions)
    .where(ne(platformSubscriptions.status, 'cancelled'))
    .groupBy(platformSubscriptions.plan)

  return {
    metrics: {
      monthRevenue: centsToDecimal(metrics.revenueCents),
      activeSubscribers: metrics.activeSubscribers,
      trialSubscribers: metrics.trialSubscribers,
      overdueSubscribers: metrics.overdueSubscribers,
      pendingCount: pending?.count ?? 0,
      pendingAmount: centsToDecimal(cents(pending?.total)),
    },
    settings: {
      monthlyPrice: centsToDecimal(monthlyCents),
      trialDays: settings.trialDays,
      annualDiscount: settings.annualDiscount,
      annualPrice: centsToDecimal(planPrices(monthlyCents, settings.annualDiscount).annual),
      autoBilling: settings.autoBilling,
      graceDays: settings.billingGraceDays,
      pixConfigured: Boolean(settings.pixKey && settings.pixKeyType),
    },
    revenueByMonth: year.slice(-6).map((row) => ({
      month: row.month,
      monthly: centsToDecimal(row.monthly),
      annual: centsToDecimal(row.annual),
    })),
    plans: SUBSCRIPTION_PLANS.map((plan) => ({
      plan,
      subscribers: subscribers.find((row) => row.plan === plan)?.n ?? 0,
      revenue12m: centsToDecimal(year.reduce((total, row) => total + row[plan], 0)),
    })),
    recentTransactions: await recentTransactions(db),
  }
}

async function recentTransactions(db: Database): Promise<RecentTransaction[]> {
  // `paid_at desc` over paid rows only: a backward scan of platform_charges_paid_idx (no NULLs to place).
  const rows = await db
    .select({
      id: platformCharges.id,
      officeName: offices.nome,
      plan: platformCharges.plan,
      amount: platformCharges.amount,
      paidAmount: platformCharges.paidAmount,
      paidAt: platformCharges.paidAt,
      source: platformCharges.paidSource,
    })
    .from(platformCharges)
    .innerJoin(offices, eq(offices.id, platformCharges.officeId))
    .where(and(eq(platformCharges.status, 'paid'), isNotNull(platformCharges.paidAt)))
    .orderBy(sql`${platformCharges.paidAt} desc`, sql`${platformCharges.id} desc`)
    .limit(RECENT_TRANSACTIONS)
  return rows.map((row) => ({
    id: row.id,
    officeName: row.officeName,
    plan: row.plan,
    amount: centsToDecimal(cents(row.paidAmount ?? row.amount)),
    paidAt: iso(row.paidAt ?? new Date(0)),
    source: row.source,
  }))
}

export async function listSubscriptions(db: Database, query: SubscriptionsQuery): Promise<SubscriptionsPage> {
  const where = query.status === 'todos' ? undefined : eq(platformSubscriptions.status, query.status)
  const rows = await db
    .select({
      id: platformSubscriptions.id,
      officeName: offices.nome,
      plan: platformSubscriptions.plan,
      status: platformSubscriptions.status,
      trialEndsAt: platformSubscriptions.trialEndsAt,
      currentPeriodEnd: platformSubscriptions.currentPeriodEnd,
      overdueSince: platformSubscriptions.overdueSince,
      createdAt: platformSubscriptions.createdAt,
    })
    .from(platformSubscriptions)
    .innerJoin(offices, eq(offices.id, platformSubscriptions.officeId))
    .where(where)
    .orderBy(sql`${platformSubscriptions.createdAt} desc`, sql`${platformSubscriptions.id} desc`)
    .limit(query.limit)
    .offset(query.offset)
  const byStatus = await db
    .select({ status: platformSubscriptions.status, n: count() })
    .from(platformSubscriptions)
    .groupBy(platformSubscriptions.status)
  const counts = Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, 0])) as Record<
    SubscriptionStatus,
    number
  >
  for (const row of byStatus) counts[row.status] = row.n
  const total =
    query.status === 'todos' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[query.status]
  return {
    items: rows.map((row) => ({
      ...row,
      trialEndsAt: iso(row.trialEndsAt),
      currentPeriodEnd: row.currentPeriodEnd ? iso(row.currentPeriodEnd) : null,
      overdueSince: row.overdueSince ? iso(row.overdueSince) : null,
      createdAt: iso(row.createdAt),
    })),
    total,
    counts,
  }
}

export async function listPendingCharges(
  db: Database,
  query: { offset: number; limit: number },
  now = new Date(),
): Promise<PendingChargesPage> {
  // Oldest due first: (status, due_at) is exactly platform_charges_status_due_idx.
  const rows = await db
    .select({
      id: platformCharges.id,
      officeName: offices.nome,
      plan: platformCharges.plan,
      amount: platformCharges.amount,
      dueAt: platformCharges.dueAt,
      txid: platformCharges.txid,
      brCode: platformCharges.brCode,
      periodStart: platformCharges.periodStart,
      periodEnd: platformCharges.periodEnd,
    })
    .from(platformCharges)
    .innerJoin(offices, eq(offices.id, platformCharges.officeId))
    .where(eq(platformCharges.status, 'pending'))
    .orderBy(platformCharges.dueAt, platformCharges.id)
    .limit(query.limit)
    .offset(query.offset)
  const [totals] = await db
    .select({ n: count(), total: sum(platformCharges.amount) })
    .from(platformCharges)
    .where(eq(platformCharges.status, 'pending'))
  return {
    items: rows.map((row) => ({
      ...row,
      amount: centsToDecimal(cents(row.amount)),
      dueAt: iso(row.dueAt),
      overdue: row.dueAt.getTime() < now.getTime(),
      periodStart: iso(row.periodStart),
      periodEnd: iso(row.periodEnd),
    })),
    total: totals?.n ?? 0,
    totalAmount: centsToDecimal(cents(totals?.total)),
  }
}
