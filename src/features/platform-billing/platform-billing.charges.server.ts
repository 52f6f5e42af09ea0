import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { centsToDecimal, parseDecimalCents } from '../../lib/br/money'
import { buildPixPayload, normalizePixKey, pixText, pixTxid, PIX_LIMITS } from '../../lib/br/pix'
import { platformSettings } from '../platform-settings/platform-settings.table.server'
import type { SubscriptionPlan } from './platform-billing.constants'
import { planPrices } from './platform-billing.schema'
import { platformCharges, type platformSubscriptions } from './platform-billing.table.server'

// Pricing, periods and the issuing of one charge: the pieces the job, the lawyer's routes and the admin share.

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
export type Executor = Database | Tx
export type Subscription = typeof platformSubscriptions.$inferSelect
export type Charge = typeof platformCharges.$inferSelect

const DAY_MS = 86_400_000

/**
 * Days a charge gives to pay. Five: a Pix clears in seconds, but the office must first notice it (the card,
 * the banner) over a possible weekend or holiday. A renewal is issued this many days BEFORE its period starts
 * and falls due when it starts, so an office that pays on time never runs a day unpaid; the first charge is
 * issued when the trial ends (the trial is never shortened) and falls due five days later.
 */
export const CHARGE_DUE_DAYS = 5

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS)

/** Calendar months in UTC, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime())
  const day = result.getUTCDate()
  result.setUTCDate(1)
  result.setUTCMonth(result.getUTCMonth() + months)
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
  result.setUTCDate(Math.min(day, last))
  return result
}

export const periodEndOf = (start: Date, plan: SubscriptionPlan) =>
  addMonths(start, plan === 'annual' ? 12 : 1)

/** What billing reads of the platform settings, fresh inside the caller's transaction. */
export interface BillingSettings {
  autoBilling: boolean
  monthlyPrice: string
  annualDiscount: number
  billingGraceDays: number
  pixKeyType: (typeof platformSettings.$inferSelect)['pixKeyType']
  pixKey: string | null
  pixMerchantName: string | null
  pixMerchantCity: string | null
}

export async function readBillingSettings(db: Executor): Promise<BillingSettings> {
  const [row] = await db
    .select({
      autoBilling: platformSettings.autoBilling,
      monthlyPrice: platformSettings.monthlyPrice,
      annualDiscount: platformSettings.annualDiscount,
      billingGraceDays: platformSettings.billingGraceDays,
      pixKeyType: platformSettings.pixKeyType,
      pixKey: platformSettings.pixKey,
      pixMerchantName: platformSettings.pixMerchantName,
      pixMerchantCity: platformSettings.pixMerchantCity,
    })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1))
  return (
    row ?? {
      autoBilling: false,
      monthlyPrice: '97.00',
      annualDiscount: 20,
      billingGraceDays: 10,
      pixKeyType: null,
      pixKey: null,
      pixMerchantName: null,
      pixMerchantCity: null,
    }
  )
}

/** The platform's receiving Pix account, or null when it is not (validly) configured: then nothing is charged. */
export function platformPix(
  settings: BillingSettings,
): { chave: string; nome: string; cidade: string } | null {
  if (!settings.pixKeyType || !settings.pixKey) return null
  const chave = normalizePixKey(settings.pixKeyType, settings.pixKey)
  const nome = pixText(settings.pixMerchantName ?? '', PIX_LIMITS.nome)
  const cidade = pixText(settings.pixMerchantCity ?? '', PIX_LIMITS.cidade)
  return chave && nome && cidade ? { chave, nome, cidade } : null
}

export function priceCents(settings: Pick<BillingSettings, 'monthlyPrice' | 'annualDiscount'>) {
  return planPrices(parseDecimalCents(settings.monthlyPrice) ?? 0, settings.annualDiscount)
}

/** Whether the job may issue charges at all: auto-billing on and the platform's Pix key configured. */
export const canCharge = (settings: BillingSettings) => settings.autoBilling && platformPix(settings) !== null

export interface ChargePeriod {
  start: Date
  end: Date
  dueAt: Date
}

/**
 * The period the subscription's next charge covers, or null when it is not time yet. The first period starts
 * when the trial ends; each next one where the last charged period ends (issued CHARGE_DUE_DAYS before). A
 * charge issued late (a missed run, a renewal after an unpaid spell) starts its period when it is issued and
 * still gives CHARGE_DUE_DAYS to pay, so nobody is charged for time already gone nor due the moment it appears.
 */
export function nextChargePeriod(
  subscription: Pick<Subscription, 'trialEndsAt' | 'plan'>,
  lastChargedEnd: Date | null,
  now: Date,
): ChargePeriod | null {
  const scheduled = lastChargedEnd ?? subscription.trialEndsAt
  const issueAt = lastChargedEnd ? addDays(scheduled, -CHARGE_DUE_DAYS) : scheduled
  if (now < issueAt) return null
  const start = now > scheduled ? now : scheduled
  const soonestDue = addDays(now, CHARGE_DUE_DAYS)
  return {
    start,
    end: periodEndOf(start, subscription.plan),
    dueAt: soonestDue > scheduled ? soonestDue : scheduled,
  }
}

/**
 * Issues the charge of one period: a row with a txid and the static BR Code to the platform's key, for the
 * subscription's plan at the configured price. NOTHING is charged (null) when auto-billing is off, the Pix key is
 * not configured or the price is zero; the unique (subscription, period start) makes a repeated call a no-op.
 */
export async function issueCharge(
  tx: Executor,
  subscription: Pick<Subscription, 'id' | 'officeId' | 'plan'>,
  period: ChargePeriod,
): Promise<Charge | null> {
  const settings = await readBillingSettings(tx)
  const pix = platformPix(settings)
  if (!settings.autoBilling || !pix) return null
  const amountCents = priceCents(settings)[subscription.plan]
  if (amountCents <= 0) return null
  const id = randomUUID()
  // 'JP' (JusConecta, plataforma) + the charge id: ≤ 25 letters and digits, never an office charge's 'JC…'.
  const txid = pixTxid(`JP${id}`)
  const brCode = buildPixPayload({ ...pix, valorCents: amountCents, txid, descricao: 'Assinatura' })
  const [charge] = await tx
    .insert(platformCharges)
    .values({
      id,
      subscriptionId: subscription.id,
      officeId: subscription.officeId,
      plan: subscription.plan,
      periodStart: period.start,
      periodEnd: period.end,
      amount: centsToDecimal(amountCents),
      txid,
      brCode,
      dueAt: period.dueAt,
    })
    .onConflictDoNothing({ target: [platformCharges.subscriptionId, platformCharges.periodStart] })
    .returning()
  return charge ?? null
}
