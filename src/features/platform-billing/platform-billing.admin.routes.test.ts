import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AppDeps } from '../../platform/app-env.server'
import { auditLog } from '../audit/audit.table.server'
import { platformBillingAdminJobs } from './platform-billing.admin.jobs.server'
import type {
  AdminFinancialOverview,
  PendingChargesPage,
  ReprocessStatus,
  SubscriptionsPage,
} from './platform-billing.admin.schema'
import {
  call,
  chargeOf,
  configurePlatformPix,
  endTrialsAndBill,
  financialCallers,
  upload,
  type Caller,
} from './platform-billing.admin.fixtures.server'
import { platformCharges, platformSubscriptions } from './platform-billing.table.server'

const MASTER = 'master-admin-financial@example.com'
const ID = '00000000-0000-4000-8000-000000000000'

let t: TestApp & { deps: AppDeps }
let master: Caller
let plain: Caller
let admin: Caller

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER }, { jobs: platformBillingAdminJobs })
  ;({ master, plain, admin } = await financialCallers(t, MASTER))
}, 60_000)
afterAll(() => t.close())

const get = async <T>(path: string) => {
  const response = await call(t, 'GET', path, master.cookie)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/financial'],
  ['GET', '/api/admin/financial/subscriptions'],
  ['GET', '/api/admin/financial/charges/pending'],
  ['POST', `/api/admin/financial/charges/${ID}/pay`, { amount: '97,00', paidAt: '2026-01-10' }],
  ['POST', '/api/admin/financial/statement/apply', { lines: [] }],
  ['POST', '/api/admin/financial/reprocess'],
  ['GET', `/api/admin/financial/reprocess/${ID}`],
  ['GET', '/api/admin/financial/report?month=2026-01'],
]

describe('access: superadmin only, decided on the server', () => {
  it.each(ROUTES)('%s %s: anonymous 401, user 403, admin 403', async (method, path, body) => {
    expect((await call(t, method, path, undefined, body)).status).toBe(401)
    const asUser = await call(t, method, path, plain.cookie, body)
    expect(asUser.status).toBe(403)
    expect((await asUser.json()).error.message).toBe('Acesso negado.')
    expect((await call(t, method, path, admin.cookie, body)).status).toBe(403)
  })

  it('POST statement/preview: anonymous 401, user 403, admin 403, superadmin 200', async () => {
    const csv = 'data;valor;txid\n01/01/2026;97,00;NADA\n'
    expect((await upload(t, '/api/admin/financial/statement/preview', undefined, csv)).status).toBe(401)
    expect((await upload(t, '/api/admin/financial/statement/preview', plain.cookie, csv)).status).toBe(403)
    expect((await upload(t, '/api/admin/financial/statement/preview', admin.cookie, csv)).status).toBe(403)
    expect((await upload(t, '/api/admin/financial/statement/preview', master.cookie, csv)).status).toBe(200)
  })

  it('superadmin: 200 on the reads, and the spec §9 billing settings', async () => {
    const overview = await get<AdminFinancialOverview>('/api/admin/financial')
    expect(overview.settings).toMatchObject({
      monthlyPrice: '97.00',
      trialDays: 7,
      annualDiscount: 20,
      annualPrice: '931.20',
      pixConfigured: false,
    })
    // The three sign-ups are lawyers: each office starts a trial.
    expect(overview.metrics.trialSubscribers).toBe(3)
    expect(overview.revenueByMonth).toHaveLength(6)
    const subs = await get<SubscriptionsPage>('/api/admin/financial/subscriptions?status=trial')
    expect(subs.total).toBe(3)
    expect(subs.counts).toEqual({ trial: 3, active: 0, overdue: 0, cancelled: 0 })
    expect((await get<PendingChargesPage>('/api/admin/financial/charges/pending')).total).toBe(0)
    expect((await call(t, 'GET', `/api/admin/financial/reprocess/${ID}`, master.cookie)).status).toBe(404)
  })

  it('superadmin: bad input → pt-BR 400 that changes nothing', async () => {
    const bad = await call(t, 'GET', '/api/admin/financial/subscriptions?status=x', master.cookie)
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.fields.status).toBe('Status inválido.')
    const month = await call(t, 'GET', '/api/admin/financial/report?month=2026-13', master.cookie)
    expect((await month.json()).error.fields.month).toBe('Informe o mês no formato AAAA-MM.')
    const pay = await call(t, 'POST', `/api/admin/financial/charges/${ID}/pay`, master.cookie, {
      amount: 'abc',
      paidAt: '31/02/2026',
    })
    expect(pay.status).toBe(400)
    expect((await pay.json()).error.fields).toEqual({
      amount: 'Informe um valor válido (ex.: 97,00).',
      paidAt: 'Informe uma data válida (dd/mm/aaaa).',
    })
    const future = await call(t, 'POST', `/api/admin/financial/charges/${ID}/pay`, master.cookie, {
      amount: '97,00',
      paidAt: '2999-01-01',
    })
    expect((await future.json()).error.fields.paidAt).toBe('A data do pagamento não pode estar no futuro.')
    const missing = await call(t, 'POST', `/api/admin/financial/charges/${ID}/pay`, master.cookie, {
      amount: '97,00',
      paidAt: '01/01/2026',
    })
    expect(missing.status).toBe(404)
    expect((await missing.json()).error.message).toBe('Cobrança não encontrada.')
  })
})

