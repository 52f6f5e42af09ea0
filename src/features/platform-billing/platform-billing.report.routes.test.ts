import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayISO } from '../../lib/br/dates'
import { centsToBRL } from '../../lib/br/money'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AppDeps } from '../../platform/app-env.server'
import { auditLog } from '../audit/audit.table.server'
import type { MonthlyReport } from './platform-billing.admin.schema'
import {
  call,
  configurePlatformPix,
  endTrialsAndBill,
  financialCallers,
  type Caller,
} from './platform-billing.admin.fixtures.server'
import { platformCharges } from './platform-billing.table.server'

// 'Relatório Mensal': the month's charges (issued or paid in it) and totals that are the sums of those rows.

const MASTER = 'master-report@example.com'
let t: TestApp & { deps: AppDeps }
let master: Caller
const today = todayISO()
const thisMonth = today.slice(0, 7)

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  ;({ master } = await financialCallers(t, MASTER))
  await signUp(t, lawyerSignUp({ nomeCompleto: 'Quarta Advogada' }))
  await configurePlatformPix(t)
  await endTrialsAndBill(t)
  const charges = await t.handle.db.select().from(platformCharges).orderBy(platformCharges.txid)
  // Two paid this month (one with a different amount received), one paid "last year", one left pending.
  const payments: [number, string, string][] = [
    [0, '97,00', today],
    [1, '90,00', today],
    [2, '97,00', '2025-06-15'],
  ]
  for (const [i, amount, paidAt] of payments) {
    const pay = await call(t, 'POST', `/api/admin/financial/charges/${charges[i]!.id}/pay`, master.cookie, {
      amount,
      paidAt,
    })
    expect(pay.status).toBe(200)
  }
}, 60_000)
afterAll(() => t.close())

const report = async (month: string) => {
  const response = await call(t, 'GET', `/api/admin/financial/report?month=${month}`, master.cookie)
  expect(response.status).toBe(200)
  return (await response.json()) as MonthlyReport
}

describe('monthly report', () => {
  it("the month's totals equal the sums of its rows", async () => {
    const r = await report(thisMonth)
    expect(r.rows).toHaveLength(4)
    const issued = r.rows.filter((row) => row.issuedInMonth)
    const paid = r.rows.filter((row) => row.paidInMonth)
    const pending = issued.filter((row) => row.status === 'pending')
    const sum = (rows: typeof r.rows, pick: (row: (typeof r.rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0)
    expect(r.totals.issued).toEqual({ count: issued.length, cents: sum(issued, (row) => row.amountCents) })
    expect(r.totals.paid).toEqual({ count: 2, cents: 9700 + 9000 })
    expect(r.totals.paid.cents).toBe(sum(paid, (row) => row.paidCents ?? row.amountCents))
    expect(r.totals.pending).toEqual({ count: pending.length, cents: sum(pending, (row) => row.amountCents) })
    expect(r.totals.pending.count).toBe(1)
    expect(r.totals.revenueByPlan.monthly + r.totals.revenueByPlan.annual).toBe(r.totals.paid.cents)
    expect(r.totals.issued.count).toBe(4)
    // The dialog's summary is the same totals, without the rows.
    const summary = await call(
      t,
      'GET',
      `/api/admin/financial/report?month=${thisMonth}&format=summary`,
      master.cookie,
    )
    expect(await summary.json()).toEqual({ month: thisMonth, totals: r.totals, rowCount: 4 })
  })

  it('a month with only a payment lists that charge as paid in the month, not issued', async () => {
    const r = await report('2025-06')
    expect(r.rows).toHaveLength(1)
    expect(r.rows[0]).toMatchObject({ issuedInMonth: false, paidInMonth: true, status: 'paid' })
    expect(r.totals).toMatchObject({ issued: { count: 0, cents: 0 }, paid: { count: 1, cents: 9700 } })
    expect((await report('2020-01')).rows).toEqual([])
  })

  it('CSV: Excel pt-BR, one line per row, the totals after them (audited)', async () => {
    const response = await call(
      t,
      'GET',
      `/api/admin/financial/report?month=${thisMonth}&format=csv`,
      master.cookie,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toContain(`relatorio-assinaturas-${thisMonth}.csv`)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    expect(text.startsWith('Escritório;Plano;Período;Valor;')).toBe(true)
    const lines = text.split('\r\n')
    expect(lines.filter((line) => line.includes(';Mensal;'))).toHaveLength(4)
    expect(text).toContain(`Cobranças pagas no mês;2;${centsToBRL(18700)}`)
    expect(text).toContain(`Emitidas e pendentes;1;${centsToBRL(9700)}`)
    const [audit] = await t.handle.db
      .select({ details: auditLog.details, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, 'platform_billing.report'))
    expect(audit).toEqual({ actor: master.id, details: { month: thisMonth, format: 'csv', rows: 4 } })
  })

  it('PDF: the title, the month and the same totals', async () => {
    const response = await call(
      t,
      'GET',
      `/api/admin/financial/report?month=${thisMonth}&format=pdf`,
      master.cookie,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()))
    expect(text).toContain('Relatório Mensal de Assinaturas')
    expect(text).toContain('Cobranças pagas no mês')
    expect(text.replace(/\u00a0/g, ' ')).toContain('Cobranças pagas no mês 2 R$ 187,00')
    expect(text).toContain('Cobranças (4)')
  })
})
