import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client.server'
import { createTestDatabase } from '../../test/test-app'
import { offices } from '../offices/offices.table.server'
import { billingMetrics, currentMonthWindow } from './platform-billing.metrics.server'
import { platformCharges, platformSubscriptions } from './platform-billing.table.server'

// billingMetrics over rows written straight into the two tables: every figure is a count of what was inserted,
// with boundaries in São Paulo time (a payment at 23:30 of 31 May in Brasília is 02:30 UTC of 1 June).

let handle: DbHandle
let drop: () => Promise<void>

const at = (iso: string) => new Date(iso)
// The window: March, April and May 2026 in São Paulo (UTC−3).
const FROM = at('2026-03-01T00:00:00-03:00')
const TO = at('2026-06-01T00:00:00-03:00')

type SubscriptionRow = typeof platformSubscriptions.$inferInsert
type ChargeRow = typeof platformCharges.$inferInsert

async function subscription(values: Omit<SubscriptionRow, 'officeId'>) {
  const [office] = await handle.db.insert(offices).values({ nome: 'Escritório teste' }).returning()
  const [row] = await handle.db
    .insert(platformSubscriptions)
    .values({ ...values, officeId: office!.id })
    .returning()
  return row!
}

let chargeSeq = 0
async function charge(
  sub: { id: string; officeId: string },
  values: Pick<ChargeRow, 'plan' | 'amount' | 'status'> & Partial<ChargeRow>,
) {
  chargeSeq += 1
  const periodStart = at(`2020-01-01T00:00:00Z`)
  periodStart.setUTCDate(periodStart.getUTCDate() + chargeSeq)
  await handle.db.insert(platformCharges).values({
    subscriptionId: sub.id,
    officeId: sub.officeId,
    periodStart,
    periodEnd: at('2030-01-01T00:00:00Z'),
    txid: `TX${String(chargeSeq).padStart(10, '0')}`,
    brCode: '000201',
    dueAt: values.paidAt ?? at('2026-05-20T12:00:00Z'),
    ...values,
  })
}

beforeAll(async () => {
  ;({ handle, drop } = await createTestDatabase())
  // A: paying since January.
  const a = await subscription({
    plan: 'monthly',
    status: 'active',
    createdAt: at('2026-01-10T12:00:00Z'),
    trialEndsAt: at('2026-01-17T12:00:00Z'),
    activatedAt: at('2026-01-17T12:00:00Z'),
  })
  // B: trial ends in March and converts to the annual plan.
  const b = await subscription({
    plan: 'annual',
    status: 'active',
    createdAt: at('2026-02-20T12:00:00Z'),
    trialEndsAt: at('2026-03-05T12:00:00Z'),
    activatedAt: at('2026-03-05T12:00:00Z'),
  })
  // C: trial ends in March, never paid, cancelled: a lost trial, not churn.
  await subscription({
    plan: 'monthly',
    status: 'cancelled',
    createdAt: at('2026-03-01T05:00:00Z'),
    trialEndsAt: at('2026-03-20T12:00:00Z'),
    cancelledAt: at('2026-03-25T12:00:00Z'),
  })
  // D: paying since December, cancelled in April: churn.
  await subscription({
    plan: 'monthly',
    status: 'cancelled',
    createdAt: at('2025-12-01T12:00:00Z'),
    trialEndsAt: at('2025-12-08T12:00:00Z'),
    activatedAt: at('2025-12-08T12:00:00Z'),
    cancelledAt: at('2026-04-10T12:00:00Z'),
  })
  // E: paying since January, overdue since 20 May.
  const e = await subscription({
    plan: 'monthly',
    status: 'overdue',
    createdAt: at('2026-01-01T12:00:00Z'),
    trialEndsAt: at('2026-01-08T12:00:00Z'),
    activatedAt: at('2026-01-08T12:00:00Z'),
    overdueSince: at('2026-05-20T12:00:00Z'),
  })
  // F: a trial that started late in May and ends after the window.
  await subscription({
    plan: 'monthly',
    status: 'trial',
    createdAt: at('2026-05-25T12:00:00Z'),
    trialEndsAt: at('2026-06-08T12:00:00Z'),
  })

  // 23:00 of 28 Feb in Brasília is 1 March in UTC: February's revenue, outside the window.
  await charge(a, {
    plan: 'monthly',
    amount: '97.00',
    status: 'paid',
    paidAt: at('2026-02-28T23:00:00-03:00'),
  })
  await charge(a, { plan: 'monthly', amount: '97.00', status: 'paid', paidAt: at('2026-03-10T12:00:00Z') })
  await charge(a, { plan: 'monthly', amount: '97.00', status: 'paid', paidAt: at('2026-04-10T12:00:00Z') })
  // Paid 90.50 of 97.00: the revenue is what was received. 23:30 of 31 May in Brasília: May's.
  await charge(a, {
    plan: 'monthly',
    amount: '97.00',
    paidAmount: '90.50',
    status: 'paid',
    paidAt: at('2026-05-31T23:30:00-03:00'),
  })
  await charge(b, { plan: 'annual', amount: '931.20', status: 'paid', paidAt: at('2026-03-05T12:00:00Z') })
  // Pending and cancelled charges are not revenue.
  await charge(e, { plan: 'monthly', amount: '97.00', status: 'pending' })
  await charge(e, { plan: 'monthly', amount: '97.00', status: 'cancelled' })
}, 60_000)
afterAll(() => drop())

