import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidCep } from '../../lib/br/cep'
import { isValidCnj } from '../../lib/br/cnj'
import { isIsoDate } from '../../lib/br/dates'
import { isValidPhone } from '../../lib/br/phone'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { CASE_AREAS, CASE_STATUSES, type Case } from '../cases/cases.schema'
import { cases } from '../cases/cases.table.server'
import { CLIENT_STATUSES, TIPOS_PESSOA, normalizeDocumento, type Client } from './clients.schema'
import { clients } from './clients.table.server'

// Random bodies thrown at create/update of clients and cases: the server must never answer 5xx, and
// either accept a body into a valid record or refuse it (4xx) without writing anything.

let t: TestApp
let ana: string
let bruno: string
let anaClientId: string
let brunoClientId: string
let anaCaseId: string

const NUM_RUNS = 100

async function count(table: typeof clients | typeof cases): Promise<number> {
  const [row] = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(table)
  return Number(row?.n)
}

/** A field that is sometimes valid, sometimes plausible-but-wrong, sometimes junk of any JSON type. */
/** Any JSON junk: wrong types, blanks, oversize text (built in one go: a long fc.string is slow). */
const junk = fc.oneof(
  fc.constantFrom('', null, ' ', 0, -1, true, [], {}, '1e400', 'NaN', 'x'.repeat(5001)),
  fc.string({ maxLength: 40 }),
  fc.nat({ max: 5000 }).map((n) => 'x'.repeat(161 + n)),
  fc.anything({ maxDepth: 2 }),
)

const day = (min: string, max: string) =>
  fc
    .date({ min: new Date(min), max: new Date(max), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10))

const text = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((v) => v.trim() !== '')

/**
 * Valid bodies, the same with ONE field replaced by junk, bodies of junk fields, and things that are not
 * objects at all — so that both outcomes (accepted / refused) are exercised on every run.
 */
function bodies(valid: fc.Arbitrary<Record<string, unknown>>, keys: readonly string[]) {
  const oneBadField = fc
    .tuple(valid, fc.constantFrom(...keys), junk)
    .map(([body, key, value]) => ({ ...body, [key]: value }))
  const allJunk = fc.dictionary(fc.constantFrom(...keys), junk, { maxKeys: keys.length })
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 4, arbitrary: oneBadField },
    { weight: 1, arbitrary: allJunk },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
  )
}

const CLIENT_KEYS = [
  'nomeCompleto',
  'email',
  'telefone',
  'documento',
  'tipoPessoa',
  'endereco',
  'cidadeId',
  'estadoId',
  'cep',
  'dataNascimento',
  'profissao',
  'observacoes',
  'status',
] as const

const validClient = fc
  .tuple(
    fc.record(
      {
        nomeCompleto: text(160),
        email: fc.oneof(fc.constant(''), fc.constantFrom('joao@example.com', 'Maria.Silva@Empresa.com.br')),
        telefone: fc.constantFrom('', '(11) 98765-4321', '11 3456-7890', '+55 21 99876-1234'),
        endereco: fc.string({ maxLength: 300 }),
        cep: fc.constantFrom('', '01310-100', '20040002'),
        dataNascimento: fc.oneof(fc.constant(''), day('1900-01-01', '2020-12-31')),
        profissao: fc.string({ maxLength: 120 }),
        observacoes: fc.string({ maxLength: 80 }),
        status: fc.constantFrom(...CLIENT_STATUSES),
      },
      { requiredKeys: ['nomeCompleto'] },
    ),
    fc.constantFrom(
      { tipoPessoa: 'fisica', documento: '529.982.247-25' },
      { tipoPessoa: 'fisica', documento: '' },
      { tipoPessoa: 'juridica', documento: '11.222.333/0001-81' },
      { tipoPessoa: 'juridica', documento: '12ABC34501DE35' },
      {},
    ),
    fc.constantFrom(
      { cidadeId: 3550308, estadoId: 35 },
      { cidadeId: '3304557', estadoId: '33' },
      { cidadeId: 3304557 },
      { cidadeId: '', estadoId: '' },
      {},
    ),
  )
  .map(([fields, doc, place]) => ({ ...fields, ...doc, ...place }) as Record<string, unknown>)

