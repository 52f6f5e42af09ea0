/** Subscription plans: monthly at the configured price, annual at 12 × price less the annual discount. */
export const SUBSCRIPTION_PLANS = ['monthly', 'annual'] as const
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number]

/** trial → active (paid) → overdue (a charge past due) → active again when paid; cancelled ends it. */
export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'overdue', 'cancelled'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export const CHARGE_STATUSES = ['pending', 'paid', 'cancelled'] as const
export type ChargeStatus = (typeof CHARGE_STATUSES)[number]

export const CHARGE_SOURCES = ['manual', 'statement'] as const
export type ChargeSource = (typeof CHARGE_SOURCES)[number]
