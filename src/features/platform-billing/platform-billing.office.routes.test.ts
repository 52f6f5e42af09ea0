// /api/billing (issue 14), the lawyer's side: plan switch from the next period, cancel, who may do what; and
// the platform Pix key of /admin/settings, validated with pixKeySchema.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePixPayload } from '../../lib/br/pix'
import { createTestApp, type TestApp } from '../../test/test-app'
import { becomeMaster } from '../../test/master'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { users } from '../auth/auth.table.server'
import { auditLog } from '../audit/audit.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { settingsBody } from '../platform-settings/platform-settings.fixtures'
import { platformSettings } from '../platform-settings/platform-settings.table.server'
import { addDays } from './platform-billing.charges.server'
import { runBilling } from './platform-billing.job.server'
import type { BillingStatusDto } from './platform-billing.schema'
import { platformCharges, platformSubscriptions } from './platform-billing.table.server'

const MASTER = 'master-billing@example.com'
let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let master: string
let socio: { cookie: string; officeId: string }
let associado: string

async function officeOf(email: string) {
  const [row] = await t.handle.db
    .select({ officeId: officeMembers.officeId, userId: users.id })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(eq(users.email, email))
  return row!
}

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie))

const charges = () =>
  t.handle.db.select().from(platformCharges).where(eq(platformCharges.officeId, socio.officeId))

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  await signUp(t, lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' }))
  master = await becomeMaster(t, MASTER)
  const s = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  socio = { cookie: s.cookie, officeId: (await officeOf(s.email)).officeId }
  const other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Artur Associado' }))
  await t.handle.db.insert(officeMembers).values({
    officeId: socio.officeId,
    userId: (await officeOf(other.email)).userId,
    nivelAcesso: 'associado',
    selectedAt: new Date(),
  })
  associado = other.cookie
})
afterAll(() => t.close())

describe('the platform Pix key in /admin/settings', () => {
  it('refuses an invalid key with the pt-BR message and saves nothing', async () => {
    const response = await call(
      'PUT',
      '/api/platform-settings',
      master,
      settingsBody({ pixKeyType: 'cpf', pixKey: '123.456.789-00', pixMerchantName: 'JusConecta' }),
    )
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { fields: Record<string, string> } }
    expect(body.error.fields).toMatchObject({
      pixKey: 'Chave Pix: CPF inválido.',
      pixMerchantCity: 'Informe a cidade do recebedor do Pix (até 15 caracteres).',
    })
    const [row] = await t.handle.db.select().from(platformSettings)
    expect(row).toMatchObject({ pixKey: null, billingGraceDays: 10 })
  })

  it('saves a valid key normalised, the grace days, and keeps them when a body omits them', async () => {
    const saved = await call(
      'PUT',
      '/api/platform-settings',
      master,
      settingsBody({
        pixKeyType: 'email',
        pixKey: ' Financeiro@JusConecta.com.br ',
        pixMerchantName: 'JusConecta',
        pixMerchantCity: 'São Paulo',
        billingGraceDays: 15,
      }),
    )
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ pixKey: 'financeiro@jusconecta.com.br', billingGraceDays: 15 })
    expect((await call('PUT', '/api/platform-settings', master, settingsBody())).status).toBe(200)
    const [row] = await t.handle.db.select().from(platformSettings)
    expect(row).toMatchObject({
      pixKeyType: 'email',
      pixKey: 'financeiro@jusconecta.com.br',
      billingGraceDays: 15,
    })
    const bad = await call('PUT', '/api/platform-settings', master, settingsBody({ billingGraceDays: 91 }))
    expect(bad.status).toBe(400)
  })
})