const CASE_KEYS = [
  'titulo',
  'areaJuridica',
  'numeroProcesso',
  'descricao',
  'status',
  'valorCausa',
  'dataInicio',
  'dataConclusao',
  'tribunal',
  'vara',
  'observacoes',
  'clientId',
] as const

const validCase = fc
  .tuple(
    fc.record(
      {
        titulo: text(200),
        areaJuridica: fc.constantFrom(...CASE_AREAS),
        numeroProcesso: fc.constantFrom('', '0001234-71.2024.8.26.0100', '00012347120248260100'),
        descricao: fc.string({ maxLength: 80 }),
        status: fc.constantFrom(...CASE_STATUSES),
        valorCausa: fc.oneof(
          fc.constant(''),
          fc.double({ min: 0, max: 1e11, noNaN: true }),
          fc.constantFrom('1.234,56', 'R$ 10,00'),
        ),
        tribunal: fc.string({ maxLength: 120 }),
        vara: fc.string({ maxLength: 120 }),
        observacoes: fc.string({ maxLength: 80 }),
        clientId: fc.constantFrom('', null, 'ANA'),
      },
      { requiredKeys: ['titulo', 'areaJuridica'] },
    ),
    fc.tuple(day('2000-01-01', '2030-12-31'), day('2000-01-01', '2030-12-31'), fc.boolean()),
  )
  .map(([fields, [a, b, withEnd]]) => {
    const [start, end] = a <= b ? [a, b] : [b, a]
    return { ...fields, dataInicio: start, ...(withEnd && { dataConclusao: end }) } as Record<string, unknown>
  })

/** 'ANA' stands for Ana's client id, known only once beforeAll ran. */
const withIds = (body: unknown) =>
  body !== null && typeof body === 'object' && (body as Record<string, unknown>).clientId === 'ANA'
    ? { ...body, clientId: anaClientId }
    : body

const clientBodies = () => bodies(validClient, CLIENT_KEYS)
const caseBodies = () =>
  fc.oneof(
    { weight: 9, arbitrary: bodies(validCase, CASE_KEYS) },
    // Another office's client, on an otherwise valid body: always refused.
    { weight: 1, arbitrary: validCase.map((body) => ({ ...body, clientId: 'BRUNO' })) },
  )

function expectValidClient(c: Client) {
  expect(typeof c.id).toBe('string')
  expect(c.nomeCompleto.trim().length).toBeGreaterThan(0)
  expect(c.nomeCompleto.length).toBeLessThanOrEqual(160)
  expect(CLIENT_STATUSES).toContain(c.status)
  expect(TIPOS_PESSOA).toContain(c.tipoPessoa)
  if (c.telefone !== null) expect(isValidPhone(c.telefone)).toBe(true)
  if (c.documento !== null) expect(normalizeDocumento(c.tipoPessoa, c.documento)).not.toBeNull()
  if (c.cep !== null) expect(isValidCep(c.cep)).toBe(true)
  if (c.dataNascimento !== null) expect(c.tipoPessoa).toBe('fisica')
  if (c.cidadeId !== null) expect(c.estadoId).not.toBeNull()
}

function expectValidCase(c: Case) {
  expect(c.titulo.trim().length).toBeGreaterThan(0)
  expect(CASE_AREAS).toContain(c.areaJuridica)
  expect(CASE_STATUSES).toContain(c.status)
  if (c.numeroProcesso !== null) expect(isValidCnj(c.numeroProcesso)).toBe(true)
  if (c.valorCausa !== null) expect(c.valorCausa).toBeGreaterThanOrEqual(0)
  expect(isIsoDate(c.dataInicio)).toBe(true)
  if (c.dataConclusao !== null) expect(c.dataConclusao >= c.dataInicio).toBe(true)
  if (c.clientId !== null) expect(c.clientId).toBe(anaClientId)
}

