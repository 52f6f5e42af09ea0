import { sql } from 'drizzle-orm'
import { check, index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'
import {
  CHARGE_SOURCES,
  CHARGE_STATUSES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
} from './platform-billing.constants'

/**
 * A lawyer office's subscription to the platform (/admin/financial, issue 14). One per office: the office is
 * what becomes read-only when the subscription is overdue past the grace period. Never deleted by billing;
 * it goes with the office (account deletion, decision 016).
 */
export const platformSubscriptions = pgTable(
  'platform_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .unique()
      .references(() => offices.id, { onDelete: 'cascade' }),
    /** Who receives the charges (the office's founder at creation); null once that account is deleted. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: SUBSCRIPTION_PLANS }).notNull().default('monthly'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('trial'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    /** The paid period now running (null during the trial). */
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** When the oldest unpaid charge passed its due date; read-only starts after the grace days. */
    overdueSince: timestamp('overdue_since', { withTimezone: true }),
    /** When it first became active (trial → paid conversion) and when it was cancelled (churn). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('platform_subscriptions_status_idx').on(table.status),
    index('platform_subscriptions_created_idx').on(table.createdAt),
  ],
)

/**
 * One charge per subscription period, issued as a Pix BR Code to the platform's key. Unique per
 * (subscription, period start) so the billing job can run again on any node without charging twice.
 */
export const platformCharges = pgTable(
  'platform_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => platformSubscriptions.id, { onDelete: 'cascade' }),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: SUBSCRIPTION_PLANS }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The Pix txid (≤ 25 alphanumerics) a bank statement carries back; reconciliation matches on it. */
    txid: text('txid').notNull().unique(),
    brCode: text('br_code').notNull(),
    status: text('status', { enum: CHARGE_STATUSES }).notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidAmount: numeric('paid_amount', { precision: 14, scale: 2 }),
    /** How the payment was learned: marked by an admin, or matched in an imported bank statement. */
    paidSource: text('paid_source', { enum: CHARGE_SOURCES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('platform_charges_period_uq').on(table.subscriptionId, table.periodStart),
    index('platform_charges_status_due_idx').on(table.status, table.dueAt),
    index('platform_charges_paid_idx').on(table.paidAt),
    check('platform_charges_amount_check', sql`${table.amount} >= 0`),
  ],
)
