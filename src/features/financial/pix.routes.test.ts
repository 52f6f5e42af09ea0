import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePixPayload } from '../../lib/br/pix'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { PIX_CHARGE_MESSAGES, PIX_NOT_CONFIGURED, type PixChargeDto } from './pix.schema'

// Issue 11, the Pix charge: a pending receita of the office gives a static BR Code from the office's key,
// name and city, with a txid derived from the entry (the same entry, the same code), recorded for
// reconciliation and audited. Anything else is a pt-BR 404/409 and writes nothing. Issue 24: POST issues the
// charge (read-only gate, origin check); GET only reads the one issued and never writes.

let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
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

/** POST: issues (or refreshes) the charge. */
const pix = (cookie: string, id: string) =>
  t.app.request(`/api/financial/entries/${id}/pix`, { method: 'POST', headers: { cookie } })
/** GET: reads the charge issued. */
const readPix = (cookie: string, id: string) =>
  t.app.request(`/api/financial/entries/${id}/pix`, { headers: { cookie } })

async function count(table: 'pix_charges' | 'audit_log' | 'rate_limits', where = sql`true`): Promise<number> {
  const rows = await t.handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  )
  return Number(rows.rows[0]?.n)
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error
}

describe('POST /api/financial/entries/:id/pix', () => {
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
    expect((await t.app.request(`/api/financial/entries/${id}/pix`, { method: 'POST' })).status).toBe(401)

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
    expect((await readPix(intern.cookie, id)).status).toBe(403)
  })
})

describe('GET /api/financial/entries/:id/pix reads, never writes (issue 24)', () => {
  /** Every row of the tables a charge touches, whoever wrote them. */
  const everything = async () => ({
    charges: await count('pix_charges'),
    audit: await count('audit_log'),
  })

  it("answers 404 'Nenhuma cobrança Pix gerada…' before the POST, then the charge the POST issued", async () => {
    const { cookie, officeId } = await lawyer()
    await configurePix(officeId)
    const id = await entry(officeId)

    const before = await everything()
    for (let i = 0; i < 3; i++) {
      const none = await readPix(cookie, id)
      expect(none.status).toBe(404)
      expect(await errorOf(none)).toEqual({
        code: 'pix_not_issued',
        message: 'Nenhuma cobrança Pix gerada para este lançamento.',
      })
    }
    expect(await everything()).toEqual(before)

    const issued = await pix(cookie, id)
    expect(issued.status).toBe(200)
    const charge = (await issued.json()) as PixChargeDto
    const afterPost = await everything()
    expect(afterPost).toEqual({ charges: before.charges + 1, audit: before.audit + 1 })

    for (let i = 0; i < 3; i++) {
      const read = await readPix(cookie, id)
      expect(read.status).toBe(200)
      expect(read.headers.get('cache-control')).toBe('no-store')
      expect(await read.json()).toEqual(charge)
    }
    expect(await everything()).toEqual(afterPost)
  })

  it('reads the charge as issued: a later change of the amount needs a new POST', async () => {
    const { cookie, officeId } = await lawyer()
    await configurePix(officeId)
    const id = await entry(officeId, { valor: '100.00' })
    await pix(cookie, id)
    await t.handle.db.execute(sql`update financial_entries set valor = '250.00' where id = ${id}`)
    const before = await everything()
    const read = (await (await readPix(cookie, id)).json()) as PixChargeDto
    expect(read.valor).toBe('100.00')
    expect(await everything()).toEqual(before)
    const reissued = (await (await pix(cookie, id)).json()) as PixChargeDto
    expect(reissued.valor).toBe('250.00')
    expect(((await (await readPix(cookie, id)).json()) as PixChargeDto).valor).toBe('250.00')
  })

  it("answers 404 for another office's entry, a deleted one or an unknown id, writing nothing", async () => {
    const mine = await lawyer()
    const other = await lawyer('Olga Outra')
    await configurePix(other.officeId)
    const theirs = await entry(other.officeId)
    expect((await pix(other.cookie, theirs)).status).toBe(200)
    const before = await everything()
    const foreign = await readPix(mine.cookie, theirs)
    expect(foreign.status).toBe(404)
    expect((await errorOf(foreign)).message).toBe(PIX_CHARGE_MESSAGES.notFound)
    expect((await readPix(mine.cookie, await entry(mine.officeId, { deleted: true }))).status).toBe(404)
    expect((await readPix(mine.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await readPix(mine.cookie, 'nao-e-um-id')).status).toBe(400)
    expect(await everything()).toEqual(before)
  })
})

describe('POST issues through the write gates (issue 24)', () => {
  it('is refused from another site (origin check), writing nothing', async () => {
    const { cookie, officeId } = await lawyer()
    await configurePix(officeId)
    const id = await entry(officeId)
    const response = await t.app.request(`/api/financial/entries/${id}/pix`, {
      method: 'POST',
      headers: { cookie, origin: 'https://site-malicioso.example' },
    })
    expect(response.status).toBe(403)
    expect(await count('pix_charges', sql`entry_id = ${id}`)).toBe(0)
    expect(await count('audit_log', sql`action = 'financial.pix' and entity_id = ${id}`)).toBe(0)
  })

  it('is refused to a read-only office (subscription overdue past the grace days); GET still reads', async () => {
    const { cookie, officeId } = await lawyer()
    await configurePix(officeId)
    const issuedId = await entry(officeId)
    expect((await pix(cookie, issuedId)).status).toBe(200)
    const id = await entry(officeId)
    await t.handle.db.execute(
      sql`update platform_subscriptions set overdue_since = now() - interval '400 days' where office_id = ${officeId}`,
    )
    await t.deps.membershipCache.changes.sync()

    const refused = await pix(cookie, id)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).code).toBe('subscription_read_only')
    expect(await count('pix_charges', sql`entry_id = ${id}`)).toBe(0)
    expect(await count('audit_log', sql`action = 'financial.pix' and entity_id = ${id}`)).toBe(0)
    expect((await readPix(cookie, issuedId)).status).toBe(200)
  })
})