describe('/api/billing', () => {
  it('every member reads it; the card knows who may manage', async () => {
    const asSocio = (await (await call('GET', '/api/billing', socio.cookie)).json()) as BillingStatusDto
    const asAssociado = (await (await call('GET', '/api/billing', associado)).json()) as BillingStatusDto
    expect(asSocio).toMatchObject({ status: 'trial', plan: 'monthly', canManage: true, graceDays: 15 })
    expect(asAssociado).toMatchObject({ status: 'trial', canManage: false })
  })

  it('a plan change is for sócios, validated, and applies from the next charge', async () => {
    expect((await call('PUT', '/api/billing/plan', associado, { plan: 'annual' })).status).toBe(403)
    const invalid = await call('PUT', '/api/billing/plan', socio.cookie, { plan: 'semanal' })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toContain(
      'Escolha o plano mensal ou anual.',
    )
    // A charge already issued keeps its plan and amount.
    await t.handle.db
      .update(platformSubscriptions)
      .set({ trialEndsAt: addDays(new Date(), -1) })
      .where(eq(platformSubscriptions.officeId, socio.officeId))
    expect((await runBilling(t.deps)).issued).toBe(1)
    const changed = await call('PUT', '/api/billing/plan', socio.cookie, { plan: 'annual' })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({
      plan: 'annual',
      pendingCharge: { plan: 'monthly', amount: '97.00' },
    })
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'platform_billing.plan_change'))
    expect(audit).toMatchObject({ officeId: socio.officeId, details: { plan: 'annual' } })

    // Paid, the next period's charge is annual: 12 × 97,00 less 20 % = 931,20.
    const [first] = await charges()
    await t.handle.db
      .update(platformCharges)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(platformCharges.id, first!.id))
    // (The other offices' trials are over by then too: only this office's charges are looked at.)
    await runBilling(t.deps, addDays(first!.periodEnd, -4))
    expect(await charges()).toHaveLength(2)
    const annual = (await charges()).find((charge) => charge.id !== first!.id)!
    expect(annual).toMatchObject({ plan: 'annual', amount: '931.20' })
    expect(parsePixPayload(annual.brCode).valorCents).toBe(93120)
    expect(annual.periodEnd.getUTCFullYear() - annual.periodStart.getUTCFullYear()).toBe(1)
  })

  it('cancelling asks a sócio, cancels the pending charges, keeps the data, and stops the job', async () => {
    expect((await call('POST', '/api/billing/cancel', associado)).status).toBe(403)
    const response = await call('POST', '/api/billing/cancel', socio.cookie)
    expect(response.status).toBe(200)
    const dto = (await response.json()) as BillingStatusDto
    expect(dto).toMatchObject({ status: 'cancelled', pendingCharge: null, readOnly: false })
    expect((await charges()).map((charge) => charge.status).sort()).toEqual(['cancelled', 'paid'])
    expect((await runBilling(t.deps, addDays(new Date(), 400))).issued).toBe(0)
    expect((await call('POST', '/api/billing/cancel', socio.cookie)).status).toBe(409)
    expect((await call('PUT', '/api/billing/plan', socio.cookie, { plan: 'monthly' })).status).toBe(409)
    // Data kept, and the office still writes until its paid time and the grace days are over.
    const client = await call('POST', '/api/clients', socio.cookie, { nomeCompleto: 'Cliente Mantido' })
    expect(client.status).toBe(201)
  })
})

describe('a read-only office still manages its subscription (and nothing else)', () => {
  it('switches plan, cancels and reactivates while every other write is refused', async () => {
    const r = await signUp(t, lawyerSignUp({ nomeCompleto: 'Rita Regularizando' }))
    const officeId = (await officeOf(r.email)).officeId
    const trialEnd = addDays(new Date(), -40)
    await t.handle.db
      .update(platformSubscriptions)
      .set({ trialEndsAt: trialEnd })
      .where(eq(platformSubscriptions.officeId, officeId))
    await runBilling(t.deps, addDays(trialEnd, 0.1))
    // Unpaid: overdue since ~35 days ago, past the 15 grace days → read-only.
    await runBilling(t.deps)
    await t.deps.membershipCache.changes.sync()
    const refused = await call('POST', '/api/clients', r.cookie, { nomeCompleto: 'Cliente Recusado' })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('subscription_read_only')

    const plan = await call('PUT', '/api/billing/plan', r.cookie, { plan: 'annual' })
    expect(plan.status).toBe(200)
    expect(await plan.json()).toMatchObject({ plan: 'annual', status: 'overdue', readOnly: true })
    expect((await call('POST', '/api/billing/cancel', r.cookie)).status).toBe(200)
    await t.deps.membershipCache.changes.sync()
    expect((await call('POST', '/api/clients', r.cookie, { nomeCompleto: 'Cliente X' })).status).toBe(403)

    const reactivated = await call('POST', '/api/billing/reactivate', r.cookie)
    expect(reactivated.status).toBe(200)
    // The new period's charge is on the plan chosen while read-only.
    expect(await reactivated.json()).toMatchObject({
      status: 'overdue',
      readOnly: true,
      pendingCharge: { plan: 'annual', amount: '931.20', status: 'pending' },
    })
    await t.deps.membershipCache.changes.sync()
    expect((await call('POST', '/api/clients', r.cookie, { nomeCompleto: 'Cliente Y' })).status).toBe(403)
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'platform_billing.reactivate'))
    expect(audit).toMatchObject({ officeId, entity: 'office' })
  })

  it('an ordinary member may not reactivate (403); an active subscription is a conflict', async () => {
    expect((await call('POST', '/api/billing/reactivate', associado)).status).toBe(403)
    const [row] = await t.handle.db
      .select({ status: platformSubscriptions.status })
      .from(platformSubscriptions)
      .where(eq(platformSubscriptions.officeId, socio.officeId))
    expect(row?.status).toBe('cancelled')
    const master409 = await call('POST', '/api/billing/reactivate', master)
    expect(master409.status).toBe(409)
    expect(((await master409.json()) as { error: { message: string } }).error.message).toBe(
      'A assinatura não está cancelada.',
    )
  })
})
