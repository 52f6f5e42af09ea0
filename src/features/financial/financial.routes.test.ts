import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { addDaysISO, todayISO } from '../../lib/br/dates'
import { jsonRequest } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import {
  countEntries,
  createEntries,
  createEntry,
  entryInput,
  errorOf,
  lawyer,
  newCase,
  newClient,
} from './financial.fixtures'
import { FINANCIAL_MESSAGES, type FinancialEntryDto, type FinancialSummary } from './financial.schema'

// Issue 11, Financeiro: entries CRUD with exact amounts, installments, the derived overdue rule at the São
// Paulo day boundary, an idempotent 'Marcar como Pago', the cards of a period and the 12-month chart.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
afterEach(() => {
  vi.useRealTimers()
})

const get = async <T>(cookie: string, path: string): Promise<T> => {
  const response = await t.app.request(`/api/financial${path}`, { headers: { cookie } })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as T
}
const send = (cookie: string, method: string, path: string, body?: unknown) =>
  t.app.request(`/api/financial${path}`, jsonRequest(method, body, cookie))

describe('entries', () => {
  it('401 without a session', async () => {
    expect((await t.app.request('/api/financial/entries')).status).toBe(401)
    expect((await t.app.request('/api/financial/summary?from=2030-01-01&to=2030-01-31')).status).toBe(401)
  })

  it('creates an entry with an exact amount, linked client and case, and lists it', async () => {
    const ana = await lawyer(t)
    const clientId = await newClient(t, ana.cookie, 'Márcia Conceição')
    const caseId = await newCase(t, ana.cookie, clientId)
    const entry = await createEntry(t, ana.cookie, {
      valor: '1234.56',
      caseId,
      formaPagamento: 'pix',
      observacoes: 'Primeira parcela do contrato',
    })
    expect(entry).toMatchObject({
      valor: '1234.56',
      status: 'pendente',
      vencido: false,
      // The case's client fills in the client.
      clientId,
      clientNome: 'Márcia Conceição',
      caseTitulo: 'Ação de cobrança',
      formaPagamento: 'pix',
      parcelaTotal: null,
    })
    const list = await get<{ items: FinancialEntryDto[]; total: number }>(ana.cookie, '/entries')
    expect(list.total).toBe(1)
    expect(list.items[0]?.id).toBe(entry.id)
    // Search by client name, accent- and case-insensitive; by description.
    expect((await get<{ total: number }>(ana.cookie, '/entries?q=marcia%20CONCEICAO')).total).toBe(1)
    expect((await get<{ total: number }>(ana.cookie, '/entries?q=honorarios')).total).toBe(1)
    expect((await get<{ total: number }>(ana.cookie, '/entries?q=inexistente')).total).toBe(0)
    expect((await get<{ total: number }>(ana.cookie, '/entries?tipo=despesa')).total).toBe(0)
  })

  it('accepts pt-BR amounts and refuses bad input with pt-BR messages, writing nothing', async () => {
    const ana = await lawyer(t)
    const entry = await createEntry(t, ana.cookie, { valor: '1.234,50' })
    expect(entry.valor).toBe('1234.50')
    const before = await countEntries(t)
    const cases: [Partial<Record<string, unknown>>, string][] = [
      [{ valor: '0' }, 'valor'],
      [{ valor: '-10' }, 'valor'],
      [{ valor: 'dez reais' }, 'valor'],
      [{ valor: '1000000000000.00' }, 'valor'],
      [{ tipo: 'transferencia' }, 'tipo'],
      [{ categoria: 'aluguel' }, 'categoria'],
      [{ descricao: '  ' }, 'descricao'],
      [{ dataVencimento: '2030-02-30' }, 'dataVencimento'],
      [{ formaPagamento: 'cheque' }, 'formaPagamento'],
      [{ parcelas: 61 }, 'parcelas'],
      [{ tipo: 'despesa', parcelas: 3 }, 'parcelas'],
      [{ tipo: 'receita', recorrente: true }, 'recorrente'],
      [{ clientId: '00000000-0000-4000-8000-000000000000' }, 'clientId'],
      [{ caseId: '00000000-0000-4000-8000-000000000000' }, 'caseId'],
    ]
    for (const [override, field] of cases) {
      const response = await send(ana.cookie, 'POST', '/entries', { ...entryInput(), ...override })
      expect(response.status, field).toBe(400)
      const error = await errorOf(response)
      expect(error.fields?.[field], field).toBeTruthy()
    }
    const zero = await errorOf(await send(ana.cookie, 'POST', '/entries', entryInput({ valor: '0' })))
    expect(zero.fields?.valor).toBe(FINANCIAL_MESSAGES.valor)
    // The entry dialog validates with this schema: its words for each field (issue 23).
    const said: [Partial<Record<string, unknown>>, string, string][] = [
      [{ valor: '' }, 'valor', 'Informe um valor maior que zero.'],
      [{ valor: '1000000000000.00' }, 'valor', FINANCIAL_MESSAGES.valorMax],
      [{ descricao: '  ' }, 'descricao', 'Informe a descrição.'],
      [{ dataVencimento: '' }, 'dataVencimento', 'Informe a data de vencimento.'],
      [{ dataVencimento: '2030-02-30' }, 'dataVencimento', 'Data de vencimento inválida'],
      [{ parcelas: 0 }, 'parcelas', 'De 1 a 60 parcelas.'],
    ]
    for (const [override, field, message] of said) {
      const error = await errorOf(
        await send(ana.cookie, 'POST', '/entries', { ...entryInput(), ...override }),
      )
      expect(error.fields?.[field], field).toBe(message)
    }
    expect(await countEntries(t)).toBe(before)
  })

  it('splits a receivable into monthly installments, the cents remainder on the last', async () => {
    const ana = await lawyer(t)
    const items = await createEntries(
      t,
      ana.cookie,
      entryInput({ valor: '100.00', parcelas: 3, dataVencimento: '2031-01-31' }),
    )
    expect(items.map((e) => [e.valor, e.dataVencimento, e.parcelaNumero, e.parcelaTotal])).toEqual([
      ['33.33', '2031-01-31', 1, 3],
      ['33.33', '2031-02-28', 2, 3],
      ['33.34', '2031-03-31', 3, 3],
    ])
    expect(new Set(items.map((e) => e.grupoId)).size).toBe(1)
    const sum = await t.handle.db.execute<{ total: string }>(
      sql`select sum(valor)::text as total from financial_entries where grupo_id = ${items[0]?.grupoId}::uuid`,
    )
    expect(sum.rows[0]?.total).toBe('100.00')
  })

  it('edits, deletes with undo, and answers 404 for a missing entry', async () => {
    const ana = await lawyer(t)
    const entry = await createEntry(t, ana.cookie)
    const edited = await send(ana.cookie, 'PATCH', `/entries/${entry.id}`, {
      descricao: 'Honorários revistos',
      valor: '2000',
      status: 'cancelado',
    })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({
      descricao: 'Honorários revistos',
      valor: '2000.00',
      status: 'cancelado',
    })
    expect((await send(ana.cookie, 'PATCH', `/entries/${entry.id}`, { valor: '0' })).status).toBe(400)

    expect((await send(ana.cookie, 'DELETE', `/entries/${entry.id}`)).status).toBe(204)
    expect((await send(ana.cookie, 'GET', `/entries/${entry.id}`)).status).toBe(404)
    expect((await get<{ total: number }>(ana.cookie, '/entries')).total).toBe(0)
    const restored = await send(ana.cookie, 'POST', `/entries/${entry.id}/restore`)
    expect(restored.status).toBe(200)
    expect((await get<{ total: number }>(ana.cookie, '/entries')).total).toBe(1)
    for (const [method, path] of [
      ['GET', '/entries/00000000-0000-4000-8000-000000000000'],
      ['PATCH', '/entries/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/entries/00000000-0000-4000-8000-000000000000'],
      ['GET', '/entries/nao-e-uuid'],
    ] as const) {
      const response = await send(
        ana.cookie,
        method,
        path,
        method === 'PATCH' ? { descricao: 'x' } : undefined,
      )
      expect([400, 404], `${method} ${path}`).toContain(response.status)
    }
    const audit = await t.handle.db.execute<{ action: string }>(
      sql`select action from audit_log where entity_id = ${entry.id} order by created_at, id`,
    )
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'financial.create',
        'financial.update',
        'financial.delete',
        'financial.restore',
      ]),
    )
  })
})

