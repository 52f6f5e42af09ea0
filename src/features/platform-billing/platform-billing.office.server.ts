import { and, asc, eq } from 'drizzle-orm'
import { centsToDecimal } from '../../lib/br/money'
import {
  addDays,
  priceCents,
  readBillingSettings,
  type Charge,
  type Executor,
} from './platform-billing.charges.server'
import type { BillingChargeDto, BillingStatusDto } from './platform-billing.schema'
import { platformCharges, platformSubscriptions } from './platform-billing.table.server'

const iso = (value: Date | null) => (value ? value.toISOString() : null)

export function toChargeDto(charge: Charge): BillingChargeDto {
  return {
    id: charge.id,
    plan: charge.plan,
    periodStart: charge.periodStart.toISOString(),
    periodEnd: charge.periodEnd.toISOString(),
    amount: charge.amount,
    txid: charge.txid,
    brCode: charge.status === 'pending' ? charge.brCode : null,
    status: charge.status,
    dueAt: charge.dueAt.toISOString(),
    paidAt: iso(charge.paidAt),
  }
}

/**
 * The office's subscription as its members see it (GET /api/billing): status, plan and prices, the oldest
 * charge to pay with its BR Code, and when the office becomes (or became) read-only. null = no subscription
 * (not a lawyer's office).
 */
export async function getBillingStatus(
  db: Executor,
  officeId: string,
  canManage: boolean,
  now: Date = new Date(),
): Promise<BillingStatusDto | null> {
  const [subscription] = await db
    .select()
    .from(platformSubscriptions)
    .where(eq(platformSubscriptions.officeId, officeId))
  if (!subscription) return null
  const settings = await readBillingSettings(db)
  const [pending] = await db
    .select()
    .from(platformCharges)
    .where(and(eq(platformCharges.subscriptionId, subscription.id), eq(platformCharges.status, 'pending')))
    .orderBy(asc(platformCharges.dueAt))
    .limit(1)
  // The same rule requireOffice applies (features/offices/membership.server.ts), from the same columns.
  const anchor =
    subscription.status === 'cancelled'
      ? (subscription.currentPeriodEnd ?? subscription.trialEndsAt)
      : subscription.overdueSince
  const readOnlyFrom = anchor ? addDays(anchor, settings.billingGraceDays) : null
  const prices = priceCents(settings)
  return {
    status: subscription.status,
    plan: subscription.plan,
    trialEndsAt: subscription.trialEndsAt.toISOString(),
    currentPeriodStart: iso(subscription.currentPeriodStart),
    currentPeriodEnd: iso(subscription.currentPeriodEnd),
    overdueSince: iso(subscription.overdueSince),
    cancelledAt: iso(subscription.cancelledAt),
    readOnly: readOnlyFrom !== null && readOnlyFrom <= now,
    readOnlyFrom: iso(readOnlyFrom),
    graceDays: settings.billingGraceDays,
    prices: {
      monthly: centsToDecimal(prices.monthly),
      annual: centsToDecimal(prices.annual),
      annualDiscount: settings.annualDiscount,
    },
    pendingCharge: pending ? toChargeDto(pending) : null,
    canManage,
  }
}
