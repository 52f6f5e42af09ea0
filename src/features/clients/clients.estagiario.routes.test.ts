import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'
import type { Case } from '../cases/cases.schema'
import { officeMembers } from '../offices/offices.table.server'
import type { Client, ClientList, ClientOption, ClientStats } from './clients.schema'

// Issue 10: clients follow cases for the estagiário (spec §6). They see, find, count, export, read and
// edit only the clients of the cases where they are responsible; another client answers 404 like a
// missing one; they never register, delete or restore a client (403), and may link a case only to a
// client they see. The sócio's view of the same office is unchanged.

let t: TestApp
let socio: string
let estagiario: string
let estagiarioMember: string
/** Client of a case the estagiário is responsible for / of a case they are not / of no case. */
let mine: Client
let theirs: Client
let loose: Client
let myCase: Case

const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

const req = (method: string, path: string, who: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, who))

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

async function newClient(nomeCompleto: string, extra: Record<string, unknown> = {}): Promise<Client> {
  const response = await req('POST', '/api/clients', socio, { nomeCompleto, ...extra })
  expect(response.status, nomeCompleto).toBe(201)
  return (await response.json()) as Client
}

async function newCase(titulo: string, body: Record<string, unknown>): Promise<Case> {
  const response = await req('POST', '/api/cases', socio, { titulo, areaJuridica: 'Civil', ...body })
  expect(response.status, titulo).toBe(201)
  return (await response.json()) as Case
}

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  socio = owner.cookie
  const [membership] = await t.handle.db
    .select({ id: officeMembers.id, officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(owner.email)))
  if (!membership) throw new Error('no office')
  const account = await signUp(t, student('Ester Estagiária'))
  const [row] = await t.handle.db
    .insert(officeMembers)
    .values({
      officeId: membership.officeId,
      userId: await userIdOf(account.email),
      nivelAcesso: 'estagiario',
    })
    .returning({ id: officeMembers.id })
  estagiario = account.cookie
  estagiarioMember = row?.id ?? ''

  mine = await newClient('Maria Minha', { email: 'maria@example.com', telefone: '11987654321' })
  theirs = await newClient('Teresa Terceira', { email: 'teresa@example.com' })
  loose = await newClient('Lúcia Livre')
  myCase = await newCase('Ação da Maria', {
    clientId: mine.id,
    responsaveis: [membership.id, estagiarioMember],
  })
  await newCase('Ação da Teresa', { clientId: theirs.id })
})
afterAll(() => t.close())

describe('clients for the estagiário (only the clients of their cases)', () => {
  it('lists, counts, offers and exports only their clients; the sócio sees all', async () => {
    const list = (await (await req('GET', '/api/clients', estagiario)).json()) as ClientList
    expect(list.items.map((c) => c.nomeCompleto)).toEqual(['Maria Minha'])
    expect(list.total).toBe(1)
    const searched = (await (await req('GET', '/api/clients?search=teresa', estagiario)).json()) as ClientList
    expect(searched.items).toEqual([])

    const stats = (await (await req('GET', '/api/clients/stats', estagiario)).json()) as ClientStats
    expect(stats).toEqual({ total: 1, ativo: 1, inativo: 0, suspenso: 0 })
    const office = (await (await req('GET', '/api/clients/stats', socio)).json()) as ClientStats
    expect(office).toEqual({ total: 3, ativo: 3, inativo: 0, suspenso: 0 })

    const options = (await (await req('GET', '/api/clients/options', estagiario)).json()) as {
      items: ClientOption[]
    }
    expect(options.items.map((o) => o.id)).toEqual([mine.id])

    const csv = await (await req('GET', '/api/clients/export.csv', estagiario)).text()
    expect(csv).toContain('Maria Minha')
    expect(csv).not.toContain('Teresa')
    expect(csv).not.toContain('Lúcia')

    const all = (await (await req('GET', '/api/clients', socio)).json()) as ClientList
    expect(all.total).toBe(3)
  })

  it('reads and edits their client; another client is 404 and unchanged', async () => {
    const read = await req('GET', `/api/clients/${mine.id}`, estagiario)
    expect(read.status).toBe(200)
    expect(((await read.json()) as Client).email).toBe('maria@example.com')
    const patched = await req('PATCH', `/api/clients/${mine.id}`, estagiario, { profissao: 'Professora' })
    expect(patched.status).toBe(200)
    expect(((await patched.json()) as Client).profissao).toBe('Professora')

    for (const other of [theirs, loose]) {
      const response = await req('GET', `/api/clients/${other.id}`, estagiario)
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain(other.nomeCompleto)
      expect((await req('PATCH', `/api/clients/${other.id}`, estagiario, { profissao: 'X' })).status).toBe(
        404,
      )
    }
    const untouched = (await (await req('GET', `/api/clients/${loose.id}`, socio)).json()) as Client
    expect(untouched.profissao).toBeNull()
  })

  it('may not register, delete or restore clients (403, nothing written)', async () => {
    expect((await req('POST', '/api/clients', estagiario, { nomeCompleto: 'Novo Cliente' })).status).toBe(403)
    expect((await req('DELETE', `/api/clients/${mine.id}`, estagiario)).status).toBe(403)
    expect((await req('POST', `/api/clients/${mine.id}/restore`, estagiario)).status).toBe(403)
    const all = (await (await req('GET', '/api/clients?search=novo', socio)).json()) as ClientList
    expect(all.total).toBe(0)
    expect((await req('GET', `/api/clients/${mine.id}`, estagiario)).status).toBe(200)
  })

  it('links a case only to a client they see', async () => {
    const refused = await req('POST', '/api/cases', estagiario, {
      titulo: 'Caso da Lúcia',
      areaJuridica: 'Civil',
      clientId: loose.id,
    })
    expect(refused.status).toBe(400)
    expect((await req('GET', `/api/clients/${loose.id}`, estagiario)).status).toBe(404)
    const relinked = await req('PATCH', `/api/cases/${myCase.id}`, estagiario, { clientId: loose.id })
    expect(relinked.status).toBe(400)
    const created = await req('POST', '/api/cases', estagiario, {
      titulo: 'Outro caso da Maria',
      areaJuridica: 'Civil',
      clientId: mine.id,
    })
    expect(created.status).toBe(201)
  })

  it('gains a client when made responsible for its case, and loses it when the case is deleted', async () => {
    const teresaCase = await newCase('Recurso da Teresa', {
      clientId: theirs.id,
      responsaveis: [estagiarioMember],
    })
    expect((await req('GET', `/api/clients/${theirs.id}`, estagiario)).status).toBe(200)
    expect((await req('DELETE', `/api/cases/${teresaCase.id}`, socio)).status).toBe(200)
    expect((await req('GET', `/api/clients/${theirs.id}`, estagiario)).status).toBe(404)
  })
})
