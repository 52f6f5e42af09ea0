import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest } from '../../test/accounts'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import { countEntries, createEntry, errorOf, lawyer, member, newCase, newClient } from './financial.fixtures'
import { runRecurrence } from './financial.public.server'
import { FINANCIAL_MESSAGES, type FinancialEntryDto } from './financial.schema'

// Issue 11, Financeiro: who reaches which entry (spec §6: sócio full, associado only their cases' entries,
// estagiário/assistente none, another office 404), the receipt PDF, the CSV, and the recurrence job.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const send = (cookie: string, method: string, path: string, body?: unknown) =>
  t.app.request(`/api/financial${path}`, jsonRequest(method, body, cookie))

describe('permissions', () => {
  it('another office: 404 on every entry route, nothing changed', async () => {
    const ana = await lawyer(t)
    const other = await lawyer(t, 'Otávio Outro')
    const entry = await createEntry(t, ana.cookie)
    for (const [method, path, body] of [
      ['GET', `/entries/${entry.id}`, undefined],
      ['PATCH', `/entries/${entry.id}`, { descricao: 'Roubado' }],
      ['POST', `/entries/${entry.id}/pay`, { dataPagamento: '2030-01-01', formaPagamento: 'pix' }],
      ['DELETE', `/entries/${entry.id}`, undefined],
      ['POST', `/entries/${entry.id}/restore`, undefined],
      ['GET', `/entries/${entry.id}/receipt.pdf`, undefined],
    ] as const) {
      expect((await send(other.cookie, method, path, body)).status, `${method} ${path}`).toBe(404)
    }
    const list = (await (await send(other.cookie, 'GET', '/entries')).json()) as { total: number }
    expect(list.total).toBe(0)
    const mine = (await (await send(ana.cookie, 'GET', `/entries/${entry.id}`)).json()) as FinancialEntryDto
    expect(mine).toMatchObject({ descricao: entry.descricao, status: 'pendente' })
    // Another office's client cannot be linked (400, nothing written).
    const otherClient = await newClient(t, other.cookie)
    const before = await countEntries(t)
    const response = await send(ana.cookie, 'POST', '/entries', {
      tipo: 'receita',
      categoria: 'honorarios',
      descricao: 'x',
      valor: '1',
      dataVencimento: '2030-01-01',
      clientId: otherClient,
    })
    expect(response.status).toBe(400)
    expect(await countEntries(t)).toBe(before)
  })

  it('estagiário and assistente: 403; associado: only the entries of their cases', async () => {
    const ana = await lawyer(t)
    const mine = await newCase(t, ana.cookie, undefined, 'Caso do associado')
    const notMine = await newCase(t, ana.cookie, undefined, 'Caso de outro')
    const associado = await member(t, ana.officeId, 'associado')
    await t.handle.db.execute(
      sql`insert into case_members (office_id, case_id, member_id) values (${ana.officeId}::uuid, ${mine}::uuid, ${associado.memberId}::uuid)`,
    )
    const onMine = await createEntry(t, ana.cookie, { caseId: mine, descricao: 'Honorários do meu caso' })
    const onOther = await createEntry(t, ana.cookie, { caseId: notMine, descricao: 'Honorários alheios' })
    const noCase = await createEntry(t, ana.cookie, { descricao: 'Sem processo' })
    for (const nivel of ['estagiario', 'assistente'] as const) {
      const m = await member(t, ana.officeId, nivel)
      expect((await send(m.cookie, 'GET', '/entries')).status).toBe(403)
      expect((await send(m.cookie, 'GET', '/summary?from=2030-01-01&to=2030-12-31')).status).toBe(403)
      expect((await send(m.cookie, 'GET', `/entries/${onMine.id}`)).status).toBe(403)
    }
    const list = (await (await send(associado.cookie, 'GET', '/entries')).json()) as {
      items: FinancialEntryDto[]
    }
    expect(list.items.map((e) => e.id)).toEqual([onMine.id])
    for (const id of [onOther.id, noCase.id]) {
      expect((await send(associado.cookie, 'GET', `/entries/${id}`)).status).toBe(404)
      expect(
        (
          await send(associado.cookie, 'POST', `/entries/${id}/pay`, {
            dataPagamento: '2030-05-10',
            formaPagamento: 'pix',
          })
        ).status,
      ).toBe(404)
      expect((await send(associado.cookie, 'PATCH', `/entries/${id}`, { descricao: 'x' })).status).toBe(404)
      expect((await send(associado.cookie, 'DELETE', `/entries/${id}`)).status).toBe(404)
    }
    // Cards: only their entry counts.
    const summary = (await (
      await send(associado.cookie, 'GET', '/summary?from=2030-01-01&to=2030-12-31')
    ).json()) as {
      aReceber: string
    }
    expect(summary.aReceber).toBe('1500.00')
    // Creating: only on a case of theirs; moving an entry to another case is refused.
    const base = {
      tipo: 'receita',
      categoria: 'honorarios',
      descricao: 'Nova',
      valor: '10',
      dataVencimento: '2030-06-01',
    }
    const noCaseResponse = await send(associado.cookie, 'POST', '/entries', base)
    expect(noCaseResponse.status).toBe(400)
    expect((await errorOf(noCaseResponse)).fields?.caseId).toBe(FINANCIAL_MESSAGES.caseRequired)
    expect((await send(associado.cookie, 'POST', '/entries', { ...base, caseId: notMine })).status).toBe(400)
    expect((await send(associado.cookie, 'POST', '/entries', { ...base, caseId: mine })).status).toBe(201)
    expect((await send(associado.cookie, 'PATCH', `/entries/${onMine.id}`, { caseId: notMine })).status).toBe(
      400,
    )
    const paid = await send(associado.cookie, 'POST', `/entries/${onMine.id}/pay`, {
      dataPagamento: '2030-05-10',
      formaPagamento: 'pix',
    })
    expect(paid.status).toBe(200)
    // The CSV holds their rows only.
    const csv = await (await send(associado.cookie, 'GET', '/entries/export.csv')).text()
    expect(csv).toContain('Honorários do meu caso')
    expect(csv).not.toContain('Honorários alheios')
    expect(csv).not.toContain('Sem processo')
  })
})