describe('charges issued by the billing run, received by hand', () => {
  it('lists the pending charges with their BR Code, then marks one paid (audited, once)', async () => {
    await configurePlatformPix(t)
    const run = await endTrialsAndBill(t)
    expect(run.issued).toBe(3)
    const pending = await get<PendingChargesPage>('/api/admin/financial/charges/pending')
    expect(pending.total).toBe(3)
    expect(pending.totalAmount).toBe('291.00')
    expect(pending.items[0]).toMatchObject({ amount: '97.00', plan: 'monthly', overdue: false })
    expect(pending.items[0]?.brCode).toMatch(/^000201.*6304[0-9A-F]{4}$/)
    expect(pending.items.map((i) => i.officeName)).toHaveLength(3)

    const charge = await chargeOf(t, plain.id)
    const paid = await call(t, 'POST', `/api/admin/financial/charges/${charge.id}/pay`, master.cookie, {
      amount: 'R$ 97,00',
      paidAt: '01/01/2026',
    })
    expect(paid.status).toBe(200)
    const [row] = await t.handle.db.select().from(platformCharges).where(eq(platformCharges.id, charge.id))
    expect(row).toMatchObject({ status: 'paid', paidAmount: '97.00', paidSource: 'manual' })
    const [sub] = await t.handle.db
      .select()
      .from(platformSubscriptions)
      .where(eq(platformSubscriptions.id, charge.subscriptionId))
    expect(sub?.status).toBe('active')

    const again = await call(t, 'POST', `/api/admin/financial/charges/${charge.id}/pay`, master.cookie, {
      amount: '97,00',
      paidAt: '02/01/2026',
    })
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toBe('Esta cobrança não está pendente.')
    const audits = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'platform_billing.mark_paid'), eq(auditLog.entityId, charge.id)))
    expect(audits).toHaveLength(1)
    expect(audits[0]?.actorUserId).toBe(master.id)
    expect(audits[0]?.details).toEqual({ amountCents: 9700, paidAt: '2026-01-01', source: 'manual' })

    const overview = await get<AdminFinancialOverview>('/api/admin/financial')
    expect(overview.metrics).toMatchObject({ activeSubscribers: 1, pendingCount: 2, pendingAmount: '194.00' })
    expect(overview.recentTransactions[0]).toMatchObject({ id: charge.id, amount: '97.00', source: 'manual' })
    expect(overview.settings.pixConfigured).toBe(true)
    const active = await get<SubscriptionsPage>('/api/admin/financial/subscriptions?status=active')
    expect(active.items).toHaveLength(1)
    const paged = await get<SubscriptionsPage>('/api/admin/financial/subscriptions?limit=2&offset=2')
    expect(paged).toMatchObject({ total: 3 })
    expect(paged.items).toHaveLength(1)
  })
})

describe('Reprocessar Pagamentos', () => {
  it('runs the billing step in the background and reports what it did', async () => {
    const started = await call(t, 'POST', '/api/admin/financial/reprocess', master.cookie)
    expect(started.status).toBe(201)
    const { runId } = (await started.json()) as { runId: string }
    let status: ReprocessStatus | undefined
    for (let i = 0; i < 120 && status?.status !== 'done'; i++) {
      status = await get<ReprocessStatus>(`/api/admin/financial/reprocess/${runId}`)
      if (status.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(status).toMatchObject({ runId, status: 'done', result: { created: 0, issued: 0 } })
    expect(status?.finishedAt).toBeTruthy()
  })
})
