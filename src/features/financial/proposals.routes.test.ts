import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDaysISO, todayISO } from '../../lib/br/dates'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import {
  PROPOSAL_MESSAGES,
  type ProposalAcceptance,
  type ProposalDto,
  type ProposalList,
} from './proposals.schema'

// Issue 11, 'Proposta de honorários': a proposal per client (and case) with a fee model, a pt-BR PDF on the
// office's letterhead, and — on acceptance, exactly once — the receivables of its fixed part.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const today = todayISO()
const validade = addDaysISO(today, 15)

async function lawyer(nomeCompleto = 'Ana Advogada') {
  const { cookie } = await signUp(t, lawyerSignUp({ nomeCompleto }))
  const me = (await (await t.app.request('/api/me', { headers: { cookie } })).json()) as {
    office: { id: string }
  }
  return { cookie, officeId: me.office.id }
}

async function created(response: Response): Promise<string> {
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function client(cookie: string, nomeCompleto = 'Maria da Silva Souza') {
  return created(await t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto }, cookie)))
}

async function kase(cookie: string, clientId: string | null, titulo = 'Ação de indenização') {
  return created(
    await t.app.request(
      '/api/cases',
      jsonRequest('POST', { titulo, areaJuridica: 'Civil', clientId }, cookie),
    ),
  )
}

const call = (cookie: string, method: string, path = '', body?: unknown) =>
  t.app.request(`/api/financial/proposals${path}`, jsonRequest(method, body, cookie))

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; fields?: Record<string, string> } }).error
}

async function count(table: 'fee_proposals' | 'financial_entries', where = sql`true`): Promise<number> {
  const rows = await t.handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  )
  return Number(rows.rows[0]?.n)
}