describe('billingMetrics', () => {
  it('counts revenue, subscribers, conversion and churn from the rows', async () => {
    const metrics = await billingMetrics(handle.db, { from: FROM, to: TO })
    expect(metrics).toEqual({
      revenueCents: 9700 + 9700 + 9050 + 93120,
      activeSubscribers: 2, // A, B
      trialSubscribers: 1, // F
      overdueSubscribers: 1, // E
      trialsEnded: 2, // B, C
      converted: 1, // B
      conversionRate: 0.5,
      activeAtStart: 3, // A, D, E (B was still in trial on 1 March)
      cancelled: 1, // D (C never paid)
      churnRate: 1 / 3,
      revenueByPlan: { monthly: 9700 + 9700 + 9050, annual: 93120 },
      monthlyRevenueSeries: [
        { month: '2026-03', cents: 9700 + 93120 },
        { month: '2026-04', cents: 9700 },
        { month: '2026-05', cents: 9050 },
      ],
    })
  })

  it('rebuilds the state at an earlier instant', async () => {
    const metrics = await billingMetrics(handle.db, { from: FROM, to: at('2026-03-15T00:00:00-03:00') })
    expect(metrics.activeSubscribers).toBe(4) // A, B, D, E
    expect(metrics.trialSubscribers).toBe(1) // C
    expect(metrics.overdueSubscribers).toBe(0)
    expect(metrics.revenueCents).toBe(9700 + 93120)
    expect(metrics.monthlyRevenueSeries).toEqual([{ month: '2026-03', cents: 9700 + 93120 }])
  })

  it('an empty window: zero revenue, rates null (nothing to divide)', async () => {
    const metrics = await billingMetrics(handle.db, {
      from: at('2024-01-01T00:00:00-03:00'),
      to: at('2024-02-01T00:00:00-03:00'),
    })
    expect(metrics.revenueCents).toBe(0)
    expect(metrics.activeSubscribers).toBe(0)
    expect(metrics.conversionRate).toBeNull()
    expect(metrics.churnRate).toBeNull()
    expect(metrics.monthlyRevenueSeries).toEqual([{ month: '2024-01', cents: 0 }])
  })

  it('the current month starts at midnight of day 1 in São Paulo', async () => {
    const now = at('2026-06-01T02:45:00Z') // still 31 May, 23:45, in Brasília
    const window = await currentMonthWindow(handle.db, now)
    expect(window.from.toISOString()).toBe('2026-05-01T03:00:00.000Z')
    expect(window.to).toEqual(now)
    expect((await billingMetrics(handle.db, window)).revenueCents).toBe(9050)
    const june = await currentMonthWindow(handle.db, at('2026-06-15T12:00:00Z'))
    expect(june.from.toISOString()).toBe('2026-06-01T03:00:00.000Z')
  })
})
