// Platform subscriptions (issue 14), the core: trial → charge → paid → active → next charge → overdue →
// read-only after the grace days → paid → writable, with a chosen clock (the timeline is set in the past so
// the server's own clock, which the read-only rule uses, sees it as history).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePixPayload } from '../../lib/br/pix'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { auditLog } from '../audit/audit.table.server'
import { users } from '../auth/auth.table.server'
import { offices, officeMembers } from '../offices/offices.table.server'
import { platformEvents } from '../platform-logs/platform-logs.table.server'
import { platformSettings } from '../platform-settings/platform-settings.table.server'
import { addDays, addMonths, CHARGE_DUE_DAYS } from './platform-billing.charges.server'
import { runBilling } from './platform-billing.job.server'
import type { BillingStatusDto } from './platform-billing.schema'
import { markChargePaid } from './platform-billing.service.server'
import { platformCharges, platformSubscriptions } from './platform-billing.table.server'

let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let a: { cookie: string; officeId: string }
let b: { cookie: string; officeId: string }
let associado: string

const READ_ONLY_MESSAGE =
  'A assinatura do escritório está em atraso. O escritório está em modo somente leitura até a regularização do pagamento.'
const PIX = {
  pixKeyType: 'email' as const,
  pixKey: 'financeiro@jusconecta.com.br',
  pixMerchantName: 'JusConecta',
  pixMerchantCity: 'São Paulo',
}

async function lawyer(nomeCompleto: string) {
  const account = await signUp(t, lawyerSignUp({ nomeCompleto }))
  const [row] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(eq(users.email, account.email))
  return { cookie: account.cookie, officeId: row!.officeId }
}

async function subscriptionOf(officeId: string) {
  const [row] = await t.handle.db
    .select()
    .from(platformSubscriptions)
    .where(eq(platformSubscriptions.officeId, officeId))
  return row!
}

const chargesOf = (officeId: string) =>
  t.handle.db
    .select()
    .from(platformCharges)
    .where(eq(platformCharges.officeId, officeId))
    .orderBy(platformCharges.periodStart)

async function settings(values: Partial<typeof platformSettings.$inferInsert>) {
  await t.handle.db.update(platformSettings).set(values).where(eq(platformSettings.id, 1))
  // The triggers' NOTIFY has reached this node's caches (ADR 009's fence).
  await t.deps.membershipCache.changes.sync()
}

async function setTrialEnd(officeId: string, at: Date) {
  await t.handle.db
    .update(platformSubscriptions)
    .set({ trialEndsAt: at })
    .where(eq(platformSubscriptions.officeId, officeId))
  await t.deps.membershipCache.changes.sync()
}

const newClient = (cookie: string, nome = 'Cliente Teste') =>
  t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto: nome }, cookie))

async function billing(cookie: string): Promise<BillingStatusDto> {
  const response = await t.app.request('/api/billing', { headers: { cookie } })
  expect(response.status).toBe(200)
  return (await response.json()) as BillingStatusDto
}

async function pay(chargeId: string, paidAt: Date) {
  const result = await t.handle.db.transaction((tx) =>
    markChargePaid(tx, chargeId, { amountCents: 9700, paidAt, source: 'manual' }, paidAt),
  )
  await t.deps.membershipCache.changes.sync()
  return result
}

beforeAll(async () => {
  t = await createTestApp()
  a = await lawyer('Ana Atrasada')
  b = await lawyer('Bruno Em Dia')
  const member = await signUp(t, {
    ...lawyerSignUp({ nomeCompleto: 'Associado da Ana' }),
  })
  const [user] = await t.handle.db.select().from(users).where(eq(users.email, member.email))
  // The associado also has an office of their own; make Ana's the current one.
  await t.handle.db
    .insert(officeMembers)
    .values({ officeId: a.officeId, userId: user!.id, nivelAcesso: 'associado', selectedAt: new Date() })
  associado = member.cookie
})
afterAll(() => t.close())

