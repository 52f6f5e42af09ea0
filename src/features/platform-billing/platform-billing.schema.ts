import { z } from 'zod'
import {
  SUBSCRIPTION_PLANS,
  type ChargeStatus,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from './platform-billing.constants'

// Contract of /api/billing (the lawyer's side of the platform subscription), shared by the card and the routes.

export const BILLING_MESSAGES = {
  plan: 'Escolha o plano mensal ou anual.',
  readOnly:
    'A assinatura do escritório está em atraso. O escritório está em modo somente leitura até a regularização do pagamento.',
  noSubscription: 'Este escritório não tem assinatura.',
  cancelled: 'A assinatura já está cancelada.',
  notCancelled: 'A assinatura não está cancelada.',
} as const

/** The 403 code every write on an office route answers while the office is read-only. */
export const SUBSCRIPTION_READ_ONLY = 'subscription_read_only'

/** PUT /api/billing/plan: the plan of the NEXT period (the running one is already charged). */
export const changePlanInput = z.object({
  plan: z.enum(SUBSCRIPTION_PLANS, { error: BILLING_MESSAGES.plan }),
})
export type ChangePlanInput = z.input<typeof changePlanInput>

/** Integer cents of each plan: annual = 12 × monthly less the annual discount, rounded to the cent. */
export function planPrices(monthlyPriceCents: number, annualDiscountPercent: number) {
  return {
    monthly: monthlyPriceCents,
    annual: Math.round((12 * monthlyPriceCents * (100 - annualDiscountPercent)) / 100),
  } satisfies Record<SubscriptionPlan, number>
}

export interface BillingChargeDto {
  id: string
  plan: SubscriptionPlan
  periodStart: string
  periodEnd: string
  /** '97.00' */
  amount: string
  txid: string
  /** The "Pix copia e cola" text (only for a pending charge). */
  brCode: string | null
  status: ChargeStatus
  dueAt: string
  paidAt: string | null
}

/** GET /api/billing: what every member of the office may read about its subscription. */
export interface BillingStatusDto {
  status: SubscriptionStatus
  plan: SubscriptionPlan
  trialEndsAt: string
  currentPeriodStart: string | null
  currentPeriodEnd: string | null
  overdueSince: string | null
  cancelledAt: string | null
  /** Writes are refused (overdue past the grace days, or a cancelled subscription's paid time over). */
  readOnly: boolean
  /** When the office becomes read-only if nothing is paid (null: not on the way there). */
  readOnlyFrom: string | null
  graceDays: number
  /** Prices as configured now: '97.00' and the annual total, with the discount in %. */
  prices: { monthly: string; annual: string; annualDiscount: number }
  /** The oldest charge still to pay, with its BR Code. */
  pendingCharge: BillingChargeDto | null
  /** Whether the caller may change the plan or cancel (sócios). */
  canManage: boolean
}
