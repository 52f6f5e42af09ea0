import { and, asc, eq, lt, ne, sql } from 'drizzle-orm'
import { centsToDecimal } from '../../lib/br/money'
import { recordPlatformEvent } from '../platform-logs/platform-logs.public.server'
import {
  CHARGE_DUE_DAYS,
  canCharge,
  issueCharge,
  nextChargePeriod,
  readBillingSettings,
  type Charge,
  type Executor,
  type Subscription,
  type Tx,
} from './platform-billing.charges.server'
import type { ChargeSource, SubscriptionPlan, SubscriptionStatus } from './platform-billing.constants'
import { platformCharges, platformSubscriptions } from './platform-billing.table.server'

// The subscription's state machine (issue 14): trial → (trial end: first charge; trial until it is due) →
// active when paid → next charge before the period ends → overdue when a charge passes its due date → active
// again when paid; cancelled stops charging and keeps every record. Each change runs in the caller's
// transaction with the subscription row locked, so two nodes (or a job and an admin) never interleave.

/** Who made a change, for the platform log (ids only, never personal data). */
export interface BillingActor {
  userId: string | null
  by: 'job' | 'office' | 'admin'
}

const JOB: BillingActor = { userId: null, by: 'job' }

async function lockSubscription(
  tx: Executor,
  where: ReturnType<typeof eq>,
): Promise<Subscription | undefined> {
  const [row] = await tx.select().from(platformSubscriptions).where(where).for('update')
  return row
}

async function recordChange(
  tx: Executor,
  subscription: Pick<Subscription, 'id' | 'officeId'>,
  from: SubscriptionStatus | SubscriptionPlan,
  to: SubscriptionStatus | SubscriptionPlan,
  actor: BillingActor,
  change: 'status' | 'plan' = 'status',
) {
  await recordPlatformEvent(tx, {
    kind: 'assinatura',
    actorUserId: actor.userId,
    details: {
      change,
      from,
      to,
      by: actor.by,
      officeId: subscription.officeId,
      subscriptionId: subscription.id,
    },
  })
}

/** The oldest due date among the subscription's unpaid charges already past due, or null. */
async function oldestOverdue(tx: Executor, subscriptionId: string, now: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ dueAt: platformCharges.dueAt })
    .from(platformCharges)
    .where(
      and(
        eq(platformCharges.subscriptionId, subscriptionId),
        eq(platformCharges.status, 'pending'),
        lt(platformCharges.dueAt, now),
      ),
    )
    .orderBy(asc(platformCharges.dueAt))
    .limit(1)
  return row?.dueAt ?? null
}

/** Sets status/overdue_since from the charges as they are at `now` (recording a status change). */
async function settleStatus(tx: Executor, subscription: Subscription, now: Date, actor: BillingActor) {
  if (subscription.status === 'cancelled') return subscription.status
  const overdueSince = await oldestOverdue(tx, subscription.id, now)
  const status: SubscriptionStatus = overdueSince
    ? 'overdue'
    : subscription.status === 'overdue'
      ? 'active'
      : subscription.status
  if (status === subscription.status && overdueSince?.getTime() === subscription.overdueSince?.getTime()) {
    return status
  }
  await tx
    .update(platformSubscriptions)
    .set({ status, overdueSince, updatedAt: sql`now()` })
    .where(eq(platformSubscriptions.id, subscription.id))
  if (status !== subscription.status) await recordChange(tx, subscription, subscription.status, status, actor)
  return status
}

/**
 * One subscription's daily step: issue the next charge when it is time (only when nothing is left unpaid: an
 * overdue office is not charged again on top), then mark it overdue when a charge passed its due date.
 * Returns whether a charge was issued.
 */
export async function billSubscription(tx: Tx, subscriptionId: string, now: Date, charge: boolean) {
  const subscription = await lockSubscription(tx, eq(platformSubscriptions.id, subscriptionId))
  if (!subscription || subscription.status === 'cancelled') return false
  const issued = charge ? await issueNextCharge(tx, subscription, now) : null
  await settleStatus(tx, subscription, now, JOB)
  return issued !== null
}