describe('a lawyer office gets its subscription at sign-up', () => {
  it('starts a trial of the configured days, counted from the office', async () => {
    const subscription = await subscriptionOf(a.officeId)
    const [office] = await t.handle.db.select().from(offices).where(eq(offices.id, a.officeId))
    expect(subscription).toMatchObject({ status: 'trial', plan: 'monthly', overdueSince: null })
    expect(subscription.trialEndsAt.getTime()).toBe(addDays(office!.createdAt, 7).getTime())
    const dto = await billing(a.cookie)
    expect(dto).toMatchObject({ status: 'trial', readOnly: false, pendingCharge: null, canManage: true })
    expect(dto.prices).toEqual({ monthly: '97.00', annual: '931.20', annualDiscount: 20 })
  })

  it('the backfill creates the missing subscription of an older office, once', async () => {
    await t.handle.db.delete(platformSubscriptions).where(eq(platformSubscriptions.officeId, b.officeId))
    expect((await runBilling(t.deps)).created).toBe(1)
    expect((await runBilling(t.deps)).created).toBe(0)
    const [office] = await t.handle.db.select().from(offices).where(eq(offices.id, b.officeId))
    expect((await subscriptionOf(b.officeId)).trialEndsAt.getTime()).toBe(
      addDays(office!.createdAt, 7).getTime(),
    )
  })
})

describe('nothing is charged without auto-billing or without the platform Pix key', () => {
  it('auto-billing off: the trial ends and no charge is issued', async () => {
    await setTrialEnd(a.officeId, addDays(new Date(), -35))
    await settings({ ...PIX, autoBilling: false })
    const run = await runBilling(t.deps, addDays(new Date(), -34))
    expect(run.issued).toBe(0)
    expect(await chargesOf(a.officeId)).toEqual([])
  })

  it('no Pix key: no charge either', async () => {
    await settings({ autoBilling: true, pixKey: null, pixKeyType: null })
    expect((await runBilling(t.deps, addDays(new Date(), -34))).issued).toBe(0)
    expect(await chargesOf(a.officeId)).toEqual([])
    expect((await subscriptionOf(a.officeId)).status).toBe('trial')
  })
})

