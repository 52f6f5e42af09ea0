import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDaysISO, todayISO } from '../../lib/br/dates'
import { ApiError } from '../../platform/http-error.server'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { errorOf, lawyer, member, newCase, newClient } from './financial.fixtures'
import { issuePixCharge, memberScope, type MemberScope } from './pix.service.server'
import { PROPOSAL_MESSAGES, proposalBody, type ProposalDto, type ProposalList } from './proposals.schema'
import { createProposal, getProposal, listProposals } from './proposals.service.server'

// The associado's partial 'Manage financial' cell (spec §6): the services of this slice narrow every statement
// to the rows of the cases where that member is responsible (a row with no case is not theirs) — on the services
// with a real database, then through the routes; the estagiário's 'none' cell is a 403.

let t: TestApp
let officeId: string
let socio: MemberScope
let associado: MemberScope
let clientId: string
let theirCase: string
let otherCase: string

async function created(response: Response): Promise<string> {
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const rows = await t.handle.db.execute(query)
  return rows.rows[0] as T
}

beforeAll(async () => {
  t = await createTestApp()
  const { cookie } = await signUp(t, lawyerSignUp())
  const me = (await (await t.app.request('/api/me', { headers: { cookie } })).json()) as {
    user: { id: string }
    office: { id: string }
  }
  officeId = me.office.id
  clientId = await created(
    await t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto: 'Rita' }, cookie)),
  )
  const newCase = (titulo: string) =>
    t.app.request('/api/cases', jsonRequest('POST', { titulo, areaJuridica: 'Civil', clientId }, cookie))
  theirCase = await created(await newCase('Caso do associado'))
  otherCase = await created(await newCase('Caso de outro'))

  const socioMember = await one<{ id: string }>(
    sql`select id from office_members where office_id = ${officeId} and user_id = ${me.user.id}`,
  )
  socio = memberScope({ id: officeId, memberId: socioMember.id, userId: me.user.id, nivelAcesso: 'socio' })
  const other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Alberto Associado' }))
  const user = await one<{ id: string }>(sql`select id from users where email = ${other.email}`)
  const member = await one<{ id: string }>(sql`
    insert into office_members (office_id, user_id, nivel_acesso) values (${officeId}, ${user.id}, 'associado')
    returning id`)
  await t.handle.db.execute(
    sql`insert into case_members (office_id, case_id, member_id) values (${officeId}, ${theirCase}, ${member.id})`,
  )
  associado = memberScope({ id: officeId, memberId: member.id, userId: user.id, nivelAcesso: 'associado' })
})
afterAll(() => t.close())

const data = (caseId: string | null) =>
  proposalBody.parse({
    clientId,
    caseId,
    modelo: 'fixo',
    valorFixo: '500',
    primeiroVencimento: todayISO(),
    validade: addDaysISO(todayISO(), 10),
  })

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise
    return 200
  } catch (error) {
    if (error instanceof ApiError) return error.status
    throw error
  }
}