beforeAll(async () => {
  t = await createTestApp()
  ana = (await signUp(t, lawyerSignUp())).cookie
  bruno = (await signUp(t, lawyerSignUp())).cookie
  const post = async (path: string, cookie: string, body: unknown) =>
    ((await (await t.app.request(path, jsonRequest('POST', body, cookie))).json()) as { id: string }).id
  anaClientId = await post('/api/clients', ana, { nomeCompleto: 'Ana Cliente' })
  brunoClientId = await post('/api/clients', bruno, { nomeCompleto: 'Bruno Cliente' })
  anaCaseId = await post('/api/cases', ana, {
    titulo: 'Caso base',
    areaJuridica: 'Civil',
    dataInicio: '2000-01-01',
  })
})
afterAll(() => t.close())

/** Both outcomes must have happened, or the property proved nothing about one of them. */
function expectBothOutcomes(outcomes: { ok: number; refused: number }) {
  expect(outcomes.ok).toBeGreaterThan(NUM_RUNS / 20)
  expect(outcomes.refused).toBeGreaterThan(NUM_RUNS / 20)
}

describe('random bodies never cause a 5xx or a partial write', () => {
  it('POST /api/clients', async () => {
    const outcomes = { ok: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(clientBodies(), async (body) => {
        const before = await count(clients)
        const response = await t.app.request('/api/clients', jsonRequest('POST', body, ana))
        expect(response.status).toBeLessThan(500)
        outcomes[response.ok ? 'ok' : 'refused']++
        if (response.ok) {
          expect(response.status).toBe(201)
          expectValidClient((await response.json()) as Client)
          expect(await count(clients)).toBe(before + 1)
        } else {
          expect(response.status).toBe(400)
          expect(((await response.json()) as { error: { message: string } }).error.message).toBeTruthy()
          expect(await count(clients)).toBe(before)
        }
      }),
      { numRuns: NUM_RUNS },
    )
    expectBothOutcomes(outcomes)
  })

  it('PATCH /api/clients/:id', async () => {
    const outcomes = { ok: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(clientBodies(), async (body) => {
        const [before] = await t.handle.db.select().from(clients).where(eq(clients.id, anaClientId))
        const response = await t.app.request(`/api/clients/${anaClientId}`, jsonRequest('PATCH', body, ana))
        expect(response.status).toBeLessThan(500)
        outcomes[response.ok ? 'ok' : 'refused']++
        if (response.ok) {
          expectValidClient((await response.json()) as Client)
        } else {
          expect(response.status).toBe(400)
          const [after] = await t.handle.db.select().from(clients).where(eq(clients.id, anaClientId))
          expect(after).toEqual(before)
        }
      }),
      { numRuns: NUM_RUNS },
    )
    expectBothOutcomes(outcomes)
  })

  it('POST /api/cases', async () => {
    const outcomes = { ok: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(caseBodies(), async (raw) => {
        const body = withIds(raw) as unknown
        if ((body as { clientId?: unknown } | null)?.clientId === 'BRUNO')
          (body as Record<string, unknown>).clientId = brunoClientId
        const before = await count(cases)
        const response = await t.app.request('/api/cases', jsonRequest('POST', body, ana))
        expect(response.status).toBeLessThan(500)
        outcomes[response.ok ? 'ok' : 'refused']++
        if (response.ok) {
          expect(response.status).toBe(201)
          expectValidCase((await response.json()) as Case)
          expect(await count(cases)).toBe(before + 1)
        } else {
          expect(response.status).toBe(400)
          expect(await count(cases)).toBe(before)
        }
      }),
      { numRuns: NUM_RUNS },
    )
    expectBothOutcomes(outcomes)
  })

  it('PATCH /api/cases/:id', async () => {
    const outcomes = { ok: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(caseBodies(), async (raw) => {
        const body = withIds(raw) as unknown
        if ((body as { clientId?: unknown } | null)?.clientId === 'BRUNO')
          (body as Record<string, unknown>).clientId = brunoClientId
        // The anchor client may have been made inactive by the client PATCH run; keep it linkable.
        await t.handle.db.update(clients).set({ status: 'ativo' }).where(eq(clients.id, anaClientId))
        const [before] = await t.handle.db.select().from(cases).where(eq(cases.id, anaCaseId))
        const response = await t.app.request(`/api/cases/${anaCaseId}`, jsonRequest('PATCH', body, ana))
        expect(response.status).toBeLessThan(500)
        outcomes[response.ok ? 'ok' : 'refused']++
        if (response.ok) {
          expectValidCase((await response.json()) as Case)
        } else {
          expect(response.status).toBe(400)
          const [after] = await t.handle.db.select().from(cases).where(eq(cases.id, anaCaseId))
          expect(after).toEqual(before)
        }
      }),
      { numRuns: NUM_RUNS },
    )
    expectBothOutcomes(outcomes)
  })
})

