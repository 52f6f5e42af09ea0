import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import { users } from '../auth/auth.table.server'
import { userRoles } from '../auth/user-roles.table.server'
import { loginLockouts } from '../auth/login-lockouts.table.server'
import { settingsBody } from '../platform-settings/platform-settings.fixtures'
import type { LogsSummary, PlatformEventsPage } from './platform-logs.schema'
import { platformEvents } from './platform-logs.table.server'

const MASTER = 'master-logs@example.com'
/** One proxy in front (TRUST_PROXY=1): the client's address is the X-Forwarded-For entry it appended. */
const PROXY = { incoming: { socket: { remoteAddress: '10.255.0.1' } } }
let nextIp = 1
const newIp = () => `198.51.100.${nextIp++}`

let t: TestApp
let master: { cookie: string; id: string }
let plain: { cookie: string; id: string; email: string; password: string }
let admin: { cookie: string; id: string }

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })

async function account(data = lawyerSignUp()) {
  const { cookie } = await signUp(t, data)
  const me = await (await get('/api/me', cookie)).json()
  return { cookie, id: me.user.id as string, email: data.email, password: data.password }
}

function signIn(email: string, password: string, ip = newIp()) {
  return t.app.request(
    '/api/auth/sign-in/email',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    },
    PROXY,
  )
}

async function events(query = '', cookie = master.cookie) {
  const response = await get(`/api/admin/logs${query}`, cookie)
  expect(response.status).toBe(200)
  return (await response.json()) as PlatformEventsPage
}

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER, TRUST_PROXY: '1' })
  master = await account(lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' }))
  master = { ...master, cookie: await becomeMaster(t, MASTER) }
  plain = await account(lawyerSignUp({ nomeCompleto: 'Paula Comum' }))
  admin = await account(lawyerSignUp({ nomeCompleto: 'Adelaide Admin' }))
  await t.handle.db.insert(userRoles).values({ userId: admin.id, role: 'admin' })
})
afterAll(() => t.close())

const ROUTES: [string, string][] = [
  ['GET', '/api/admin/logs'],
  ['GET', '/api/admin/logs/summary'],
  ['POST', '/api/admin/logs/checks'],
]

describe('access: superadmin only, decided on the server', () => {
  it.each(ROUTES)('%s %s: anonymous 401, user 403, admin 403, superadmin 200', async (method, path) => {
    expect((await t.app.request(path, jsonRequest(method))).status).toBe(401)
    const asUser = await t.app.request(path, jsonRequest(method, undefined, plain.cookie))
    expect(asUser.status).toBe(403)
    expect((await asUser.json()).error.message).toBe('Acesso negado.')
    expect((await t.app.request(path, jsonRequest(method, undefined, admin.cookie))).status).toBe(403)
    expect((await t.app.request(path, jsonRequest(method, undefined, master.cookie))).status).toBe(200)
  })

  it('refuses a bad query with a pt-BR 400', async () => {
    const response = await get('/api/admin/logs?kind=nada&page=0', master.cookie)
    expect(response.status).toBe(400)
    expect((await response.json()).error.code).toBe('validation')
  })
})