describe('the lifecycle with a chosen clock', () => {
  const trialEnd = addDays(new Date(), -35)
  const t0 = new Date(trialEnd.getTime() + 3_600_000)

  it('at the trial end: one charge (run twice), a BR Code that parses back, status still trial', async () => {
    await settings({ ...PIX, autoBilling: true })
    await setTrialEnd(a.officeId, trialEnd)
    const [first, second] = [await runBilling(t.deps, t0), await runBilling(t.deps, t0)]
    expect(first.issued).toBe(1)
    expect(second.issued).toBe(0)
    const charges = await chargesOf(a.officeId)
    expect(charges).toHaveLength(1)
    const charge = charges[0]!
    expect(charge).toMatchObject({ status: 'pending', amount: '97.00', plan: 'monthly' })
    expect(charge.periodStart.getTime()).toBe(t0.getTime())
    expect(charge.periodEnd.getTime()).toBe(addMonths(t0, 1).getTime())
    expect(charge.dueAt.getTime()).toBe(addDays(t0, CHARGE_DUE_DAYS).getTime())
    const parsed = parsePixPayload(charge.brCode)
    expect(parsed).toMatchObject({ valorCents: 9700, txid: charge.txid, chave: PIX.pixKey })
    expect(charge.txid).toMatch(/^JP[0-9A-F]{23}$/)
    expect((await subscriptionOf(a.officeId)).status).toBe('trial')
    // Every member reads it (the associado), with the code to pay; only sócios manage.
    const dto = await billing(associado)
    expect(dto).toMatchObject({ status: 'trial', canManage: false })
    expect(dto.pendingCharge).toMatchObject({ id: charge.id, amount: '97.00', brCode: charge.brCode })
    // Office B's trial is untouched.
    expect(await chargesOf(b.officeId)).toEqual([])
  })

  it('past the due date: overdue; past the grace days: read-only (reads pass, writes 403, B unaffected)', async () => {
    const [charge] = await chargesOf(a.officeId)
    await runBilling(t.deps, addDays(t0, CHARGE_DUE_DAYS + 1))
    await t.deps.membershipCache.changes.sync()
    const subscription = await subscriptionOf(a.officeId)
    expect(subscription.status).toBe('overdue')
    expect(subscription.overdueSince?.getTime()).toBe(charge!.dueAt.getTime())

    const refused = await newClient(a.cookie)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: { code: 'subscription_read_only', message: READ_ONLY_MESSAGE },
    })
    expect((await newClient(associado)).status).toBe(403)
    expect((await t.app.request('/api/clients', { headers: { cookie: a.cookie } })).status).toBe(200)
    expect((await billing(a.cookie)).readOnly).toBe(true)
    expect((await newClient(b.cookie)).status).toBe(201)
  })

  it('paid: active, current period set, activated once, writable again; paying twice changes nothing', async () => {
    const [charge] = await chargesOf(a.officeId)
    const paidAt = addDays(t0, CHARGE_DUE_DAYS + 2)
    expect((await pay(charge!.id, paidAt))?.alreadyPaid).toBe(false)
    const subscription = await subscriptionOf(a.officeId)
    expect(subscription).toMatchObject({ status: 'active', overdueSince: null })
    expect(subscription.activatedAt?.getTime()).toBe(paidAt.getTime())
    expect(subscription.currentPeriodEnd?.getTime()).toBe(charge!.periodEnd.getTime())
    expect((await newClient(a.cookie, 'Cliente Depois do Pagamento')).status).toBe(201)
    const again = await pay(charge!.id, addDays(paidAt, 1))
    expect(again).toMatchObject({ alreadyPaid: true })
    expect(again?.charge.paidAt?.getTime()).toBe(paidAt.getTime())
  })

  it('the next charge comes before the period ends; unpaid it is overdue, writable within the grace days', async () => {
    const [first] = await chargesOf(a.officeId)
    const periodEnd = first!.periodEnd
    expect((await runBilling(t.deps, addDays(periodEnd, -CHARGE_DUE_DAYS - 1))).issued).toBe(0)
    expect((await runBilling(t.deps, addDays(periodEnd, -CHARGE_DUE_DAYS + 0.1))).issued).toBe(1)
    const next = (await chargesOf(a.officeId))[1]!
    expect(next.periodStart.getTime()).toBe(periodEnd.getTime())
    expect(next.dueAt >= periodEnd).toBe(true)
    expect((await subscriptionOf(a.officeId)).status).toBe('active')

    await runBilling(t.deps, addDays(next.dueAt, 0.1))
    await t.deps.membershipCache.changes.sync()
    expect((await subscriptionOf(a.officeId)).status).toBe('overdue')
    // Overdue for less than the 10 grace days (the timeline puts the due date ~5 days ago): still writable.
    const dto = await billing(a.cookie)
    expect(dto).toMatchObject({ status: 'overdue', readOnly: false, graceDays: 10 })
    expect(new Date(dto.readOnlyFrom!).getTime()).toBe(addDays(next.dueAt, 10).getTime())
    expect((await newClient(a.cookie, 'Cliente na Carência')).status).toBe(201)
  })

  it('fewer grace days make it read-only at once on this node; paying makes it writable', async () => {
    await settings({ billingGraceDays: 2 })
    expect((await newClient(a.cookie)).status).toBe(403)
    expect((await newClient(b.cookie, 'Cliente do Bruno 2')).status).toBe(201)
    const next = (await chargesOf(a.officeId))[1]!
    await pay(next.id, new Date())
    expect((await subscriptionOf(a.officeId)).status).toBe('active')
    expect((await newClient(a.cookie, 'Cliente Regularizado')).status).toBe(201)
    await settings({ billingGraceDays: 10 })
  })

  it('records each status change as a platform event with ids only', async () => {
    const events = await t.handle.db
      .select()
      .from(platformEvents)
      .where(and(eq(platformEvents.kind, 'assinatura')))
      .orderBy(platformEvents.at)
    const changes = events.map((event) => `${String(event.details?.from)}→${String(event.details?.to)}`)
    expect(changes).toEqual(['trial→overdue', 'overdue→active', 'active→overdue', 'overdue→active'])
    expect(events[0]?.details).toMatchObject({ officeId: a.officeId, by: 'job', change: 'status' })
  })
})

describe('two runs at once on a new trial', () => {
  it('issue one charge only', async () => {
    await setTrialEnd(b.officeId, addDays(new Date(), -1))
    const runs = await Promise.all([runBilling(t.deps), runBilling(t.deps)])
    expect(runs.map((run) => run.issued).reduce((x, y) => x + y)).toBe(1)
    expect(await chargesOf(b.officeId)).toHaveLength(1)
  })
})

