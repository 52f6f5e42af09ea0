import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp } from '../../test/test-app'
import { createApp } from '../../server/app.server'
import { buildDeps } from '../../server/build-deps.server'

// Issue 10, "A person in several offices": the current office is the active membership with the latest
// selected_at; the switch names an office and is refused (404) for any the user is not an active member
// of; every office route follows the switch on every node at once (the membership trigger evicts caches).

let t: Awaited<ReturnType<typeof createTestApp>>
/** A second node on the same database: its own membership cache and its own LISTEN connection. */
let nodeB: ReturnType<typeof createApp>

beforeAll(async () => {
  t = await createTestApp()
  nodeB = createApp(buildDeps(t.env, t.handle, 'test-secret-test-secret-test-secret-0123', t.mailer))
})
afterAll(() => t.close())

async function me(cookie: string, app = t.app) {
  return (await (await app.request('/api/me', { headers: { cookie } })).json()) as {
    user: { id: string }
    office: { id: string; nome: string; nivelAcesso: string } | null
  }
}

async function clientNames(cookie: string, app = t.app): Promise<string[]> {
  const response = await app.request('/api/clients', { headers: { cookie } })
  expect(response.status).toBe(200)
  const body = (await response.json()) as { items: { nomeCompleto: string }[] }
  return body.items.map((item) => item.nomeCompleto)
}

async function offices(cookie: string) {
  const response = await t.app.request('/api/offices', { headers: { cookie } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { offices: { id: string; nivelAcesso: string; current: boolean }[] })
    .offices
}

const switchTo = (cookie: string, officeId: string, app = t.app) =>
  app.request('/api/offices/current', jsonRequest('POST', { officeId }, cookie))

/** Ana (own office) is also an associada of Bruno's office; Carla's office is foreign to her. */
async function twoOffices() {
  const ana = await signUp(t, lawyerSignUp({ nomeCompleto: 'Ana Duas Casas' }))
  const bruno = await signUp(t, lawyerSignUp({ nomeCompleto: 'Bruno Titular' }))
  const carla = await signUp(t, lawyerSignUp({ nomeCompleto: 'Carla Alheia' }))
  const anaMe = await me(ana.cookie)
  const own = anaMe.office!.id
  const colleague = (await me(bruno.cookie)).office!.id
  const foreign = (await me(carla.cookie)).office!.id
  for (const [cookie, nome] of [
    [ana.cookie, 'Cliente da Ana'],
    [bruno.cookie, 'Cliente do Bruno'],
    [carla.cookie, 'Cliente da Carla'],
  ] as const) {
    const created = await t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto: nome }, cookie))
    expect(created.status).toBe(201)
  }
  await t.handle.db.execute(
    sql`insert into office_members (office_id, user_id, nivel_acesso) values (${colleague}::uuid, ${anaMe.user.id}, 'associado')`,
  )
  return { ana: ana.cookie, userId: anaMe.user.id, own, colleague, foreign }
}

describe('GET /api/offices and POST /api/offices/current', () => {
  it('lists the active memberships, the oldest current until a switch; the switch scopes every route', async () => {
    const { ana, own, colleague } = await twoOffices()
    expect(await offices(ana)).toEqual([
      expect.objectContaining({ id: own, nivelAcesso: 'socio', current: true }),
      expect.objectContaining({ id: colleague, nivelAcesso: 'associado', current: false }),
    ])
    expect(await clientNames(ana)).toEqual(['Cliente da Ana'])

    const switched = await switchTo(ana, colleague)
    expect(switched.status).toBe(200)
    expect(await switched.json()).toMatchObject({ id: colleague, nivelAcesso: 'associado' })
    expect((await me(ana)).office).toMatchObject({ id: colleague, nivelAcesso: 'associado' })
    expect(await clientNames(ana)).toEqual(['Cliente do Bruno'])
    expect((await offices(ana)).map((o) => [o.id, o.current])).toEqual([
      [colleague, true],
      [own, false],
    ])
    // The server keeps the choice (a new session — a reload, another device — sees it too).
    expect((await me(ana)).office?.id).toBe(colleague)

    expect((await switchTo(ana, own)).status).toBe(200)
    expect(await clientNames(ana)).toEqual(['Cliente da Ana'])
  })

  it('refuses a foreign, unknown or inactive membership with 404 and changes nothing', async () => {
    const { ana, userId, own, colleague, foreign } = await twoOffices()
    for (const officeId of [foreign, '00000000-0000-4000-8000-000000000000']) {
      const refused = await switchTo(ana, officeId)
      expect(refused.status).toBe(404)
      expect(await refused.json()).toEqual({
        error: { code: 'not_found', message: 'Escritório não encontrado.' },
      })
    }
    expect((await me(ana)).office?.id).toBe(own)

    const invalid = await switchTo(ana, 'not-a-uuid')
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toContain(
      'Escritório inválido.',
    )

    await t.handle.db.execute(
      sql`update office_members set ativo = false where office_id = ${colleague}::uuid and user_id = ${userId}`,
    )
    expect((await switchTo(ana, colleague)).status).toBe(404)
    expect((await offices(ana)).map((o) => o.id)).toEqual([own])
  })

  it('a deactivated current membership falls back to the next one at once', async () => {
    const { ana, userId, own, colleague } = await twoOffices()
    expect((await switchTo(ana, colleague)).status).toBe(200)
    expect(await clientNames(ana)).toEqual(['Cliente do Bruno'])
    await t.handle.db.execute(
      sql`update office_members set ativo = false where office_id = ${colleague}::uuid and user_id = ${userId}`,
    )
    await t.deps.membershipCache.changes.sync()
    expect(await clientNames(ana)).toEqual(['Cliente da Ana'])
    expect((await me(ana)).office?.id).toBe(own)
  })

  it('needs a session', async () => {
    expect((await t.app.request('/api/offices')).status).toBe(401)
    const response = await t.app.request(
      '/api/offices/current',
      jsonRequest('POST', { officeId: '00000000-0000-4000-8000-000000000000' }),
    )
    expect(response.status).toBe(401)
  })
})

describe('the switch on one node is seen by another on its very next request', () => {
  it('node B, which cached the old membership, follows a switch made on node A', async () => {
    const { ana, colleague } = await twoOffices()
    // Node B resolves the membership once, then serves it from memory.
    expect(await clientNames(ana, nodeB)).toEqual(['Cliente da Ana'])
    expect(await clientNames(ana, nodeB)).toEqual(['Cliente da Ana'])
    expect((await switchTo(ana, colleague, t.app)).status).toBe(200)
    expect(await clientNames(ana, nodeB)).toEqual(['Cliente do Bruno'])
  })
})