describe('events recorded', () => {
  it('records sign-ups and successful sign-ins, with the address only on the sign-in', async () => {
    const ip = newIp()
    expect((await signIn(plain.email, plain.password, ip)).status).toBe(200)
    const logins = await events(`?kind=login&search=${ip}`)
    expect(logins.items).toHaveLength(1)
    expect(logins.items[0]).toMatchObject({
      kind: 'login',
      actorUserId: plain.id,
      ip,
      actorName: 'Paula Comum',
    })
    const created = await events(`?kind=novo_usuario&search=${plain.id}`)
    expect(created.items[0]).toMatchObject({
      kind: 'novo_usuario',
      ip: null,
      details: { userType: 'advogado' },
    })
  })

  it("'Logs de auditoria' off: successful sign-ins are not kept, failed ones still are", async () => {
    const put = (auditLogs: boolean) =>
      t.app.request('/api/platform-settings', jsonRequest('PUT', settingsBody({ auditLogs }), master.cookie))
    expect((await put(false)).status).toBe(200)
    try {
      const ip = newIp()
      expect((await signIn(plain.email, plain.password, ip)).status).toBe(200)
      expect((await signIn(plain.email, 'senha-errada-123', ip)).status).toBe(401)
      expect((await events(`?kind=login&search=${ip}`)).items).toHaveLength(0)
      expect((await events(`?kind=login_falhou&search=${ip}`)).items).toHaveLength(1)
    } finally {
      expect((await put(true)).status).toBe(200)
    }
    const ip = newIp()
    expect((await signIn(plain.email, plain.password, ip)).status).toBe(200)
    expect((await events(`?kind=login&search=${ip}`)).items).toHaveLength(1)
  })

  it('records a failed sign-in with the address, and no e-mail or password anywhere in the row', async () => {
    const ip = newIp()
    expect((await signIn(plain.email, 'senha-errada', ip)).status).toBe(401)
    const failed = await events(`?kind=login_falhou&search=${ip}`)
    expect(failed.items).toHaveLength(1)
    expect(failed.items[0]).toMatchObject({ ip, targetUserId: plain.id, severity: 'aviso' })
    const stored = await t.handle.db.select().from(platformEvents).where(eq(platformEvents.ip, ip))
    expect(JSON.stringify(stored)).not.toContain(plain.email)
    expect(JSON.stringify(stored)).not.toContain('senha-errada')
    // A success afterwards resets the count (consecutive failures only).
    expect((await signIn(plain.email, plain.password)).status).toBe(200)
  })

  it('records admin grants and revokes as permission changes', async () => {
    const other = await account(lawyerSignUp({ nomeCompleto: 'Gabriel Grant' }))
    const grant = await t.app.request(
      `/api/admin/users/${other.id}/roles/admin`,
      jsonRequest('POST', undefined, master.cookie),
    )
    expect(grant.status).toBe(200)
    await t.app.request(
      `/api/admin/users/${other.id}/roles/admin`,
      jsonRequest('DELETE', undefined, master.cookie),
    )
    const changes = await events(`?kind=permissao&search=${other.id}`)
    expect(changes.items.map((item) => item.details.change)).toEqual(['revoke', 'grant'])
    expect(changes.items[0]).toMatchObject({ actorUserId: master.id, targetUserId: other.id })
  })

  it('records a 500 by request id and error class only', async () => {
    const victim = await account(lawyerSignUp({ nomeCompleto: 'Beto Boom' }))
    // A database fault whose message carries personal data, on a real route (as errors.routes.test.ts does).
    await t.handle.db.execute(
      sql.raw(`create function jc_test_boom() returns trigger language plpgsql as $$
      begin raise exception 'segredo 123.456.789-09 fulano@example.com'; end $$`),
    )
    await t.handle.db.execute(
      sql.raw(`create trigger jc_test_boom before insert on user_roles for each row
      when (new.user_id = '${victim.id}') execute function jc_test_boom()`),
    )
    const response = await t.app.request(
      `/api/admin/users/${victim.id}/roles/admin`,
      jsonRequest('POST', undefined, master.cookie),
    )
    expect(response.status).toBe(500)
    const requestId = response.headers.get('x-request-id') ?? ''
    const found = await events(`?search=${requestId}`)
    expect(found.items).toHaveLength(1)
    expect(found.items[0]).toMatchObject({
      kind: 'erro_servidor',
      requestId,
      severity: 'erro',
      details: { route: '/api/admin/users/:userId/roles/admin', method: 'POST' },
    })
    expect(typeof found.items[0]?.details.errorClass).toBe('string')
    expect(JSON.stringify(found.items[0])).not.toMatch(/segredo|fulano|123\.456/)
  })
})