describe("the associado's scope", () => {
  it('is restricted to their member id; the sócio is not', () => {
    expect(associado.restrictTo).toBe(associado.memberId)
    expect(socio.restrictTo).toBeNull()
  })

  it('lists and reads only the proposals of their cases', async () => {
    const mine = await createProposal(t.handle.db, socio, data(theirCase))
    const notMine = await createProposal(t.handle.db, socio, data(otherCase))
    const noCase = await createProposal(t.handle.db, socio, data(null))

    const list = await listProposals(t.handle.db, associado, { status: 'todos', limit: 50, offset: 0 })
    expect(list.items.map((p) => p.id)).toEqual([mine.id])
    expect(list.total).toBe(1)
    expect((await listProposals(t.handle.db, socio, { status: 'todos', limit: 50, offset: 0 })).total).toBe(3)
    expect(await status(getProposal(t.handle.db, associado, notMine.id))).toBe(404)
    expect(await status(getProposal(t.handle.db, associado, noCase.id))).toBe(404)
  })

  it('creates proposals only on their cases (400 otherwise, nothing written)', async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from fee_proposals`)
    expect(await status(createProposal(t.handle.db, associado, data(null)))).toBe(400)
    expect(await status(createProposal(t.handle.db, associado, data(otherCase)))).toBe(400)
    expect((await one<{ n: number }>(sql`select count(*)::int as n from fee_proposals`)).n).toBe(before.n)
    expect((await createProposal(t.handle.db, associado, data(theirCase))).caseId).toBe(theirCase)
  })

  it('issues Pix charges only for entries of their cases', async () => {
    await t.handle.db.execute(sql`
      insert into office_settings (office_id, pix_chave, pix_tipo, pix_nome, pix_cidade)
      values (${officeId}, 'contato@escritorio.adv.br', 'email', 'Escritorio', 'Recife')`)
    const entry = async (caseId: string | null) =>
      (
        await one<{ id: string }>(sql`
          insert into financial_entries (office_id, tipo, categoria, descricao, valor, data_vencimento, case_id)
          values (${officeId}, 'receita', 'honorarios', 'Honorários', '10.00', ${todayISO()}, ${caseId})
          returning id`)
      ).id
    const theirs = await entry(theirCase)
    expect((await issuePixCharge(t.handle.db, associado, theirs)).valor).toBe('10.00')
    expect(await status(issuePixCharge(t.handle.db, associado, await entry(otherCase)))).toBe(404)
    expect(await status(issuePixCharge(t.handle.db, associado, await entry(null)))).toBe(404)
    expect(await status(issuePixCharge(t.handle.db, socio, await entry(null)))).toBe(200)
  })
})

const call = (cookie: string, method: string, path = '', body?: unknown) =>
  t.app.request(`/api/financial/proposals${path}`, jsonRequest(method, body, cookie))

describe("the associado's proposals and Pix charges (spec §6, partial 'Manage financial')", () => {
  it('reach only the cases where they are responsible; the estagiário gets 403', async () => {
    const socio = await lawyer(t)
    const clientId = await newClient(t, socio.cookie)
    const theirCase = await newCase(t, socio.cookie, clientId, 'Caso do associado')
    const otherCase = await newCase(t, socio.cookie, clientId, 'Caso de outro')
    const associado = await member(t, socio.officeId, 'associado')
    await t.handle.db.execute(sql`
      insert into case_members (office_id, case_id, member_id)
      values (${socio.officeId}, ${theirCase}, ${associado.memberId})`)
    const body = (caseId: string | null) => ({
      clientId,
      caseId,
      modelo: 'fixo',
      valorFixo: '900',
      primeiroVencimento: todayISO(),
      validade: addDaysISO(todayISO(), 10),
    })
    const notTheirs = (await (await call(socio.cookie, 'POST', '', body(otherCase))).json()) as ProposalDto

    const refused = await call(associado.cookie, 'POST', '', body(null))
    expect(refused.status).toBe(400)
    expect((await errorOf(refused)).fields?.caseId).toBe(PROPOSAL_MESSAGES.caseRequired)
    expect((await call(associado.cookie, 'POST', '', body(otherCase))).status).toBe(400)
    const mine = await call(associado.cookie, 'POST', '', body(theirCase))
    expect(mine.status).toBe(201)
    const list = (await (await call(associado.cookie, 'GET')).json()) as ProposalList
    expect(list.items.map((p) => p.caseTitulo)).toEqual(['Caso do associado'])
    for (const path of ['', '/pdf', '/accept']) {
      expect(
        (await call(associado.cookie, path === '/accept' ? 'POST' : 'GET', `/${notTheirs.id}${path}`)).status,
      ).toBe(404)
    }
    const untouched = await one<{ status: string }>(
      sql`select status from fee_proposals where id = ${notTheirs.id}`,
    )
    expect(untouched.status).toBe('rascunho')

    const estagiario = await member(t, socio.officeId, 'estagiario')
    expect((await call(estagiario.cookie, 'GET')).status).toBe(403)
    expect((await call(estagiario.cookie, 'POST', '', body(theirCase))).status).toBe(403)
  })
})
