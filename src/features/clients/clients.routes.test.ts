import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import type { Client, ClientList, ClientStats } from './clients.schema'
import { clients } from './clients.table.server'

let t: TestApp
let ana: string // lawyer A's cookie
let bruno: string // lawyer B, another office
let estela: string // a student: no office
let anaClient: Client

const SP = { estadoId: 35, cidadeId: 3550308 } // São Paulo/SP
const RJ_CITY = 3304557 // Rio de Janeiro/RJ

function call(method: string, path: string, cookie?: string, body?: unknown) {
  return t.app.request(`/api/clients${path}`, jsonRequest(method, body, cookie))
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

async function countClients(): Promise<number> {
  const [row] = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(clients)
  return Number(row?.n)
}

async function create(cookie: string, body: Record<string, unknown>): Promise<Client> {
  return json<Client>(await call('POST', '', cookie, body), 201)
}

const studentSignUp = () => ({
  ...lawyerSignUp(),
  userType: 'estudante' as const,
  oabNumero: undefined,
  oabEstado: undefined,
  nomeCompleto: 'Estela Estudante',
  universidade: 'USP',
  periodoCurso: 5,
})

beforeAll(async () => {
  t = await createTestApp()
  ana = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Ana Advogada' }))).cookie
  bruno = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Bruno Advogado' }))).cookie
  estela = (await signUp(t, studentSignUp() as unknown as Parameters<typeof signUp>[1])).cookie
  anaClient = await create(ana, {
    nomeCompleto: 'João da Conceição Araújo',
    email: 'Joao.Araujo@Example.com',
    telefone: '(11) 98765-4321',
    documento: '529.982.247-25',
    tipoPessoa: 'fisica',
    endereco: 'Rua das Flores, 10',
    ...SP,
    cep: '01310-100',
    dataNascimento: '1980-05-17',
    profissao: 'Engenheiro',
    observacoes: 'Indicado por Maria',
  })
})
afterAll(() => t.close())

describe('authorisation on every /api/clients route', () => {
  const routes = (id: string) =>
    [
      ['GET', ''],
      ['GET', '/stats'],
      ['GET', '/options'],
      ['GET', '/export.csv'],
      ['GET', `/${id}`],
      ['POST', '', { nomeCompleto: 'Fulano' }],
      ['PATCH', `/${id}`, { nomeCompleto: 'Fulano' }],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/restore`],
    ] as const

  it('answers 401 to an anonymous caller on every route, before any validation', async () => {
    for (const [method, path, body] of routes(anaClient.id)) {
      const response = await call(method, path, undefined, body)
      expect(response.status, `${method} ${path}`).toBe(401)
    }
    // Even a malformed body is a 401 first.
    expect((await call('POST', '', undefined, { nomeCompleto: 5 })).status).toBe(401)
  })

  it('answers 403 to a signed-in user without an office (estudante)', async () => {
    for (const [method, path, body] of routes(anaClient.id)) {
      const response = await call(method, path, estela, body)
      expect(response.status, `${method} ${path}`).toBe(403)
    }
  })

  it("answers 404 to a lawyer of another office on every route of Ana's client, and never the data", async () => {
    const before = await countClients()
    for (const [method, path, body] of routes(anaClient.id).filter(([, p]) => p.includes(anaClient.id))) {
      const response = await call(method, path, bruno, body)
      const text = await response.text()
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(text).not.toContain('Conceição')
      expect(text).not.toContain('52998224725')
    }
    expect(await countClients()).toBe(before)
    // Nothing changed for Ana: still there, same name, not deleted.
    const still = await json<Client>(await call('GET', `/${anaClient.id}`, ana))
    expect(still.nomeCompleto).toBe('João da Conceição Araújo')
  })

  it("never lists, counts, offers or exports another office's clients", async () => {
    const list = await json<ClientList>(await call('GET', '', bruno))
    expect(list).toEqual({ items: [], total: 0, totalCapped: false })
    expect(await json<ClientStats>(await call('GET', '/stats', bruno))).toEqual({
      total: 0,
      ativo: 0,
      inativo: 0,
      suspenso: 0,
    })
    expect((await json<{ items: unknown[] }>(await call('GET', '/options', bruno))).items).toEqual([])
    const csv = await (await call('GET', '/export.csv', bruno)).text()
    expect(csv).not.toContain('Conceição')
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1) // header only
  })

  it('answers 404 for an id that is not a uuid or does not exist', async () => {
    expect((await call('GET', '/nao-e-um-uuid', ana)).status).toBe(404)
    expect((await call('GET', '/00000000-0000-4000-8000-000000000000', ana)).status).toBe(404)
  })
})

describe('POST /api/clients and GET /api/clients/:id', () => {
  it('stores digits, answers formatted values, defaults tipo fisica / status ativo', async () => {
    expect(anaClient).toMatchObject({
      nomeCompleto: 'João da Conceição Araújo',
      email: 'joao.araujo@example.com',
      telefone: '(11) 98765-4321',
      documento: '529.982.247-25',
      tipoPessoa: 'fisica',
      cidadeNome: 'São Paulo',
      estadoSigla: 'SP',
      cep: '01310-100',
      dataNascimento: '1980-05-17',
      status: 'ativo',
      casesCount: 0,
    })
    const [row] = await t.handle.db.select().from(clients).where(eq(clients.id, anaClient.id))
    expect(row).toMatchObject({ telefone: '11987654321', documento: '52998224725', cep: '01310100' })
  })

  it('accepts an alphanumeric CNPJ for a pessoa jurídica and drops a birth date', async () => {
    const company = await create(ana, {
      nomeCompleto: 'Araújo Tecnologia Ltda',
      tipoPessoa: 'juridica',
      documento: '12.abc.345/01de-35',
      dataNascimento: '1990-01-01',
    })
    expect(company).toMatchObject({ documento: '12.ABC.345/01DE-35', dataNascimento: null })
  })

  it('empty optional values become null (spec §5)', async () => {
    const c = await create(ana, {
      nomeCompleto: 'Vazio de Souza',
      email: '',
      telefone: '',
      documento: '',
      cep: '',
      cidadeId: '',
      estadoId: null,
      dataNascimento: '',
    })
    expect(c).toMatchObject({ email: null, telefone: null, documento: null, cep: null, cidadeId: null })
  })

  it('takes the state from the city when only the city is sent', async () => {
    const c = await create(ana, { nomeCompleto: 'Carioca Silva', cidadeId: RJ_CITY })
    expect(c).toMatchObject({ cidadeNome: 'Rio de Janeiro', estadoSigla: 'RJ', estadoId: 33 })
  })

  it('writes an audit row (who, which client, when) for every full read', async () => {
    const before = new Date(Date.now() - 1000)
    await json<Client>(await call('GET', `/${anaClient.id}`, ana))
    const rows = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.read'), eq(auditLog.entityId, anaClient.id)))
    expect(rows.length).toBeGreaterThanOrEqual(1)
    const last = rows[rows.length - 1]
    expect(last?.actorUserId).toBeTruthy()
    expect(last?.officeId).toBeTruthy()
    expect(last?.createdAt.getTime()).toBeGreaterThan(before.getTime())
  })
})

describe('bad input → 400 with a pt-BR message and nothing written', () => {
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['missing name', { email: 'a@b.com' }, /Nome completo/],
    ['name of the wrong type', { nomeCompleto: 42 }, /Nome completo/],
    ['oversize name', { nomeCompleto: 'x'.repeat(161) }, /máximo de 160/],
    ['oversize observações', { nomeCompleto: 'Ok', observacoes: 'x'.repeat(5001) }, /máximo de 5000/],
    ['invalid e-mail', { nomeCompleto: 'Ok', email: 'nao-e-email' }, /Email inválido/],
    ['invalid phone', { nomeCompleto: 'Ok', telefone: '12345' }, /Telefone inválido/],
    ['invalid CPF', { nomeCompleto: 'Ok', documento: '111.111.111-11' }, /CPF inválido/],
    [
      'CPF for a pessoa jurídica',
      { nomeCompleto: 'Ok', tipoPessoa: 'juridica', documento: '52998224725' },
      /CNPJ inválido/,
    ],
    [
      'invalid CNPJ',
      { nomeCompleto: 'Ok', tipoPessoa: 'juridica', documento: '11.222.333/0001-80' },
      /CNPJ inválido/,
    ],
    ['unknown status', { nomeCompleto: 'Ok', status: 'bloqueado' }, /Status inválido/],
    ['unknown tipo', { nomeCompleto: 'Ok', tipoPessoa: 'empresa' }, /Tipo de pessoa/],
    ['invalid CEP', { nomeCompleto: 'Ok', cep: '123' }, /CEP inválido/],
    ['future birth date', { nomeCompleto: 'Ok', dataNascimento: '2999-01-01' }, /nascimento/],
    ['impossible date', { nomeCompleto: 'Ok', dataNascimento: '2000-02-31' }, /nascimento/],
    ['city of another state', { nomeCompleto: 'Ok', estadoId: 35, cidadeId: RJ_CITY }, /Cidade não pertence/],
    ['unknown city', { nomeCompleto: 'Ok', cidadeId: 9999999 }, /Cidade inválida/],
    ['unknown state', { nomeCompleto: 'Ok', estadoId: 99 }, /Estado inválido/],
    ['city id of the wrong type', { nomeCompleto: 'Ok', cidadeId: 'abc' }, /Cidade inválida/],
  ]
  for (const [name, body, message] of bad) {
    it(`rejects ${name} on create`, async () => {
      const before = await countClients()
      const response = await call('POST', '', ana, body)
      const error = await json<{ error: { code: string; message: string } }>(response, 400)
      expect(error.error.message).toMatch(message)
      expect(await countClients()).toBe(before)
    })
  }

  it('rejects bad PATCHes and leaves the row untouched', async () => {
    const [before] = await t.handle.db.select().from(clients).where(eq(clients.id, anaClient.id))
    for (const [, body, message] of bad.filter(([name]) => name !== 'missing name')) {
      const response = await call('PATCH', `/${anaClient.id}`, ana, body)
      const error = await json<{ error: { message: string } }>(response, 400)
      expect(error.error.message).toMatch(message)
    }
    // Changing only tipoPessoa re-checks the stored CPF against CNPJ rules.
    const tipo = await call('PATCH', `/${anaClient.id}`, ana, { tipoPessoa: 'juridica' })
    expect((await json<{ error: { message: string } }>(tipo, 400)).error.message).toMatch(/CNPJ inválido/)
    const [after] = await t.handle.db.select().from(clients).where(eq(clients.id, anaClient.id))
    expect(after).toEqual(before)
  })

  it('rejects a body that is not JSON', async () => {
    const response = await t.app.request('/api/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: ana },
      body: '{nome',
    })
    expect(response.status).toBe(400)
  })
})

describe('PATCH /api/clients/:id', () => {
  it('changes only the fields sent, status freely, and clears with null/empty', async () => {
    const c = await create(ana, {
      nomeCompleto: 'Patch Pereira',
      email: 'patch@example.com',
      profissao: 'Médico',
    })
    const updated = await json<Client>(
      await call('PATCH', `/${c.id}`, ana, { status: 'suspenso', profissao: '', telefone: '11 3456-7890' }),
    )
    expect(updated).toMatchObject({
      nomeCompleto: 'Patch Pereira',
      email: 'patch@example.com',
      status: 'suspenso',
      profissao: null,
      telefone: '(11) 3456-7890',
    })
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime())
    const back = await json<Client>(await call('PATCH', `/${c.id}`, ana, { status: 'ativo' }))
    expect(back.status).toBe('ativo')
  })

  it('switching to pessoa jurídica with a valid CNPJ clears the birth date', async () => {
    const c = await create(ana, {
      nomeCompleto: 'Virou Empresa',
      documento: '52998224725',
      dataNascimento: '1970-01-01',
    })
    const updated = await json<Client>(
      await call('PATCH', `/${c.id}`, ana, { tipoPessoa: 'juridica', documento: '11.222.333/0001-81' }),
    )
    expect(updated).toMatchObject({
      tipoPessoa: 'juridica',
      documento: '11.222.333/0001-81',
      dataNascimento: null,
    })
  })
})

describe('GET /api/clients (list, masking, search, pagination)', () => {
  let listOffice: string
  beforeAll(async () => {
    listOffice = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Lista Advogada' }))).cookie
    const people = [
      {
        nomeCompleto: 'José Antônio Gonçalves',
        email: 'jose.goncalves@gmail.com',
        telefone: '(21) 99876-1234',
        documento: '390.533.447-05',
      },
      {
        nomeCompleto: 'Maria Aparecida dos Santos',
        email: 'cida@uol.com.br',
        telefone: '(31) 3222-5566',
        documento: '111.444.777-35',
        status: 'inativo',
      },
      {
        nomeCompleto: 'Construtora Falcão Ltda',
        tipoPessoa: 'juridica',
        email: 'contato@falcao.com.br',
        documento: '11.222.333/0001-81',
      },
    ]
    for (const p of people) await create(listOffice, p)
    for (let i = 0; i < 6; i++) await create(listOffice, { nomeCompleto: `Paginado ${i}` })
    await create(listOffice, { nomeCompleto: 'Paginado 6', cidadeId: RJ_CITY })
  })

  it('lists newest first with masked contact data only', async () => {
    const list = await json<ClientList>(await call('GET', '?limit=50', listOffice))
    expect(list.total).toBe(10)
    expect(list.items[0]).toMatchObject({
      nomeCompleto: 'Paginado 6',
      cidadeNome: 'Rio de Janeiro',
      estadoSigla: 'RJ',
    })
    const jose = list.items.find((c) => c.nomeCompleto.startsWith('José'))
    expect(jose).toMatchObject({
      emailMasked: 'jo***@gmail.com',
      telefoneMasked: '(21) *****-1234',
      documentoMasked: '***.533.447-**',
      casesCount: 0,
    })
    const text = JSON.stringify(list)
    for (const secret of [
      'jose.goncalves@gmail.com',
      '21998761234',
      '99876-1234',
      '39053344705',
      '390.533.447-05',
      'cida@uol.com.br',
      '11222333000181',
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(Object.keys(jose ?? {})).not.toContain('email')
  })

  it('finds a name fragment without accents and in any case', async () => {
    const list = await json<ClientList>(
      await call('GET', `?search=${encodeURIComponent('JOSE goncal')}`, listOffice),
    )
    expect(list.items.map((c) => c.nomeCompleto)).toEqual(['José Antônio Gonçalves'])
    const falcao = await json<ClientList>(await call('GET', '?search=falcao', listOffice))
    expect(falcao.total).toBe(1)
  })

  it('finds by CPF digits (masked or not), phone digits, CNPJ and e-mail — the real values', async () => {
    const byCpf = await json<ClientList>(await call('GET', '?search=39053344705', listOffice))
    expect(byCpf.items.map((c) => c.nomeCompleto)).toEqual(['José Antônio Gonçalves'])
    const byMaskedCpf = await json<ClientList>(
      await call('GET', `?search=${encodeURIComponent('390.533')}`, listOffice),
    )
    expect(byMaskedCpf.total).toBe(1)
    const byPhone = await json<ClientList>(
      await call('GET', `?search=${encodeURIComponent('3222-5566')}`, listOffice),
    )
    expect(byPhone.items.map((c) => c.nomeCompleto)).toEqual(['Maria Aparecida dos Santos'])
    const byCnpj = await json<ClientList>(
      await call('GET', `?search=${encodeURIComponent('11.222.333/0001')}`, listOffice),
    )
    expect(byCnpj.items.map((c) => c.nomeCompleto)).toEqual(['Construtora Falcão Ltda'])
    const byEmail = await json<ClientList>(await call('GET', '?search=CIDA%40UOL', listOffice))
    expect(byEmail.total).toBe(1)
    // A search of the masked text itself finds nothing: the server searches real values.
    const masked = await json<ClientList>(
      await call('GET', `?search=${encodeURIComponent('jo***@')}`, listOffice),
    )
    expect(masked.total).toBe(0)
  })

  it('treats LIKE wildcards in the search as text', async () => {
    expect((await json<ClientList>(await call('GET', '?search=%25', listOffice))).total).toBe(0)
    expect((await json<ClientList>(await call('GET', '?search=_', listOffice))).total).toBe(0)
  })

  it('filters by status', async () => {
    const inativos = await json<ClientList>(await call('GET', '?status=inativo', listOffice))
    expect(inativos.items.map((c) => c.nomeCompleto)).toEqual(['Maria Aparecida dos Santos'])
    expect((await call('GET', '?status=bloqueado', listOffice)).status).toBe(400)
  })

  it('pages with limit/offset and keeps the total', async () => {
    const first = await json<ClientList>(await call('GET', '?limit=4&offset=0', listOffice))
    const second = await json<ClientList>(await call('GET', '?limit=4&offset=4', listOffice))
    const third = await json<ClientList>(await call('GET', '?limit=4&offset=8', listOffice))
    expect([first.total, second.total, third.total]).toEqual([10, 10, 10])
    expect([first.items.length, second.items.length, third.items.length]).toEqual([4, 4, 2])
    const ids = [...first.items, ...second.items, ...third.items].map((c) => c.id)
    expect(new Set(ids).size).toBe(10)
    for (const bad of ['?limit=0', '?limit=101', '?limit=abc', '?offset=-1']) {
      expect((await call('GET', bad, listOffice)).status, bad).toBe(400)
    }
  })

  it('counts by status in /stats and offers only active clients in /options', async () => {
    expect(await json<ClientStats>(await call('GET', '/stats', listOffice))).toEqual({
      total: 10,
      ativo: 9,
      inativo: 1,
      suspenso: 0,
    })
    const options = await json<{ items: { nomeCompleto: string }[] }>(
      await call('GET', '/options?search=maria', listOffice),
    )
    expect(options.items).toEqual([])
    const all = await json<{ items: { nomeCompleto: string }[] }>(await call('GET', '/options', listOffice))
    expect(all.items.map((o) => o.nomeCompleto)).toContain('Construtora Falcão Ltda')
    expect(all.items.map((o) => o.nomeCompleto)).not.toContain('Maria Aparecida dos Santos')
    // Alphabetical.
    expect(all.items.map((o) => o.nomeCompleto)).toEqual([...all.items.map((o) => o.nomeCompleto)].sort())
  })
})

describe('total of a large office', () => {
  it('is exact up to 10 000 and then capped with totalCapped', async () => {
    const office = (await signUp(t, lawyerSignUp())).cookie
    const me = await (await t.app.request('/api/me', { headers: { cookie: office } })).json()
    const insertMany = (n: number, prefix: string) =>
      t.handle.db.execute(
        sql`insert into clients (office_id, nome_completo) select ${me.office.id}::uuid, ${prefix} || g from generate_series(1, ${n}::int) g`,
      )
    await insertMany(10_000, 'Cliente ')
    expect(await json<ClientList>(await call('GET', '?limit=1', office))).toMatchObject({
      total: 10_000,
      totalCapped: false,
    })
    await insertMany(1, 'Último ')
    expect(await json<ClientList>(await call('GET', '?limit=1', office))).toMatchObject({
      total: 10_000,
      totalCapped: true,
    })
    // A search narrows it back to an exact number; the stats stay exact.
    expect(await json<ClientList>(await call('GET', '?search=cliente%2010000', office))).toMatchObject({
      total: 1,
      totalCapped: false,
    })
    expect((await json<ClientStats>(await call('GET', '/stats', office))).total).toBe(10_001)
    // The export is not capped: it walks every row in keyset batches, even with identical created_at.
    const lines = (await (await call('GET', '/export.csv', office)).text()).split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(10_002)
    expect(new Set(lines.slice(1).map((line) => line.split(';')[0])).size).toBe(10_001)
  })
})

describe('DELETE and restore', () => {
  it('soft-deletes (gone from list, stats and reads), reports casesCount, audits, and restores', async () => {
    const office = (await signUp(t, lawyerSignUp())).cookie
    const c = await create(office, { nomeCompleto: 'Apagado Alves' })
    const removed = await json<{ id: string; casesCount: number }>(await call('DELETE', `/${c.id}`, office))
    expect(removed).toEqual({ id: c.id, casesCount: 0 })
    expect((await json<ClientList>(await call('GET', '', office))).total).toBe(0)
    expect((await json<ClientStats>(await call('GET', '/stats', office))).total).toBe(0)
    expect((await call('GET', `/${c.id}`, office)).status).toBe(404)
    expect((await call('PATCH', `/${c.id}`, office, { nomeCompleto: 'X' })).status).toBe(404)
    expect((await call('DELETE', `/${c.id}`, office)).status).toBe(404)
    // The row is still in the table (nothing lost).
    const [row] = await t.handle.db.select().from(clients).where(eq(clients.id, c.id))
    expect(row?.deletedAt).toBeInstanceOf(Date)
    expect(row?.deletedBy).toBeTruthy()
    // Another office cannot restore it.
    expect((await call('POST', `/${c.id}/restore`, bruno)).status).toBe(404)
    const restored = await json<Client>(await call('POST', `/${c.id}/restore`, office))
    expect(restored).toMatchObject({ id: c.id, nomeCompleto: 'Apagado Alves' })
    expect((await json<ClientList>(await call('GET', '', office))).total).toBe(1)
    const actions = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, c.id))
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['client.delete', 'client.restore']))
  })
})

describe('GET /api/clients/export.csv', () => {
  it('exports Excel pt-BR CSV: BOM, ";" separator, CRLF, pt-BR header and dates, quoting, formula neutralisation', async () => {
    const office = (await signUp(t, lawyerSignUp())).cookie
    await create(office, {
      nomeCompleto: '=HYPERLINK("http://evil.example")',
      email: 'evil@example.com',
      observacoes: 'linha 1; "aspas"\nlinha 2',
      dataNascimento: '1985-12-31',
      telefone: '(11) 98765-4321',
      documento: '529.982.247-25',
      nacionalidade: 'brasileira',
      estadoCivil: 'casado',
      rg: '12.345.678-9',
      rgOrgaoEmissor: 'ssp/sp',
      ...SP,
    })
    const response = await call('GET', '/export.csv', office)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1)
    const [header, row] = text.split('\r\n')
    expect(header).toBe(
      'Nome completo;Tipo de pessoa;CPF/CNPJ;E-mail;Telefone;Endereço;Cidade;UF;CEP;Data de nascimento;Profissão;Nacionalidade;Estado civil;RG;Órgão emissor;Representante;CPF do representante;Cargo do representante;Status;Casos;Observações;Cadastrado em',
    )
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(row).toContain(';Pessoa Física;529.982.247-25;evil@example.com;(11) 98765-4321;')
    expect(row).toContain(';São Paulo;SP;')
    expect(row).toContain(';31/12/1985;;brasileira;Casado(a);12.345.678-9;SSP/SP;;;;Ativo;')
    expect(row).toContain(';Ativo;0;')
    expect(text).toContain('"linha 1; ""aspas""\nlinha 2"')
    expect(text.endsWith('\r\n')).toBe(true)
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.export'))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1)
    expect(audit?.details).toEqual({ search: null, status: 'todos' })
  })

  it('applies the list filters', async () => {
    const office = (await signUp(t, lawyerSignUp())).cookie
    await create(office, { nomeCompleto: 'Filtrado Fonseca', status: 'suspenso' })
    await create(office, { nomeCompleto: 'Outro Oliveira' })
    const text = await (await call('GET', '/export.csv?status=suspenso', office)).text()
    expect(text).toContain('Filtrado Fonseca')
    expect(text).not.toContain('Outro Oliveira')
  })
})