describe('receipt and CSV', () => {
  it('prints a receipt for a paid entry only, with the amount in words', async () => {
    const ana = await lawyer(t, 'Beatriz Sócia')
    const clientId = await newClient(t, ana.cookie, 'Carlos Ânderson')
    const entry = await createEntry(t, ana.cookie, {
      valor: '1200.50',
      clientId,
      descricao: 'Honorários de consultoria',
    })
    const early = await send(ana.cookie, 'GET', `/entries/${entry.id}/receipt.pdf`)
    expect(early.status).toBe(409)
    expect((await errorOf(early)).message).toBe(FINANCIAL_MESSAGES.notPaid)
    await send(ana.cookie, 'POST', `/entries/${entry.id}/pay`, {
      dataPagamento: '2030-05-12',
      formaPagamento: 'pix',
    })
    const response = await send(ana.cookie, 'GET', `/entries/${entry.id}/receipt.pdf`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain('attachment')
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, ' ')
    expect(text).toContain('Recibo')
    expect(text).toContain('Recebemos de Carlos Ânderson a importância de R$ 1.200,50')
    expect(text).toContain('mil e duzentos reais e cinquenta centavos')
    expect(text).toContain('referente a Honorários de consultoria')
    expect(text).toContain('12 de maio de 2030')
    expect(text).toContain('Pago em 12/05/2030, por Pix')
    const audit = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${entry.id} and action = 'financial.receipt'`,
    )
    expect(Number(audit.rows[0]?.n)).toBe(1)
  })

  it('exports the filtered list as an Excel pt-BR CSV', async () => {
    const ana = await lawyer(t)
    await createEntry(t, ana.cookie, { valor: '1234.5', descricao: 'Honorários; "parecer"' })
    await createEntry(t, ana.cookie, {
      tipo: 'despesa',
      categoria: 'despesas_escritorio',
      descricao: 'Aluguel',
      valor: '3000',
    })
    const response = await send(ana.cookie, 'GET', '/entries/export.csv?tipo=receita')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    const bytes = new Uint8Array(await response.arrayBuffer())
    // The UTF-8 BOM: Excel pt-BR then reads the accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const csv = new TextDecoder().decode(bytes)
    const lines = csv.trim().split(/\r?\n/)
    expect(lines[0]).toContain('Descrição;Tipo;Categoria;Status;Valor;Vencimento')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('"Honorários; ""parecer"""')
    expect(lines[1]).toContain('R$\u00a01.234,50')
    expect(lines[1]).toContain('10/05/2030')
    expect(csv).not.toContain('Aluguel')
  })
})

describe('recurring expenses', () => {
  it('paying one creates next month once; the daily job continues a series exactly once', async () => {
    const ana = await lawyer(t)
    const rent = await createEntry(t, ana.cookie, {
      tipo: 'despesa',
      categoria: 'despesas_escritorio',
      descricao: 'Aluguel do escritório',
      valor: '3500.00',
      dataVencimento: '2030-01-31',
      recorrente: true,
    })
    const pay = (id: string) =>
      send(ana.cookie, 'POST', `/entries/${id}/pay`, {
        dataPagamento: '2030-01-31',
        formaPagamento: 'boleto',
      })
    expect((await pay(rent.id)).status).toBe(200)
    const series = async () =>
      (
        await t.handle.db.execute<{ data_vencimento: string; valor: string }>(
          sql`select to_char(data_vencimento, 'YYYY-MM-DD') as data_vencimento, valor::text as valor from financial_entries where coalesce(recorrencia_origem_id, id) = ${rent.id}::uuid order by data_vencimento`,
        )
      ).rows
    expect(await series()).toEqual([
      { data_vencimento: '2030-01-31', valor: '3500.00' },
      { data_vencimento: '2030-02-28', valor: '3500.00' },
    ])
    // February arrives: the job (run twice, concurrently) creates March once, on the 31st again.
    const created = await Promise.all([
      runRecurrence(t.handle.db, '2030-02-01'),
      runRecurrence(t.handle.db, '2030-02-01'),
    ])
    expect(created[0] + created[1]).toBe(1)
    expect(await runRecurrence(t.handle.db, '2030-02-15')).toBe(0)
    expect((await series()).map((r) => r.data_vencimento)).toEqual(['2030-01-31', '2030-02-28', '2030-03-31'])
    // Paying February (already followed by March) creates nothing more.
    const feb = (await (await send(ana.cookie, 'GET', '/entries?q=aluguel')).json()) as {
      items: FinancialEntryDto[]
    }
    const february = feb.items.find((e) => e.dataVencimento === '2030-02-28')
    expect((await pay(String(february?.id))).status).toBe(200)
    expect(await series()).toHaveLength(3)
  })
})