describe('reactivating a cancelled subscription (a sócio)', () => {
  const reactivate = (cookie: string) =>
    t.app.request('/api/billing/reactivate', jsonRequest('POST', {}, cookie))
  const cancel = (cookie: string) => t.app.request('/api/billing/cancel', jsonRequest('POST', {}, cookie))

  it('after its paid time: a new charge for a period from now, read-only until paid, then writable', async () => {
    const c = await lawyer('Carla Cancelou')
    const trialEnd = addDays(new Date(), -60)
    await setTrialEnd(c.officeId, trialEnd)
    await runBilling(t.deps, addDays(trialEnd, 0.1))
    const [first] = await chargesOf(c.officeId)
    await pay(first!.id, addDays(trialEnd, 1))
    expect((await cancel(c.cookie)).status).toBe(200)
    await t.deps.membershipCache.changes.sync()
    // Cancelled, its paid month over ~30 days ago (10 grace days): read-only.
    expect((await newClient(c.cookie)).status).toBe(403)
    expect((await reactivate(associado)).status).toBe(403)

    const before = Date.now()
    const response = await reactivate(c.cookie)
    expect(response.status).toBe(200)
    await t.deps.membershipCache.changes.sync()
    const dto = (await response.json()) as BillingStatusDto
    expect(dto).toMatchObject({ status: 'overdue', readOnly: true, cancelledAt: null })
    expect(dto.overdueSince).toBe(first!.periodEnd.toISOString())
    const charges = await chargesOf(c.officeId)
    expect(charges).toHaveLength(2)
    const renewal = charges[1]!
    expect(renewal).toMatchObject({ status: 'pending', amount: '97.00', plan: 'monthly' })
    expect(renewal.periodStart.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(renewal.dueAt.getTime()).toBe(addDays(renewal.periodStart, CHARGE_DUE_DAYS).getTime())
    expect(dto.pendingCharge).toMatchObject({ id: renewal.id, brCode: renewal.brCode })
    // Still read-only until it is paid; the run issues nothing more; a second reactivate is a conflict.
    expect((await newClient(c.cookie)).status).toBe(403)
    await runBilling(t.deps)
    expect(await chargesOf(c.officeId)).toHaveLength(2)
    expect((await reactivate(c.cookie)).status).toBe(409)

    await pay(renewal.id, new Date())
    const subscription = await subscriptionOf(c.officeId)
    expect(subscription).toMatchObject({ status: 'active', overdueSince: null, cancelledAt: null })
    expect(subscription.currentPeriodEnd?.getTime()).toBe(renewal.periodEnd.getTime())
    expect((await newClient(c.cookie, 'Cliente Depois da Reativação')).status).toBe(201)

    const events = await t.handle.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.kind, 'assinatura'))
    const mine = events.filter((event) => event.details?.officeId === c.officeId)
    expect(mine.map((event) => `${String(event.details?.from)}→${String(event.details?.to)}`)).toEqual(
      expect.arrayContaining(['active→cancelled', 'cancelled→overdue', 'overdue→active']),
    )
    expect(mine.find((event) => event.details?.from === 'cancelled')?.details).toMatchObject({
      by: 'office',
      change: 'status',
    })
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.officeId, c.officeId), eq(auditLog.action, 'platform_billing.reactivate')))
    expect(audit).toMatchObject({ entity: 'office', details: { status: 'overdue' } })
  })

  it('a trial cancelled before its end returns to trial until its original end, charging nothing', async () => {
    const d = await lawyer('Diego Desistiu')
    const { trialEndsAt } = await subscriptionOf(d.officeId)
    expect((await cancel(d.cookie)).status).toBe(200)
    const response = await reactivate(d.cookie)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      status: 'trial',
      trialEndsAt: trialEndsAt.toISOString(),
      cancelledAt: null,
      pendingCharge: null,
      readOnly: false,
    })
    expect(await chargesOf(d.officeId)).toEqual([])
    expect((await subscriptionOf(d.officeId)).trialEndsAt.getTime()).toBe(trialEndsAt.getTime())
    await t.deps.membershipCache.changes.sync()
    expect((await newClient(d.cookie, 'Cliente do Teste')).status).toBe(201)
  })
})