describe('Marcar como Pago', () => {
  it('persists date and method, moves the amount into paid revenue, and refuses a second payment (409)', async () => {
    const ana = await lawyer(t)
    const today = todayISO()
    const entry = await createEntry(t, ana.cookie, { valor: '800.10', dataVencimento: today })
    const period = `/summary?from=${today.slice(0, 8)}01&to=${today}`
    expect((await get<FinancialSummary>(ana.cookie, period)).aReceber).toBe('800.10')

    const paid = await send(ana.cookie, 'POST', `/entries/${entry.id}/pay`, {
      dataPagamento: today,
      formaPagamento: 'transferencia',
    })
    expect(paid.status).toBe(200)
    expect(await paid.json()).toMatchObject({
      status: 'pago',
      dataPagamento: today,
      formaPagamento: 'transferencia',
    })
    const summary = await get<FinancialSummary>(ana.cookie, period)
    expect(summary).toMatchObject({ receitaPaga: '800.10', aReceber: '0.00', saldo: '800.10' })

    const again = await send(ana.cookie, 'POST', `/entries/${entry.id}/pay`, {
      dataPagamento: addDaysISO(today, -3),
      formaPagamento: 'dinheiro',
    })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(FINANCIAL_MESSAGES.alreadyPaid)
    const stored = await get<FinancialEntryDto>(ana.cookie, `/entries/${entry.id}`)
    expect(stored).toMatchObject({ dataPagamento: today, formaPagamento: 'transferencia' })
    const pays = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${entry.id} and action = 'financial.pay'`,
    )
    expect(Number(pays.rows[0]?.n)).toBe(1)
  })

  it('asks for a valid date and method (400) and refuses a cancelled entry (409)', async () => {
    const ana = await lawyer(t)
    const entry = await createEntry(t, ana.cookie)
    expect(
      (await send(ana.cookie, 'POST', `/entries/${entry.id}/pay`, { dataPagamento: '2030-01-01' })).status,
    ).toBe(400)
    expect(
      (
        await send(ana.cookie, 'POST', `/entries/${entry.id}/pay`, {
          dataPagamento: 'ontem',
          formaPagamento: 'pix',
        })
      ).status,
    ).toBe(400)
    // The pay dialog's words for a missing date: it validates with this schema (issue 23).
    const noDate = await send(ana.cookie, 'POST', `/entries/${entry.id}/pay`, {
      dataPagamento: '',
      formaPagamento: 'pix',
    })
    expect((await errorOf(noDate)).fields).toEqual({ dataPagamento: 'Informe a data de pagamento.' })
    await send(ana.cookie, 'PATCH', `/entries/${entry.id}`, { status: 'cancelado' })
    const response = await send(ana.cookie, 'POST', `/entries/${entry.id}/pay`, {
      dataPagamento: '2030-01-01',
      formaPagamento: 'pix',
    })
    expect(response.status).toBe(409)
  })
})

describe('cards and balance', () => {
  it('net balance = paid revenue − paid expenses, negative when expenses win', async () => {
    const ana = await lawyer(t)
    const pay = async (id: string, dataPagamento: string) =>
      expect(
        (await send(ana.cookie, 'POST', `/entries/${id}/pay`, { dataPagamento, formaPagamento: 'pix' }))
          .status,
      ).toBe(200)
    const r = await createEntry(t, ana.cookie, { valor: '0.10', dataVencimento: '2030-03-05' })
    const r2 = await createEntry(t, ana.cookie, { valor: '0.20', dataVencimento: '2030-03-06' })
    const d = await createEntry(t, ana.cookie, {
      tipo: 'despesa',
      categoria: 'custas',
      valor: '1.00',
      dataVencimento: '2030-03-07',
    })
    await pay(r.id, '2030-03-05')
    await pay(r2.id, '2030-03-06')
    // Paid outside the period: not counted.
    const outside = await createEntry(t, ana.cookie, { valor: '999.00', dataVencimento: '2030-04-01' })
    await pay(outside.id, '2030-04-01')
    const march = await get<FinancialSummary>(ana.cookie, '/summary?from=2030-03-01&to=2030-03-31')
    expect(march).toMatchObject({
      receitaPaga: '0.30',
      despesasPagas: '0.00',
      despesasPendentes: '1.00',
      saldo: '0.30',
    })
    await pay(d.id, '2030-03-07')
    const after = await get<FinancialSummary>(ana.cookie, '/summary?from=2030-03-01&to=2030-03-31')
    expect(after).toMatchObject({ receitaPaga: '0.30', despesasPagas: '1.00', saldo: '-0.70' })
    expect((await send(ana.cookie, 'GET', '/summary?from=2030-04-01&to=2030-03-01')).status).toBe(400)
  })

  it('charts 12 months of paid revenue and expenses by payment month', async () => {
    const ana = await lawyer(t)
    const today = todayISO()
    const e = await createEntry(t, ana.cookie, { valor: '10.00', dataVencimento: today })
    await send(ana.cookie, 'POST', `/entries/${e.id}/pay`, { dataPagamento: today, formaPagamento: 'pix' })
    const chart = await get<{ months: { mes: string; receitas: string; despesas: string }[] }>(
      ana.cookie,
      '/chart',
    )
    expect(chart.months).toHaveLength(12)
    expect(chart.months[11]).toEqual({ mes: today.slice(0, 7), receitas: '10.00', despesas: '0.00' })
  })
})

describe('the overdue rule (§4) at the São Paulo day boundary', () => {
  it('uses São Paulo days, not UTC ones', async () => {
    const ana = await lawyer(t)
    // A day in the past; the clock is set to moments around its end, São Paulo time.
    const day = addDaysISO(todayISO(), -2)
    const dueThatDay = await createEntry(t, ana.cookie, { dataVencimento: day })
    const dueDayBefore = await createEntry(t, ana.cookie, { dataVencimento: addDaysISO(day, -1) })
    const statusAt = async (instant: Date) => {
      vi.useFakeTimers({ toFake: ['Date'], now: instant })
      const list = await get<{ items: FinancialEntryDto[] }>(ana.cookie, '/entries')
      const vencidos = await get<{ items: FinancialEntryDto[] }>(ana.cookie, '/entries?status=vencido')
      vi.useRealTimers()
      const of = (id: string) => list.items.find((e) => e.id === id)?.status
      return { thatDay: of(dueThatDay.id), dayBefore: of(dueDayBefore.id), vencidos: vencidos.items.length }
    }
    // 22:30 in São Paulo on `day` = 01:30 UTC the next day: UTC says the entry due `day` is overdue; it is not.
    // São Paulo has been UTC−03:00 all year since 2019 (no daylight saving).
    const lateEvening = new Date(`${day}T22:30:00-03:00`)
    expect(lateEvening.toISOString().slice(0, 10)).toBe(addDaysISO(day, 1))
    expect(await statusAt(lateEvening)).toEqual({ thatDay: 'pendente', dayBefore: 'vencido', vencidos: 1 })
    // 00:00:30 in São Paulo the next day: now it is overdue.
    const justAfterMidnight = new Date(`${addDaysISO(day, 1)}T00:00:30-03:00`)
    expect(await statusAt(justAfterMidnight)).toEqual({
      thatDay: 'vencido',
      dayBefore: 'vencido',
      vencidos: 2,
    })
    // A paid entry is never overdue.
    await send(ana.cookie, 'POST', `/entries/${dueDayBefore.id}/pay`, {
      dataPagamento: day,
      formaPagamento: 'pix',
    })
    expect((await statusAt(justAfterMidnight)).dayBefore).toBe('pago')
  })
})