/**
 * The run's charging step for one (locked) subscription: the next period's charge when it is time and nothing
 * is left unpaid. Cancelled charges count for nothing, so after a lapse the period starts at `now`
 * (nextChargePeriod). null = nothing issued (not time yet, a charge pending, or charging off).
 */
async function issueNextCharge(tx: Executor, subscription: Subscription, now: Date): Promise<Charge | null> {
  const [state] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${platformCharges.status} = 'pending')`.mapWith(Number),
      lastEnd: sql<
        string | null
      >`max(${platformCharges.periodEnd}) filter (where ${platformCharges.status} <> 'cancelled')`,
    })
    .from(platformCharges)
    .where(eq(platformCharges.subscriptionId, subscription.id))
  if (state?.pending) return null
  const lastEnd = state?.lastEnd ? new Date(state.lastEnd) : null
  const period = nextChargePeriod(subscription, lastEnd, now)
  return period ? issueCharge(tx, subscription, period) : null
}

export interface MarkPaidInput {
  /** What was received, in integer cents (may differ from the charge: recorded as paid_amount). */
  amountCents: number
  paidAt: Date
  source: ChargeSource
}

export interface MarkPaidResult {
  charge: Charge
  /** The charge was already paid: nothing changed (a repeated sync or statement line). */
  alreadyPaid: boolean
}

/**
 * Records a charge's payment (the admin's 'Sincronizar Pagamentos' or a reconciled statement line). Idempotent:
 * a paid charge stays as first recorded. The subscription becomes active (activated_at the first time), its
 * current period becomes the paid one when that is later, and overdue_since clears unless another charge is
 * still past due. A cancelled subscription keeps its status (the money is still recorded). null = no charge.
 */
export async function markChargePaid(
  tx: Executor,
  chargeId: string,
  input: MarkPaidInput,
  now: Date = new Date(),
  actor: BillingActor = { userId: null, by: 'admin' },
): Promise<MarkPaidResult | null> {
  const [found] = await tx
    .select()
    .from(platformCharges)
    .where(eq(platformCharges.id, chargeId))
    .for('update')
  if (!found) return null
  if (found.status === 'paid') return { charge: found, alreadyPaid: true }
  const subscription = await lockSubscription(tx, eq(platformSubscriptions.id, found.subscriptionId))
  const amount = centsToDecimal(input.amountCents)
  const [charge] = await tx
    .update(platformCharges)
    .set({ status: 'paid', paidAt: input.paidAt, paidAmount: amount, paidSource: input.source })
    .where(eq(platformCharges.id, chargeId))
    .returning()
  if (!charge || !subscription || subscription.status === 'cancelled') {
    return charge ? { charge, alreadyPaid: false } : null
  }
  const later = !subscription.currentPeriodEnd || charge.periodEnd > subscription.currentPeriodEnd
  const overdueSince = await oldestOverdue(tx, subscription.id, now)
  const status: SubscriptionStatus = overdueSince ? 'overdue' : 'active'
  await tx
    .update(platformSubscriptions)
    .set({
      status,
      overdueSince,
      activatedAt: subscription.activatedAt ?? input.paidAt,
      ...(later && { currentPeriodStart: charge.periodStart, currentPeriodEnd: charge.periodEnd }),
      updatedAt: sql`now()`,
    })
    .where(eq(platformSubscriptions.id, subscription.id))
  if (status !== subscription.status) await recordChange(tx, subscription, subscription.status, status, actor)
  return { charge, alreadyPaid: false }
}

/**
 * Cancels (the office's sócio or an admin): no more charges, the pending ones cancelled, every record kept.
 * The office keeps writing until its paid time (or trial) ends, plus the grace days. false = already cancelled.
 */
export async function cancelSubscription(
  tx: Executor,
  officeId: string,
  actor: BillingActor,
  now: Date = new Date(),
): Promise<boolean> {
  const subscription = await lockSubscription(tx, eq(platformSubscriptions.officeId, officeId))
  if (!subscription || subscription.status === 'cancelled') return false
  await tx
    .update(platformCharges)
    .set({ status: 'cancelled' })
    .where(and(eq(platformCharges.subscriptionId, subscription.id), eq(platformCharges.status, 'pending')))
  await tx
    .update(platformSubscriptions)
    .set({ status: 'cancelled', cancelledAt: now, overdueSince: null, updatedAt: sql`now()` })
    .where(eq(platformSubscriptions.id, subscription.id))
  await recordChange(tx, subscription, subscription.status, 'cancelled', actor)
  return true
}

/**
 * Undoes a cancel (the office's sócio). While the paid time (or the trial) still runs, the subscription simply
 * goes back to active (or trial, until its original end) and the run charges on its usual schedule. After a
 * lapse, the run's own step issues the charge of a new period starting now, and the subscription is overdue
 * since its paid time ended: it stays read-only exactly as while cancelled (same anchor, same grace days)
 * until that charge is paid (markChargePaid). With charging off nothing is issued and nothing is owed.
 * null = no subscription; false = not cancelled.
 */
export async function reactivateSubscription(
  tx: Executor,
  officeId: string,
  actor: BillingActor,
  now: Date = new Date(),
): Promise<SubscriptionStatus | false | null> {
  const subscription = await lockSubscription(tx, eq(platformSubscriptions.officeId, officeId))
  if (!subscription) return null
  if (subscription.status !== 'cancelled') return false
  const paidUntil = subscription.currentPeriodEnd ?? subscription.trialEndsAt
  const running: SubscriptionStatus = subscription.currentPeriodEnd ? 'active' : 'trial'
  const lapsed = paidUntil <= now
  const issued = lapsed ? await issueNextCharge(tx, subscription, now) : null
  const status: SubscriptionStatus = issued ? 'overdue' : running
  await tx
    .update(platformSubscriptions)
    .set({ status, cancelledAt: null, overdueSince: issued ? paidUntil : null, updatedAt: sql`now()` })
    .where(eq(platformSubscriptions.id, subscription.id))
  await recordChange(tx, subscription, 'cancelled', status, actor)
  return status
}

/** The plan of the NEXT period: charges already issued keep theirs. false = no subscription or cancelled. */
export async function changePlan(
  tx: Executor,
  officeId: string,
  plan: SubscriptionPlan,
  actor: BillingActor,
): Promise<boolean> {
  const subscription = await lockSubscription(tx, eq(platformSubscriptions.officeId, officeId))
  if (!subscription || subscription.status === 'cancelled') return false
  if (subscription.plan === plan) return true
  await tx
    .update(platformSubscriptions)
    .set({ plan, updatedAt: sql`now()` })
    .where(eq(platformSubscriptions.id, subscription.id))
  await recordChange(tx, subscription, subscription.plan, plan, actor, 'plan')
  return true
}

/** Subscriptions the job must look at `now`: a charge to issue, or a due date passed and not yet marked. */
export async function dueSubscriptionIds(db: Executor, now: Date, charge: boolean): Promise<string[]> {
  const s = platformSubscriptions
  const issue = sql`(not exists (select 1 from platform_charges c where c.subscription_id = ${s.id}
      and c.status = 'pending')
    and coalesce((select max(c.period_end) - make_interval(days => ${CHARGE_DUE_DAYS}) from platform_charges c
      where c.subscription_id = ${s.id} and c.status <> 'cancelled'), ${s.trialEndsAt}) <= ${now})`
  const overdue = sql`exists (select 1 from platform_charges c where c.subscription_id = ${s.id}
    and c.status = 'pending' and c.due_at < ${now}
    and (${s.overdueSince} is null or c.due_at < ${s.overdueSince}))`
  const rows = await db
    .select({ id: s.id })
    .from(s)
    .where(and(ne(s.status, 'cancelled'), charge ? sql`(${issue} or ${overdue})` : overdue))
    .orderBy(asc(s.createdAt))
  return rows.map((row) => row.id)
}

export async function chargingEnabled(db: Executor): Promise<boolean> {
  return canCharge(await readBillingSettings(db))
}