describe('lockout after 5 failed sign-ins on one account (spec §9), for 15 minutes', () => {
  it('locks the account (right password refused), says until when, and releases it after 15 minutes', async () => {
    const victim = await account(lawyerSignUp({ nomeCompleto: 'Vitor Vítima' }))
    // Each attempt from another address: the lock is per ACCOUNT, not per address.
    for (let i = 1; i <= 4; i++) expect((await signIn(victim.email, 'errada')).status).toBe(401)
    const fifth = await signIn(victim.email, 'errada')
    expect(fifth.status).toBe(423)
    const body = await fifth.json()
    expect(body.error.code).toBe('ACCOUNT_LOCKED')
    expect(body.error.message).toMatch(
      /^Conta bloqueada temporariamente após 5 tentativas de login sem sucesso\. Tente novamente às \d\d:\d\d \(15 minutos\)\.$/,
    )
    const right = await signIn(victim.email, victim.password)
    expect(right.status).toBe(423)
    expect((await right.json()).error.message).toBe(body.error.message)
    const locks = await events(`?kind=bloqueio_conta&search=${victim.id}`)
    expect(locks.items).toHaveLength(1)
    expect(locks.items[0]?.details).toEqual({ attempts: 5, minutes: 15 })
    // The lock is stored in PostgreSQL (every node sees it) and ends 15 minutes after it started.
    const [row] = await t.handle.db
      .select()
      .from(loginLockouts)
      .where(sql`${loginLockouts.lockedUntil} is not null and ${loginLockouts.failures} = 5`)
    const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(14)
    expect(minutes).toBeLessThanOrEqual(15)
    // Move the clock: the lock ended a second ago.
    await t.handle.db
      .update(loginLockouts)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginLockouts.accountKey, row?.accountKey ?? ''))
    expect((await signIn(victim.email, victim.password)).status).toBe(200)
    expect(
      await t.handle.db
        .select()
        .from(loginLockouts)
        .where(eq(loginLockouts.accountKey, row?.accountKey ?? '')),
    ).toEqual([])
  })

  it('answers an unknown e-mail with the same lock (no account enumeration)', async () => {
    const email = 'ninguem-lock@example.com'
    for (let i = 1; i <= 4; i++) expect((await signIn(email, 'errada')).status).toBe(401)
    const fifth = await signIn(email, 'errada')
    expect(fifth.status).toBe(423)
    expect((await fifth.json()).error.message).toMatch(/^Conta bloqueada temporariamente após 5 tentativas/)
  })

  it('an expired lock starts a fresh count: one more failure is a plain 401', async () => {
    const email = 'recount@example.com'
    for (let i = 1; i <= 5; i++) await signIn(email, 'errada')
    await t.handle.db
      .update(loginLockouts)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(sql`${loginLockouts.lockedUntil} > now()`)
    expect((await signIn(email, 'errada')).status).toBe(401)
  })
})

describe('the page: filters, search and paging', () => {
  beforeAll(async () => {
    // 14 backup events an hour ago, newest last.
    await t.handle.db.execute(sql`insert into ${platformEvents} (kind, at, details)
      select 'backup', now() - interval '1 hour' + make_interval(secs => g), jsonb_build_object('n', g)
      from generate_series(1, 14) as g`)
  })

  it('pages 6 at a time, newest first, with the total', async () => {
    const first = await events('?kind=backup')
    expect(first).toMatchObject({ total: 14, capped: false, page: 1, pageSize: 6 })
    expect(first.items.map((item) => item.details.n)).toEqual([14, 13, 12, 11, 10, 9])
    const third = await events('?kind=backup&page=3')
    expect(third.items.map((item) => item.details.n)).toEqual([2, 1])
  })

  it('finds events by kind name and by a user e-mail', async () => {
    expect((await events('?search=backup')).total).toBe(14)
    const byEmail = await events(`?search=${encodeURIComponent(plain.email)}`)
    expect(byEmail.items.length).toBeGreaterThan(0)
    expect(
      byEmail.items.every((item) => item.actorUserId === plain.id || item.targetUserId === plain.id),
    ).toBe(true)
  })

  it('summarises the last 24 hours', async () => {
    const summary = (await (await get('/api/admin/logs/summary', master.cookie)).json()) as LogsSummary
    expect(summary.last24h.events).toBeGreaterThanOrEqual(14)
    expect(summary.last24h.failedLogins).toBeGreaterThanOrEqual(1)
    expect(summary.last24h.serverErrors).toBe(1)
  })
})

describe('users table unchanged by the log', () => {
  it('keeps e-mails out of platform_events entirely', async () => {
    const all = await t.handle.db.select({ email: users.email }).from(users)
    const rows = JSON.stringify(await t.handle.db.select().from(platformEvents))
    for (const { email } of all) expect(rows).not.toContain(email)
  })
})
