import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import type { SignUpInput } from '../auth/auth.schema'
import type { Case } from '../cases/cases.schema'
import { officeMembers } from '../offices/offices.table.server'
import type { Client } from './clients.schema'

// Issue 7, item 10, then issue 10: a 'partial' cell of the spec §6 matrix passes the route only once its
// services narrow it (the estagiário's clients and cases: theirs only, another row is a 404). One office
// (a sócio) with a member of each other level, added straight into office_members. The estagiário's rules
// in detail: clients.estagiario.routes.test.ts and cases.members.routes.test.ts.

let t: TestApp
let socio: string
let outsider: string // a sócio of another office
let client: Client
let legalCase: Case
const members: Record<'estagiario' | 'assistente' | 'associado', string> = {
  estagiario: '',
  assistente: '',
  associado: '',
}

async function userId(email: string): Promise<string> {
  const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  return user.id
}

/** A student's account: signing up gives it no office of its own, so the membership below is its only one. */
const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

const request = (method: string, path: string, cookie: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie))

const clientRoutes = (id: string) =>
  [
    ['GET', '/api/clients'],
    ['GET', '/api/clients/stats'],
    ['GET', '/api/clients/options'],
    ['GET', '/api/clients/export.csv'],
    ['GET', `/api/clients/${id}`],
    ['PATCH', `/api/clients/${id}`, { profissao: 'Engenheira' }],
    ['POST', '/api/clients', { nomeCompleto: 'Novo Cliente' }],
  ] as const

const caseRoutes = (id: string) =>
  [
    ['GET', '/api/cases'],
    ['GET', '/api/cases/stats'],
    ['GET', '/api/cases/export.csv'],
    ['GET', `/api/cases/${id}`],
    ['PATCH', `/api/cases/${id}`, { status: 'andamento' }],
    ['POST', '/api/cases', { titulo: 'Novo caso', areaJuridica: 'Civil' }],
  ] as const

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  socio = owner.cookie
  outsider = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Otto Outro' }))).cookie
  const [membership] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userId(owner.email)))
  if (!membership) throw new Error('the sócio has no office')
  // Each member is inserted before their first request, so nothing about them is cached yet.
  for (const nivelAcesso of ['estagiario', 'assistente', 'associado'] as const) {
    const account = await signUp(t, student(`Membro ${nivelAcesso}`))
    await t.handle.db
      .insert(officeMembers)
      .values({ officeId: membership.officeId, userId: await userId(account.email), nivelAcesso })
    members[nivelAcesso] = account.cookie
  }
  const created = await request('POST', '/api/clients', socio, { nomeCompleto: 'Cliente do Escritório' })
  client = (await created.json()) as Client
  const opened = await request('POST', '/api/cases', socio, {
    titulo: 'Caso do Escritório',
    areaJuridica: 'Civil',
    clientId: client.id,
  })
  legalCase = (await opened.json()) as Case
})
afterAll(() => t.close())

async function statuses(cookie: string, routes: readonly (readonly [string, string, unknown?])[]) {
  const result: string[] = []
  for (const [method, path, body] of routes) {
    result.push(`${method} ${path} → ${(await request(method, path, cookie, body)).status}`)
  }
  return result
}

const all = (routes: readonly (readonly [string, string, unknown?])[], status: number, created = status) =>
  routes.map(([method, path]) => `${method} ${path} → ${method === 'POST' ? created : status}`)

describe('spec §6 levels at the route', () => {
  it("estagiário: the lists answer (narrowed), another's client or case is 404, no client creation", async () => {
    const narrowed = (path: string, method: string) =>
      method === 'POST' ? null : path.endsWith(legalCase.id) || path.endsWith(client.id) ? 404 : 200
    expect(await statuses(members.estagiario, clientRoutes(client.id))).toEqual(
      clientRoutes(client.id).map(([method, path]) => `${method} ${path} → ${narrowed(path, method) ?? 403}`),
    )
    expect(await statuses(members.estagiario, caseRoutes(legalCase.id))).toEqual(
      caseRoutes(legalCase.id).map(
        ([method, path]) => `${method} ${path} → ${narrowed(path, method) ?? 201}`,
      ),
    )
  })

  it('assistente: clients 200, cases 403', async () => {
    expect(await statuses(members.assistente, clientRoutes(client.id))).toEqual(
      all(clientRoutes(client.id), 200, 201),
    )
    expect(await statuses(members.assistente, caseRoutes(legalCase.id))).toEqual(
      all(caseRoutes(legalCase.id), 403),
    )
  })

  it('associado: clients and cases 200', async () => {
    expect(await statuses(members.associado, clientRoutes(client.id))).toEqual(
      all(clientRoutes(client.id), 200, 201),
    )
    expect(await statuses(members.associado, caseRoutes(legalCase.id))).toEqual(
      all(caseRoutes(legalCase.id), 200, 201),
    )
  })

  it("another office's member: 404 on this office's ids, never the data", async () => {
    const targets = [
      [`/api/clients/${client.id}`, { status: 'inativo' }],
      [`/api/cases/${legalCase.id}`, { status: 'arquivado' }],
    ] as const
    for (const [path, change] of targets) {
      const response = await request('GET', path, outsider)
      expect(response.status, path).toBe(404)
      expect(await response.text()).not.toContain('do Escritório')
      expect((await request('PATCH', path, outsider, change)).status, path).toBe(404)
      expect((await request('DELETE', path, outsider)).status, path).toBe(404)
    }
  })
})
