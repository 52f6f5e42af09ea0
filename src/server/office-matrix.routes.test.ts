import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../features/auth/auth.table.server'
import type { SignUpInput } from '../features/auth/auth.schema'
import type { Case } from '../features/cases/cases.schema'
import { officeMembers } from '../features/offices/offices.table.server'
import { publications } from '../features/publications/publications.table.server'
import { NIVEIS_ACESSO, type NivelAcesso } from '../features/offices/offices.schema'
import { can, type Capability } from '../features/offices/permissions'
import {
  BY_PREFIX,
  NOT_OFFICE_PREFIXES,
  capabilityOf,
  fill,
  isOfficeRoute,
  mountedOperations,
  type Operation,
} from './office-routes.testing'
import { jsonRequest, lawyerSignUp, signUp } from '../test/accounts'
import { createTestApp, type TestApp } from '../test/test-app'

/**
 * THE generated matrix test (issue 10): every route the API app mounts × every team level × own/other
 * office, against spec §6 as features/offices/permissions.ts states it.
 *
 * - A route is an OFFICE route unless it is listed below as user-scoped or public. Every office route must
 *   answer 403 to a signed-in person with no office: so a new route mounted without requireOffice fails
 *   here, by name.
 * - Every office route needs its capability in CAPABILITY (by prefix, or by operation): a route nobody
 *   classified fails here, by name.
 * - For each level, a route whose capability the level lacks answers exactly 403; one it has never answers
 *   401/403/5xx. With another office's row in the path, it answers 404 (or 400 when the body is checked
 *   first): never that row.
 */

const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

let t: TestApp
const cookies = {} as Record<NivelAcesso | 'semEscritorio', string>
/** Rows of the OTHER office, by route prefix. */
const otherIds: Record<string, string> = {}

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

async function officeIdOf(userId: string): Promise<string> {
  const [row] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, userId))
  if (!row) throw new Error('no office')
  return row.officeId
}

function call(op: Operation, cookie: string, ids: Record<string, string> = {}) {
  const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {}
  return t.app.request(fill(op.path, ids), jsonRequest(op.method, body, cookie))
}

const ops = mountedOperations()
const officeOps = ops.filter(isOfficeRoute)

beforeAll(async () => {
  t = await createTestApp()
  const socio = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  cookies.socio = socio.cookie
  const officeId = await officeIdOf(await userIdOf(socio.email))
  for (const nivel of ['associado', 'estagiario', 'assistente'] as const) {
    const account = await signUp(t, student(`Membro ${nivel}`))
    await t.handle.db
      .insert(officeMembers)
      .values({ officeId, userId: await userIdOf(account.email), nivelAcesso: nivel })
    cookies[nivel] = account.cookie
  }
  cookies.semEscritorio = (await signUp(t, student('Sem Escritório'))).cookie

  // The other office, with a client and a case of its own.
  const other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otávio Outro' }))
  const client = await t.app.request(
    '/api/clients',
    jsonRequest('POST', { nomeCompleto: 'Cliente do Outro' }, other.cookie),
  )
  expect(client.status).toBe(201)
  otherIds['/api/clients'] = ((await client.json()) as { id: string }).id
  const kase = await t.app.request(
    '/api/cases',
    jsonRequest('POST', { titulo: 'Caso do Outro', areaJuridica: 'Civil' }, other.cookie),
  )
  expect(kase.status).toBe(201)
  otherIds['/api/cases'] = ((await kase.json()) as Case).id
  const entry = await t.app.request(
    '/api/financial/entries',
    jsonRequest(
      'POST',
      {
        tipo: 'receita',
        categoria: 'honorarios',
        descricao: 'Do Outro',
        valor: '10',
        dataVencimento: '2030-01-02',
      },
      other.cookie,
    ),
  )
  expect(entry.status).toBe(201)
  otherIds['/api/financial'] = ((await entry.json()) as { items: { id: string }[] }).items[0]?.id ?? ''
  // A communication the other office received (issue 27).
  const [publication] = await t.handle.db
    .insert(publications)
    .values({
      officeId: await officeIdOf(await userIdOf(other.email)),
      djenId: 1,
      hash: 'abc',
      dataDisponibilizacao: '2030-01-02',
      siglaTribunal: 'TJSP',
      textoHtml: 'Intimação',
      textoPlain: 'Intimação',
    })
    .returning({ id: publications.id })
  otherIds['/api/publications'] = publication?.id ?? ''
  // A template of the other office (issue 25): its first list seeds the five starting ones.
  const templates = await t.app.request('/api/templates', jsonRequest('GET', undefined, other.cookie))
  otherIds['/api/templates'] = ((await templates.json()) as { items: { id: string }[] }).items[0]?.id ?? ''
})
afterAll(() => t.close())

describe('the office route matrix (generated from the mounted routes)', () => {
  it('finds the office routes of every module', () => {
    const keys = officeOps.map((op) => op.key)
    for (const key of ['GET /api/clients', 'GET /api/cases/:id', 'DELETE /api/cases/:id', 'GET /api/team']) {
      expect(keys).toContain(key)
    }
    expect(officeOps.length).toBeGreaterThan(40)
  })

  it('knows every mounted route: an office route or a listed user/public one', () => {
    const unknown = ops.filter(
      (op) =>
        !isOfficeRoute(op) &&
        !NOT_OFFICE_PREFIXES.some((prefix) => op.path === prefix || op.path.startsWith(prefix)) &&
        // The reference data (states, cities) is mounted at the API root for every visitor.
        !/^\/api\/(estados|cidades|municipios|ufs|reference)/.test(op.path),
    )
    expect(unknown.map((op) => op.key)).toEqual([])
  })

  it('classifies every office route under a capability of the matrix', () => {
    expect(officeOps.filter((op) => capabilityOf(op) === undefined).map((op) => op.key)).toEqual([])
  })

  it('guards every office route with requireOffice: a person with no office gets 403', async () => {
    const open: string[] = []
    for (const op of officeOps) {
      const response = await call(op, cookies.semEscritorio)
      if (response.status !== 403) open.push(`${op.key} → ${response.status}`)
    }
    expect(open).toEqual([])
  })

  for (const nivel of NIVEIS_ACESSO) {
    it(`${nivel}: 403 exactly where the matrix denies; never another office's row`, async () => {
      const wrong: string[] = []
      for (const op of officeOps) {
        const capability = capabilityOf(op) as Capability
        const allowed = can(nivel, capability)
        // Own office (no row: the route's list, or an unknown id).
        const own = await call(op, cookies[nivel])
        const ownOk = allowed
          ? own.status !== 401 && own.status !== 403 && own.status < 500
          : own.status === 403
        if (!ownOk) wrong.push(`${op.key} own → ${own.status} (${capability}: ${allowed ? 'allow' : 'deny'})`)
        // Another office's row in the path: 404 (a checked body may answer 400 first), never 2xx.
        if (op.path.includes(':id') && otherIds[capabilityPrefix(op)]) {
          const other = await call(op, cookies[nivel], otherIds)
          const otherOk = allowed ? other.status === 404 || other.status === 400 : other.status === 403
          if (!otherOk) wrong.push(`${op.key} other office → ${other.status}`)
        }
      }
      expect(wrong).toEqual([])
    })
  }
})

function capabilityPrefix(op: Operation): string {
  return BY_PREFIX.find(([prefix]) => op.path.startsWith(`${prefix}/`))?.[0] ?? ''
}