describe('creating and reading proposals', () => {
  it('creates each model with only the fields it uses, and lists them newest first', async () => {
    const { cookie } = await lawyer()
    const clientId = await client(cookie)
    const caseId = await kase(cookie, clientId)
    const base = { clientId, caseId, validade }

    const fixo = await call(cookie, 'POST', '', {
      ...base,
      modelo: 'fixo',
      valorFixo: '5.000,00',
      parcelas: 4,
      primeiroVencimento: addDaysISO(today, 5),
      percentualExito: '20',
    })
    expect(fixo.status).toBe(201)
    expect(await fixo.json()).toMatchObject({
      modelo: 'fixo',
      valorFixo: '5000.00',
      parcelas: 1,
      percentualExito: null,
      status: 'rascunho',
      clientNome: 'Maria da Silva Souza',
      caseTitulo: 'Ação de indenização',
    })

    const exito = (await (
      await call(cookie, 'POST', '', { ...base, modelo: 'exito', percentualExito: '12,5', valorCausa: 80000 })
    ).json()) as ProposalDto
    expect(exito).toMatchObject({
      valorFixo: null,
      parcelas: null,
      percentualExito: '12.50',
      valorCausa: '80000.00',
    })

    const list = (await (await call(cookie, 'GET', '?status=rascunho')).json()) as ProposalList
    expect(list.total).toBe(2)
    expect(list.items.map((p) => p.modelo)).toEqual(['exito', 'fixo'])
    expect((await call(cookie, 'GET', `/${exito.id}`)).status).toBe(200)
  })

  it('refuses bad input with pt-BR messages and writes nothing', async () => {
    const { cookie, officeId } = await lawyer()
    const clientId = await client(cookie)
    const otherClient = await client(cookie, 'João Pereira')
    const caseOfOther = await kase(cookie, otherClient)
    const other = await lawyer('Otávio Outro')
    const foreignClient = await client(other.cookie, 'Cliente do Outro')
    const parcelado = {
      clientId,
      modelo: 'parcelado',
      valorFixo: '3000',
      parcelas: 3,
      primeiroVencimento: today,
      validade,
    }

    const cases: [unknown, string, string][] = [
      [{ ...parcelado, valorFixo: '0' }, 'valorFixo', PROPOSAL_MESSAGES.valorFixo],
      [{ ...parcelado, valorFixo: 'abc' }, 'valorFixo', PROPOSAL_MESSAGES.valorFixo],
      [{ ...parcelado, parcelas: 1 }, 'parcelas', PROPOSAL_MESSAGES.parcelasParcelado],
      [{ ...parcelado, parcelas: 61 }, 'parcelas', PROPOSAL_MESSAGES.parcelas],
      [{ ...parcelado, primeiroVencimento: '' }, 'primeiroVencimento', PROPOSAL_MESSAGES.primeiroVencimento],
      [
        { ...parcelado, modelo: 'misto', percentualExito: '100,01' },
        'percentualExito',
        PROPOSAL_MESSAGES.percentual,
      ],
      [{ ...parcelado, modelo: 'exito' }, 'percentualExito', PROPOSAL_MESSAGES.percentual],
      [{ ...parcelado, modelo: 'boleto' }, 'modelo', PROPOSAL_MESSAGES.modelo],
      [{ ...parcelado, validade: addDaysISO(today, -1) }, 'validade', PROPOSAL_MESSAGES.validade],
      [{ ...parcelado, clientId: 'x' }, 'clientId', PROPOSAL_MESSAGES.client],
      [{ ...parcelado, clientId: foreignClient }, 'clientId', PROPOSAL_MESSAGES.clientNotFound],
      [{ ...parcelado, caseId: caseOfOther }, 'caseId', PROPOSAL_MESSAGES.caseOfClient],
    ]
    for (const [body, field, message] of cases) {
      const response = await call(cookie, 'POST', '', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      const error = await errorOf(response)
      expect(error.fields?.[field], field).toBe(message)
    }
    expect(await count('fee_proposals', sql`office_id = ${officeId}`)).toBe(0)
  })

  it("answers 404 for another office's proposal on every route, and 401 without a session", async () => {
    const mine = await lawyer()
    const other = await lawyer('Otávio Outro')
    const theirs = (await (
      await call(other.cookie, 'POST', '', {
        clientId: await client(other.cookie),
        modelo: 'fixo',
        valorFixo: '100',
        primeiroVencimento: today,
        validade,
      })
    ).json()) as ProposalDto
    for (const [method, path] of [
      ['GET', ''],
      ['DELETE', ''],
      ['POST', '/send'],
      ['POST', '/accept'],
      ['POST', '/refuse'],
      ['GET', '/pdf'],
    ] as const) {
      const response = await call(mine.cookie, method, `/${theirs.id}${path}`)
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    const patch = await call(mine.cookie, 'PATCH', `/${theirs.id}`, {
      clientId: await client(mine.cookie),
      modelo: 'exito',
      percentualExito: 10,
      validade,
    })
    expect(patch.status).toBe(404)
    expect((await call(mine.cookie, 'GET')).status).toBe(200)
    expect(((await (await call(mine.cookie, 'GET')).json()) as ProposalList).total).toBe(0)
    expect((await t.app.request('/api/financial/proposals')).status).toBe(401)
    expect(await count('fee_proposals', sql`id = ${theirs.id} and status = 'rascunho'`)).toBe(1)
  })
})

describe('the proposal PDF', () => {
  it('prints the letterhead, parties, object, fee model, installments, conditions, validity and signatures', async () => {
    const { cookie, officeId } = await lawyer()
    await t.handle.db.execute(sql`
      insert into office_settings (office_id, nome_escritorio, cnpj, oab_registro, endereco)
      values (${officeId}, 'Souza & Lima Advocacia', '11.222.333/0001-81', 'SP 123.456',
        'Av. Paulista, 1000, São Paulo/SP')`)
    const clientId = await client(cookie, 'Conceição Araújo')
    const caseId = await kase(cookie, clientId, 'Revisão contratual')
    const proposal = (await (
      await call(cookie, 'POST', '', {
        clientId,
        caseId,
        modelo: 'misto',
        valorFixo: '1000.00',
        parcelas: 3,
        primeiroVencimento: '2031-01-31',
        percentualExito: '20',
        valorCausa: '150000.00',
        condicoes: 'Reembolso de custas mediante recibo.',
        validade,
      })
    ).json()) as ProposalDto

    const response = await call(cookie, 'GET', `/${proposal.id}/pdf`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain('attachment')
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\u00a0/g, ' ')
    for (const expected of [
      'Souza & Lima Advocacia',
      'CNPJ 11.222.333/0001-81',
      'Proposta de Honorários Advocatícios',
      'Contratante: Conceição Araújo',
      'Revisão contratual',
      'Parte fixa: R$ 1.000,00, em 3 parcelas mensais.',
      'Parte de êxito: 20% sobre o proveito econômico',
      'R$ 30.000,00',
      'Reembolso de custas mediante recibo.',
      `válida até ${validade.split('-').reverse().join('/')}`,
      'Contratado(a)',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected)
    }
    // The parcels: the centavos remainder on the last, due monthly (31/01 → 28/02 → 31/03).
    expect(text).toMatch(/1\/3\s*31\/01\/2031\s*R\$ 333,33/)
    expect(text).toMatch(/2\/3\s*28\/02\/2031\s*R\$ 333,33/)
    expect(text).toMatch(/3\/3\s*31\/03\/2031\s*R\$ 333,34/)
    // It carries the client's full document: the download is audited.
    const audit = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'proposal.download' and entity_id = ${proposal.id}`,
    )
    expect(Number(audit.rows[0]?.n)).toBe(1)
  })
})

describe('deciding a proposal', () => {
  async function parcelada(cookie: string, extra: Record<string, unknown> = {}) {
    const clientId = await client(cookie)
    const caseId = await kase(cookie, clientId)
    const response = await call(cookie, 'POST', '', {
      clientId,
      caseId,
      modelo: 'misto',
      valorFixo: '1000.00',
      parcelas: 3,
      primeiroVencimento: '2031-01-31',
      percentualExito: '15',
      validade,
      ...extra,
    })
    return { ...((await response.json()) as ProposalDto), clientId, caseId }
  }

  it('accepting creates the fixed part as receivables exactly once, in parcels, with the success fee noted', async () => {
    const { cookie, officeId } = await lawyer()
    const proposal = await parcelada(cookie)

    const accepted = await call(cookie, 'POST', `/${proposal.id}/accept`)
    expect(accepted.status).toBe(200)
    const body = (await accepted.json()) as ProposalAcceptance
    expect(body.receivables).toBe(3)
    expect(body.proposal.status).toBe('aceita')
    expect(body.proposal.acceptedAt).not.toBeNull()

    const rows = await t.handle.db.execute<Record<string, unknown>>(sql`
      select tipo, categoria, status, valor::text, data_vencimento::text as vencimento, parcela_numero,
        parcela_total, client_id, case_id, grupo_id, observacoes
      from financial_entries where office_id = ${officeId} order by parcela_numero`)
    expect(rows.rows.map((r) => [r.valor, r.vencimento, r.parcela_numero])).toEqual([
      ['333.33', '2031-01-31', 1],
      ['333.33', '2031-02-28', 2],
      ['333.34', '2031-03-31', 3],
    ])
    for (const row of rows.rows) {
      expect(row).toMatchObject({
        tipo: 'receita',
        categoria: 'honorarios',
        status: 'pendente',
        parcela_total: 3,
        client_id: proposal.clientId,
        case_id: proposal.caseId,
        grupo_id: body.proposal.receivablesGrupoId,
      })
      expect(row.observacoes).toContain('Honorários de êxito de 15% a cobrar na conclusão do processo')
    }

    const twice = await call(cookie, 'POST', `/${proposal.id}/accept`)
    expect(twice.status).toBe(409)
    expect((await errorOf(twice)).message).toBe(PROPOSAL_MESSAGES.alreadyAccepted)
    const concurrent = await Promise.all([1, 2].map(() => call(cookie, 'POST', `/${proposal.id}/accept`)))
    expect(concurrent.map((r) => r.status)).toEqual([409, 409])
    expect(await count('financial_entries', sql`office_id = ${officeId}`)).toBe(3)

    // A decided proposal is history: no edit, no delete, no refusal.
    expect((await call(cookie, 'DELETE', `/${proposal.id}`)).status).toBe(409)
    expect((await call(cookie, 'POST', `/${proposal.id}/refuse`)).status).toBe(409)
    const edit = await call(cookie, 'PATCH', `/${proposal.id}`, {
      clientId: proposal.clientId,
      modelo: 'exito',
      percentualExito: 10,
      validade,
    })
    expect(edit.status).toBe(409)
  })

  it('two simultaneous acceptances create the receivables once', async () => {
    const { cookie, officeId } = await lawyer()
    const proposal = await parcelada(cookie, { modelo: 'fixo', parcelas: null })
    const results = await Promise.all([1, 2].map(() => call(cookie, 'POST', `/${proposal.id}/accept`)))
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await count('financial_entries', sql`office_id = ${officeId}`)).toBe(1)
  })

  it('a success-fee-only proposal creates no receivable on acceptance', async () => {
    const { cookie, officeId } = await lawyer()
    const proposal = await parcelada(cookie, { modelo: 'exito' })
    const body = (await (await call(cookie, 'POST', `/${proposal.id}/accept`)).json()) as ProposalAcceptance
    expect(body).toMatchObject({ receivables: 0, proposal: { status: 'aceita', receivablesGrupoId: null } })
    expect(await count('financial_entries', sql`office_id = ${officeId}`)).toBe(0)
  })

  it('sends, edits, refuses and deletes a proposal that was not accepted', async () => {
    const { cookie, officeId } = await lawyer()
    const proposal = await parcelada(cookie)
    const sent = await call(cookie, 'POST', `/${proposal.id}/send`)
    expect(((await sent.json()) as ProposalDto).status).toBe('enviada')
    expect((await call(cookie, 'POST', `/${proposal.id}/send`)).status).toBe(409)

    const edited = await call(cookie, 'PATCH', `/${proposal.id}`, {
      clientId: proposal.clientId,
      caseId: proposal.caseId,
      modelo: 'parcelado',
      valorFixo: '2400',
      parcelas: 12,
      primeiroVencimento: '2031-02-10',
      percentualExito: '30',
      validade,
    })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({
      modelo: 'parcelado',
      valorFixo: '2400.00',
      parcelas: 12,
      percentualExito: null,
      status: 'enviada',
    })

    const refused = await call(cookie, 'POST', `/${proposal.id}/refuse`)
    expect(((await refused.json()) as ProposalDto).status).toBe('recusada')
    const accept = await call(cookie, 'POST', `/${proposal.id}/accept`)
    expect(accept.status).toBe(409)
    expect((await errorOf(accept)).message).toBe(PROPOSAL_MESSAGES.refused)
    expect(await count('financial_entries', sql`office_id = ${officeId}`)).toBe(0)

    expect((await call(cookie, 'DELETE', `/${proposal.id}`)).status).toBe(204)
    expect((await call(cookie, 'GET', `/${proposal.id}`)).status).toBe(404)
    const audit = await t.handle.db.execute<{ action: string }>(
      sql`select action from audit_log where entity_id = ${proposal.id} order by created_at`,
    )
    expect(audit.rows.map((r) => r.action)).toEqual([
      'proposal.create',
      'proposal.send',
      'proposal.update',
      'proposal.refuse',
      'proposal.delete',
    ])
  })
})