describe('live counters (crm_counters) after all those random writes', () => {
  it('match an aggregate of the rows themselves, for clients and cases', async () => {
    // Some deletes and restores on top, then compare.
    const del = (path: string) => t.app.request(path, jsonRequest('DELETE', undefined, ana))
    const restore = (path: string) => t.app.request(`${path}/restore`, jsonRequest('POST', undefined, ana))
    await del(`/api/cases/${anaCaseId}`)
    await del(`/api/clients/${anaClientId}`)
    await restore(`/api/clients/${anaClientId}`)
    const [clientRow] = await t.handle.db
      .select({
        total: sql<number>`count(*)::int`,
        ativo: sql<number>`(count(*) filter (where status = 'ativo'))::int`,
        inativo: sql<number>`(count(*) filter (where status = 'inativo'))::int`,
        suspenso: sql<number>`(count(*) filter (where status = 'suspenso'))::int`,
      })
      .from(clients)
      .where(
        sql`office_id = (select office_id from clients where id = ${anaClientId}) and deleted_at is null`,
      )
    const clientStats = await (await t.app.request('/api/clients/stats', { headers: { cookie: ana } })).json()
    expect(clientStats).toEqual(clientRow)
    const [caseRow] = await t.handle.db
      .select({
        total: sql<number>`count(*)::int`,
        aberto: sql<number>`(count(*) filter (where status = 'aberto'))::int`,
        andamento: sql<number>`(count(*) filter (where status = 'andamento'))::int`,
        concluido: sql<number>`(count(*) filter (where status = 'concluido'))::int`,
        arquivado: sql<number>`(count(*) filter (where status = 'arquivado'))::int`,
        valorTotal: sql<string>`coalesce(sum(valor_causa), 0)::text`,
      })
      .from(cases)
      .where(
        sql`office_id = (select office_id from clients where id = ${anaClientId}) and deleted_at is null`,
      )
    const caseStats = await (await t.app.request('/api/cases/stats', { headers: { cookie: ana } })).json()
    expect(caseStats).toEqual({ ...caseRow, valorTotal: Number(caseRow?.valorTotal) })
    expect(caseStats.total).toBeGreaterThan(10)
  })

  it('survive an office being deleted with its clients and cases (cascade)', async () => {
    const [row] = await t.handle.db
      .execute<{ office_id: string }>(sql`select office_id from clients where id = ${brunoClientId}`)
      .then((r) => r.rows)
    await t.handle.db.execute(sql`delete from offices where id = ${row?.office_id}::uuid`)
    const left = await t.handle.db.execute<{ n: string }>(
      sql`select coalesce(sum(n), 0)::text as n from crm_counters where office_id = ${row?.office_id}::uuid`,
    )
    expect(Number(left.rows[0]?.n)).toBe(0)
  })
})
