import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePixPayload } from '../../lib/br/pix'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { PIX_CHARGE_MESSAGES, PIX_NOT_CONFIGURED, type PixChargeDto } from './pix.schema'

// Issue 11, the Pix charge: a pending receita of the office gives a static BR Code from the office's key,
// name and city, with a txid derived from the entry (the same entry, the same code), recorded for
// reconciliation and audited. Anything else is a pt-BR 404/409 and writes nothing.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function lawyer(nomeCompleto = 'Ana Advogada') {
  const { cookie } = await signUp(t, lawyerSignUp({ nomeCompleto }))
  const me = (await (await t.app.request('/api/me', { headers: { cookie } })).json()) as {
    office: { id: string }
  }
  return { cookie, officeId: me.office.id }
}

async function configurePix(officeId: string, chave = '123e4567-e12b-12d1-a456-426655440000') {
  await t.handle.db.execute(sql`
    insert into office_settings (office_id, pix_chave, pix_tipo, pix_nome, pix_cidade)
    values (${officeId}, ${chave}, 'aleatoria', 'Conceição & Associados Advocacia', 'São José dos Campos')
    on conflict (office_id) do update set pix_chave = excluded.pix_chave`)
}

async function entry(
  officeId: string,
  values: { tipo?: string; status?: string; valor?: string; deleted?: boolean } = {},
): Promise<string> {
  const status = values.status ?? 'pendente'
  const rows = await t.handle.db.execute<{ id: string }>(sql`
    insert into financial_entries (office_id, tipo, categoria, descricao, valor, data_vencimento, status,
      data_pagamento, deleted_at)
    values (${officeId}, ${values.tipo ?? 'receita'}, 'honorarios', 'Honorários de outubro',
      ${values.valor ?? '1500.50'}, '2026-12-10', ${status}, ${status === 'pago' ? '2026-11-01' : null},
      ${values.deleted ? sql`now()` : null})
    returning id`)
  const id = rows.rows[0]?.id
  if (!id) throw new Error('no entry')
  return id
}

const pix = (cookie: string, id: string) =>
  t.app.request(`/api/financial/entries/${id}/pix`, { headers: { cookie } })

async function count(table: 'pix_charges' | 'audit_log', where = sql`true`): Promise<number> {
  const rows = await t.handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  )
  return Number(rows.rows[0]?.n)
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error
}

describe('GET /api/financial/entries/:id/pix', () => {
  it('gives a BR Code that parses back with the amount, the office key and a stable txid', async () => {
    const { cookie, officeId } = await lawyer()
    await configurePix(officeId)
    const id = await entry(officeId)

    const first = await pix(cookie, id)
    expect(first.status).toBe(200)
    const charge = (await first.json()) as PixChargeDto
    expect(charge).toMatchObject({ entryId: id, valor: '1500.50', dataVencimento: '2026-12-10' })
    expect(charge.txid).toMatch(/^JC[0-9A-F]{23}$/)
    const parsed = parsePixPayload(charge.payload)
    expect(parsed).toMatchObject({
      chave: '123e4567-e12b-12d1-a456-426655440000',
      valor: '1500.50',
      valorCents: 150050,
      nome: 'Conceicao & Associados Ad',
      cidade: 'Sao Jose dos Ca',
      txid: charge.txid,
    })

    const again = (await (await pix(cookie, id)).json()) as PixChargeDto
    expect(again.payload).toBe(charge.payload)
    expect(await count('pix_charges', sql`entry_id = ${id}`)).toBe(1)
    expect(await count('audit_log', sql`action = 'financial.pix' and entity_id = ${id}`)).toBe(2)
    const stored = await t.handle.db.execute<{ txid: string; valor: string }>(
      sql`select txid, valor::text from pix_charges where entry_id = ${id}`,
    )
    expect(stored.rows[0]).toEqual({ txid: charge.txid, valor: '1500.50' })
  })

  it('re-issues with the new amount after the entry changed, keeping the txid', async () => {
    const { cookie, officeId } = await lawyer()
    await configurePix(officeId)
    const id = await entry(officeId, { valor: '100.00' })
    const before = (await (await pix(cookie, id)).json()) as PixChargeDto
    await t.handle.db.execute(sql`update financial_entries set valor = '250.00' where id = ${id}`)
    const after = (await (await pix(cookie, id)).json()) as PixChargeDto
    expect(after.txid).toBe(before.txid)
    expect(parsePixPayload(after.payload).valorCents).toBe(25000)
    expect(await count('pix_charges', sql`entry_id = ${id}`)).toBe(1)
  })

  it('answers 409 with a pointer to the settings when the office has no Pix key', async () => {
    const { cookie, officeId } = await lawyer()
    const id = await entry(officeId)
    const response = await pix(cookie, id)
    expect(response.status).toBe(409)
    expect(await errorOf(response)).toEqual({
      code: PIX_NOT_CONFIGURED,
      message: 'Configure a chave Pix do escritório em Configurações Avançadas.',
    })
    expect(await count('pix_charges', sql`entry_id = ${id}`)).toBe(0)
  })

  it('answers 409 for a despesa, a paid or a cancelled entry, and writes nothing', async () => {
    const { cookie, officeId } = await lawyer()
    await configurePix(officeId)
    for (const values of [{ tipo: 'despesa' }, { status: 'pago' }, { status: 'cancelado' }]) {
      const id = await entry(officeId, values)
      const response = await pix(cookie, id)
      expect(response.status, JSON.stringify(values)).toBe(409)
      expect((await errorOf(response)).message).toBe(PIX_CHARGE_MESSAGES.notReceivable)
    }
    expect(await count('pix_charges', sql`office_id = ${officeId}`)).toBe(0)
    expect(await count('audit_log', sql`office_id = ${officeId} and action = 'financial.pix'`)).toBe(0)
  })

  it("answers 404 for another office's entry, a deleted one, an unknown id and a malformed id", async () => {
    const mine = await lawyer()
    const other = await lawyer('Otávio Outro')
    await configurePix(mine.officeId)
    await configurePix(other.officeId)
    const theirs = await entry(other.officeId)
    expect((await pix(mine.cookie, theirs)).status).toBe(404)
    const deleted = await entry(mine.officeId, { deleted: true })
    expect((await pix(mine.cookie, deleted)).status).toBe(404)
    const unknown = await pix(mine.cookie, '00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).message).toBe(PIX_CHARGE_MESSAGES.notFound)
    expect((await pix(mine.cookie, 'nao-e-um-id')).status).toBe(400)
    expect(await count('pix_charges', sql`entry_id = ${theirs}`)).toBe(0)
  })

  it('answers 401 without a session and 403 to a member whose level has no financial access', async () => {
    const { officeId } = await lawyer()
    const id = await entry(officeId)
    expect((await t.app.request(`/api/financial/entries/${id}/pix`)).status).toBe(401)

    const intern = await signUp(t, lawyerSignUp({ nomeCompleto: 'Estela Estagiária' }))
    await t.handle.db.execute(sql`
      insert into office_members (office_id, user_id, nivel_acesso)
      select ${officeId}, id, 'estagiario' from users where email = ${intern.email}`)
    // The intern's current office is still their own: switch to the one under test.
    const switched = await t.app.request(
      '/api/offices/current',
      jsonRequest('POST', { officeId }, intern.cookie),
    )
    expect(switched.status).toBeLessThan(300)
    expect((await pix(intern.cookie, id)).status).toBe(403)
  })
})
