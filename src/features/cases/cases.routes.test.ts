import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayISO } from '../../lib/br/dates'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import type { Client } from '../clients/clients.schema'
import { seedClients } from '../clients/clients.seed.server'
import { clients } from '../clients/clients.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type { Case, CaseList, CaseStats } from './cases.schema'
import { seedCases } from './cases.seed.server'
import { cases } from './cases.table.server'

let t: TestApp
let ana: string
let bruno: string
let estela: string
let anaClient: Client
let brunoClient: Client
let anaCase: Case

const CNJ = '0001234-71.2024.8.26.0100' // valid, TJSP
const CNJ_DIGITS = '00012347120248260100'

function call(method: string, path: string, cookie?: string, body?: unknown) {
  return t.app.request(`/api/cases${path}`, jsonRequest(method, body, cookie))
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

async function countCases(): Promise<number> {
  const [row] = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(cases)
  return Number(row?.n)
}

async function createClient(cookie: string, body: Record<string, unknown>): Promise<Client> {
  return json<Client>(await t.app.request('/api/clients', jsonRequest('POST', body, cookie)), 201)
}

async function create(cookie: string, body: Record<string, unknown>): Promise<Case> {
  return json<Case>(await call('POST', '', cookie, body), 201)
}

const studentSignUp = () => ({
  ...lawyerSignUp(),
  userType: 'estudante' as const,
  oabNumero: undefined,
  oabEstado: undefined,
  universidade: 'USP',
  periodoCurso: 5,
})

beforeAll(async () => {
  t = await createTestApp()
  ana = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Ana Advogada' }))).cookie
  bruno = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Bruno Advogado' }))).cookie
  estela = (await signUp(t, studentSignUp() as unknown as Parameters<typeof signUp>[1])).cookie
  anaClient = await createClient(ana, { nomeCompleto: 'Cliente Ativo da Ana' })
  brunoClient = await createClient(bruno, { nomeCompleto: 'Cliente do Bruno' })
  anaCase = await create(ana, {
    titulo: 'Ação de cobrança contra Fulano',
    areaJuridica: 'Civil',
    numeroProcesso: CNJ,
    descricao: 'Cobrança de aluguéis',
    valorCausa: 1234.5,
    dataInicio: '2024-03-01',
    tribunal: 'TJSP',
    vara: '3ª Vara Cível',
    clientId: anaClient.id,
  })
})
afterAll(() => t.close())

describe('authorisation on every /api/cases route', () => {
  const routes = (id: string) =>
    [
      ['GET', ''],
      ['GET', '/stats'],
      ['GET', '/export.csv'],
      ['GET', `/${id}`],
      ['POST', '', { titulo: 'X', areaJuridica: 'Civil' }],
      ['PATCH', `/${id}`, { titulo: 'X' }],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/restore`],
    ] as const

  it('answers 401 to an anonymous caller on every route', async () => {
    for (const [method, path, body] of routes(anaCase.id)) {
      expect((await call(method, path, undefined, body)).status, `${method} ${path}`).toBe(401)
    }
  })

  it('answers 403 to a signed-in user without an office (estudante)', async () => {
    for (const [method, path, body] of routes(anaCase.id)) {
      expect((await call(method, path, estela, body)).status, `${method} ${path}`).toBe(403)
    }
  })

  it('answers 403 to an office member whose level has no case access (assistente, spec §6)', async () => {
    const assistente = (await signUp(t, lawyerSignUp())).cookie
    const me = await (await t.app.request('/api/me', { headers: { cookie: assistente } })).json()
    await t.handle.db
      .update(officeMembers)
      .set({ nivelAcesso: 'assistente' })
      .where(eq(officeMembers.userId, me.user.id))
    for (const [method, path, body] of routes(anaCase.id)) {
      expect((await call(method, path, assistente, body)).status, `${method} ${path}`).toBe(403)
    }
  })

  it("answers 404 to a lawyer of another office on Ana's case, and never the data", async () => {
    const before = await countCases()
    for (const [method, path, body] of routes(anaCase.id).filter(([, p]) => p.includes(anaCase.id))) {
      const response = await call(method, path, bruno, body)
      const text = await response.text()
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(text).not.toContain('cobrança')
    }
    expect(await countCases()).toBe(before)
    expect((await json<Case>(await call('GET', `/${anaCase.id}`, ana))).titulo).toBe(
      'Ação de cobrança contra Fulano',
    )
  })

  it("never lists, counts or exports another office's cases", async () => {
    expect(await json<CaseList>(await call('GET', '', bruno))).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
    })
    expect((await json<CaseStats>(await call('GET', '/stats', bruno))).total).toBe(0)
    const csv = await (await call('GET', '/export.csv', bruno)).text()
    expect(csv).not.toContain('cobrança')
  })
})

describe('POST /api/cases', () => {
  it('stores the CNJ as 20 digits and answers it formatted with its court, money as a number', async () => {
    expect(anaCase).toMatchObject({
      titulo: 'Ação de cobrança contra Fulano',
      numeroProcesso: CNJ,
      tribunalSigla: 'TJSP',
      areaJuridica: 'Civil',
      status: 'aberto',
      valorCausa: 1234.5,
      dataInicio: '2024-03-01',
      dataConclusao: null,
      clientId: anaClient.id,
      clientNome: 'Cliente Ativo da Ana',
    })
    const [row] = await t.handle.db.select().from(cases).where(eq(cases.id, anaCase.id))
    expect(row).toMatchObject({ numeroProcesso: CNJ_DIGITS, valorCausa: '1234.50' })
  })

  it('defaults data_inicio to today (São Paulo) and turns empty values into null (spec §5)', async () => {
    const c = await create(ana, {
      titulo: 'Sem extras',
      areaJuridica: 'Família',
      valorCausa: '',
      clientId: '',
      dataConclusao: '',
      dataInicio: '',
      numeroProcesso: '',
    })
    expect(c).toMatchObject({
      dataInicio: todayISO(),
      valorCausa: null,
      clientId: null,
      clientNome: null,
      dataConclusao: null,
      numeroProcesso: null,
      tribunalSigla: null,
    })
  })

  it('accepts pt-BR money text and rounds to centavos', async () => {
    const c = await create(ana, { titulo: 'Valor texto', areaJuridica: 'Penal', valorCausa: 'R$ 1.234,567' })
    expect(c.valorCausa).toBe(1234.57)
  })
})

describe('client link rules', () => {
  it("rejects another office's client id with 400 'Cliente inválido.' and writes nothing", async () => {
    const before = await countCases()
    const response = await call('POST', '', ana, {
      titulo: 'X',
      areaJuridica: 'Civil',
      clientId: brunoClient.id,
    })
    const error = await json<{ error: { message: string; fields: Record<string, string> } }>(response, 400)
    expect(error.error.message).toBe('Cliente inválido.')
    expect(error.error.fields).toEqual({ clientId: 'Cliente inválido.' })
    expect(await countCases()).toBe(before)
    const patch = await call('PATCH', `/${anaCase.id}`, ana, { clientId: brunoClient.id })
    expect(patch.status).toBe(400)
    const [row] = await t.handle.db.select().from(cases).where(eq(cases.id, anaCase.id))
    expect(row?.clientId).toBe(anaClient.id)
  })

  it('rejects an inactive, a deleted or an unknown client', async () => {
    const inactive = await createClient(ana, { nomeCompleto: 'Inativo', status: 'inativo' })
    const deleted = await createClient(ana, { nomeCompleto: 'Apagado' })
    await t.app.request(`/api/clients/${deleted.id}`, jsonRequest('DELETE', undefined, ana))
    for (const clientId of [inactive.id, deleted.id, '00000000-0000-4000-8000-000000000000', 'nao-uuid']) {
      const before = await countCases()
      const response = await call('POST', '', ana, { titulo: 'X', areaJuridica: 'Civil', clientId })
      expect((await json<{ error: { message: string } }>(response, 400)).error.message).toMatch(
        'Cliente inválido.',
      )
      expect(await countCases()).toBe(before)
    }
  })

  it('deleting a client keeps its cases, their link and the client name; the delete reports casesCount', async () => {
    const client = await createClient(ana, { nomeCompleto: 'Cliente Com Casos' })
    const c1 = await create(ana, { titulo: 'Caso 1', areaJuridica: 'Civil', clientId: client.id })
    await create(ana, { titulo: 'Caso 2', areaJuridica: 'Penal', clientId: client.id })
    // The client list and the full record count the client's cases; the case list names the client.
    const clientList = await json<{ items: { id: string; casesCount: number }[] }>(
      await t.app.request('/api/clients?search=com%20casos', { headers: { cookie: ana } }),
    )
    expect(clientList.items.find((c) => c.id === client.id)?.casesCount).toBe(2)
    const full = await json<Client>(
      await t.app.request(`/api/clients/${client.id}`, { headers: { cookie: ana } }),
    )
    expect(full.casesCount).toBe(2)
    const caseList = await json<CaseList>(await call('GET', '?search=caso%201', ana))
    expect(caseList.items.find((c) => c.id === c1.id)?.clientNome).toBe('Cliente Com Casos')
    const removed = await json<{ casesCount: number }>(
      await t.app.request(`/api/clients/${client.id}`, jsonRequest('DELETE', undefined, ana)),
    )
    expect(removed.casesCount).toBe(2)
    const kept = await json<Case>(await call('GET', `/${c1.id}`, ana))
    expect(kept).toMatchObject({ clientId: client.id, clientNome: 'Cliente Com Casos' })
    // Editing the case without touching the link still works.
    expect((await call('PATCH', `/${c1.id}`, ana, { status: 'andamento' })).status).toBe(200)
  })
})

describe('bad input → 400 with a pt-BR message and nothing written', () => {
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['missing title', { areaJuridica: 'Civil' }, /Título/],
    ['missing area', { titulo: 'X' }, /área jurídica/],
    ['unknown area', { titulo: 'X', areaJuridica: 'Espacial' }, /área jurídica/],
    ['title of the wrong type', { titulo: ['X'], areaJuridica: 'Civil' }, /Título/],
    ['oversize title', { titulo: 'x'.repeat(201), areaJuridica: 'Civil' }, /máximo de 200/],
    [
      'oversize observações',
      { titulo: 'X', areaJuridica: 'Civil', observacoes: 'x'.repeat(5001) },
      /máximo de 5000/,
    ],
    [
      'invalid CNJ check digits',
      { titulo: 'X', areaJuridica: 'Civil', numeroProcesso: '0001234-72.2024.8.26.0100' },
      /processo inválido/,
    ],
    [
      'CNJ of an unknown court',
      { titulo: 'X', areaJuridica: 'Civil', numeroProcesso: '1234567' },
      /processo inválido/,
    ],
    ['unknown status', { titulo: 'X', areaJuridica: 'Civil', status: 'pendente' }, /Status inválido/],
    ['negative value', { titulo: 'X', areaJuridica: 'Civil', valorCausa: -1 }, /negativo/],
    ['value above numeric(14,2)', { titulo: 'X', areaJuridica: 'Civil', valorCausa: 1e13 }, /limite/],
    [
      'value that is not money',
      { titulo: 'X', areaJuridica: 'Civil', valorCausa: 'muito' },
      /Valor da causa inválido/,
    ],
    [
      'conclusion before start',
      { titulo: 'X', areaJuridica: 'Civil', dataInicio: '2024-05-10', dataConclusao: '2024-05-09' },
      /anterior à data de início/,
    ],
    [
      'impossible date',
      { titulo: 'X', areaJuridica: 'Civil', dataInicio: '2024-02-30' },
      /Data de início inválida/,
    ],
  ]
  for (const [name, body, message] of bad) {
    it(`rejects ${name} on create`, async () => {
      const before = await countCases()
      const error = await json<{ error: { message: string } }>(await call('POST', '', ana, body), 400)
      expect(error.error.message).toMatch(message)
      expect(await countCases()).toBe(before)
    })
  }

  it('rejects bad PATCHes, including a conclusion before the stored start, and leaves the row untouched', async () => {
    const [before] = await t.handle.db.select().from(cases).where(eq(cases.id, anaCase.id))
    for (const [name, body, message] of bad.filter(([n]) => !n.startsWith('missing'))) {
      const error = await json<{ error: { message: string } }>(
        await call('PATCH', `/${anaCase.id}`, ana, body),
        400,
      )
      expect(error.error.message, name).toMatch(message)
    }
    const early = await call('PATCH', `/${anaCase.id}`, ana, { dataConclusao: '2024-02-28' })
    expect((await json<{ error: { message: string } }>(early, 400)).error.message).toMatch(/anterior/)
    const late = await call('PATCH', `/${anaCase.id}`, ana, {
      dataInicio: '2025-01-01',
      dataConclusao: '2024-12-31',
    })
    expect(late.status).toBe(400)
    const [after] = await t.handle.db.select().from(cases).where(eq(cases.id, anaCase.id))
    expect(after).toEqual(before)
  })
})

describe('PATCH, DELETE and restore', () => {
  it('moves between any statuses freely (no transitions) and clears optional fields', async () => {
    const c = await create(ana, { titulo: 'Status livre', areaJuridica: 'Trabalhista', valorCausa: 10 })
    for (const status of ['arquivado', 'aberto', 'concluido', 'andamento', 'aberto']) {
      expect((await json<Case>(await call('PATCH', `/${c.id}`, ana, { status }))).status).toBe(status)
    }
    const cleared = await json<Case>(
      await call('PATCH', `/${c.id}`, ana, { valorCausa: '', descricao: null }),
    )
    expect(cleared).toMatchObject({ valorCausa: null, descricao: null, titulo: 'Status livre' })
  })

  it('soft-deletes, hides, audits and restores', async () => {
    const c = await create(ana, { titulo: 'Para apagar', areaJuridica: 'Ambiental' })
    expect(await json(await call('DELETE', `/${c.id}`, ana))).toEqual({ id: c.id })
    expect((await call('GET', `/${c.id}`, ana)).status).toBe(404)
    const list = await json<CaseList>(await call('GET', '?search=apagar', ana))
    expect(list.total).toBe(0)
    expect((await call('POST', `/${c.id}/restore`, bruno)).status).toBe(404)
    expect((await json<Case>(await call('POST', `/${c.id}/restore`, ana))).titulo).toBe('Para apagar')
    expect((await json<CaseList>(await call('GET', '?search=apagar', ana))).total).toBe(1)
    const actions = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, c.id))
      .orderBy(auditLog.createdAt)
    expect(actions.map((a) => a.action)).toEqual(['case.create', 'case.delete', 'case.restore'])
  })
})

describe('GET /api/cases (search, filter, pagination, stats) on seeded data', () => {
  let office: string
  let seededCnj: string
  beforeAll(async () => {
    office = (await signUp(t, lawyerSignUp())).cookie
    const me = await (await t.app.request('/api/me', { headers: { cookie: office } })).json()
    const clientIds = await seedClients(t.handle.db, {
      officeId: me.office.id,
      createdBy: me.user.id,
      count: 120,
      batchSize: 50,
    })
    await seedCases(t.handle.db, {
      officeId: me.office.id,
      createdBy: me.user.id,
      count: 150,
      clientIds,
      batchSize: 60,
    })
    await create(office, {
      titulo: 'Usucapião do sítio São José',
      areaJuridica: 'Civil',
      numeroProcesso: CNJ,
    })
    const [row] = await t.handle.db
      .select({ n: cases.numeroProcesso })
      .from(cases)
      .where(
        sql`${cases.officeId} = ${me.office.id} and ${cases.numeroProcesso} is not null and ${cases.numeroProcesso} <> ${CNJ_DIGITS}`,
      )
      .limit(1)
    seededCnj = row?.n ?? ''
  })

  it('seeds valid rows that the list shows newest first with client names', async () => {
    const list = await json<CaseList>(await call('GET', '?limit=100', office))
    expect(list.total).toBe(151)
    expect(list.items).toHaveLength(100)
    expect(list.items[0]?.titulo).toBe('Usucapião do sítio São José')
    const dates = list.items.map((c) => c.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(list.items.some((c) => c.clientNome !== null)).toBe(true)
    const seededClients = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(clients)
    expect(Number(seededClients[0]?.n)).toBeGreaterThanOrEqual(120)
  })

  it('finds by title words without accents, by process number (digits or formatted) and by area', async () => {
    const byTitle = await json<CaseList>(
      await call('GET', `?search=${encodeURIComponent('USUCAPIAO sitio')}`, office),
    )
    expect(byTitle.items.map((c) => c.titulo)).toEqual(['Usucapião do sítio São José'])
    const byDigits = await json<CaseList>(await call('GET', `?search=${CNJ_DIGITS.slice(0, 9)}`, office))
    expect(byDigits.items.map((c) => c.numeroProcesso)).toContain(CNJ)
    const byFormatted = await json<CaseList>(await call('GET', `?search=${encodeURIComponent(CNJ)}`, office))
    expect(byFormatted.items.map((c) => c.titulo)).toEqual(['Usucapião do sítio São José'])
    const bySeeded = await json<CaseList>(await call('GET', `?search=${seededCnj}`, office))
    expect(bySeeded.total).toBeGreaterThanOrEqual(1)
    const byArea = await json<CaseList>(await call('GET', '?search=tributario&limit=100', office))
    expect(byArea.total).toBeGreaterThan(0)
    expect(byArea.items.every((c) => c.areaJuridica === 'Tributário' || /tribut/i.test(c.titulo))).toBe(true)
  })

  it('filters by status, pages, and counts stats with the value total', async () => {
    const stats = await json<CaseStats>(await call('GET', '/stats', office))
    expect(stats.total).toBe(151)
    expect(stats.aberto + stats.andamento + stats.concluido + stats.arquivado).toBe(151)
    const [sum] = await t.handle.db
      .select({ v: sql<string>`coalesce(sum(${cases.valorCausa}), 0)::text` })
      .from(cases)
      .where(
        sql`${cases.officeId} = (select office_id from cases where titulo = 'Usucapião do sítio São José')`,
      )
    expect(stats.valorTotal).toBeCloseTo(Number(sum?.v), 2)
    const concluidos = await json<CaseList>(await call('GET', '?status=concluido&limit=100', office))
    expect(concluidos.total).toBe(stats.concluido)
    expect(concluidos.items.every((c) => c.status === 'concluido' && c.dataConclusao !== null)).toBe(true)
    const page2 = await json<CaseList>(await call('GET', '?limit=50&offset=150', office))
    expect(page2.items).toHaveLength(1)
  })
})

describe('GET /api/cases/export.csv', () => {
  it('exports Excel pt-BR CSV with R$ values and dd/mm/aaaa dates, neutralising formulas', async () => {
    const office = (await signUp(t, lawyerSignUp())).cookie
    const client = await createClient(office, { nomeCompleto: 'Cliente; "Aspas"' })
    await create(office, {
      titulo: '@SUM(A1:A9)',
      areaJuridica: 'Previdenciário',
      numeroProcesso: CNJ,
      valorCausa: 1234567.8,
      dataInicio: '2024-01-15',
      dataConclusao: '2024-12-20',
      status: 'concluido',
      clientId: client.id,
    })
    const response = await call('GET', '/export.csv', office)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, row] = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n')
    expect(header).toBe(
      'Título;Número do processo;Tribunal (CNJ);Área jurídica;Status;Valor da causa;Data de início;Data de conclusão;Cliente;Tribunal;Vara;Descrição;Observações;Cadastrado em',
    )
    expect(
      row?.startsWith(
        `'@SUM(A1:A9);${CNJ};TJSP;Previdenciário;Concluído;R$\u00a01.234.567,80;15/01/2024;20/12/2024;"Cliente; ""Aspas""";`,
      ),
    ).toBe(true)
  })
})
