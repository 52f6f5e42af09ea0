import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.server'
import { buildDeps } from './build-deps.server'
import { rateLimits } from '../platform/rate-limit.table.server'
import { auditLog } from '../features/audit/audit.table.server'
import { users } from '../features/auth/auth.table.server'
import { createMemoryMailer, createTestApp, createTestDatabase, type TestApp } from '../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../test/accounts'

// Issue 7, security items 1 and 6: the client address behind proxies, and limits that are read from the
// environment, shared by every node through the rate_limits table, and answered in pt-BR.

const RATE_LIMITED = {
  code: 'rate_limited',
  message: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
}
const PROXY_SOCKET = { incoming: { socket: { remoteAddress: '10.255.0.1' } } }
const SECRET = 'test-secret-test-secret-test-secret-0123'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// One app for the whole file (a migrated database is slow to make): limits low enough to reach quickly,
// behind one proxy. Each test talks from its own addresses and users, so budgets never leak between tests.
const ENV = {
  TRUST_PROXY: '1',
  RATE_LIMIT_SIGN_IN_MAX: '3',
  RATE_LIMIT_SIGN_UP_MAX: '2',
  RATE_LIMIT_API_MAX: '8',
  RATE_LIMIT_UPLOAD_MAX: '2',
}
let t: TestApp
const cleanups: (() => Promise<void>)[] = []
const children: ChildProcess[] = []
beforeAll(async () => {
  t = await createTestApp(ENV)
  cleanups.push(t.close)
})
afterAll(async () => {
  // Server processes first (they hold connections to the databases dropped next).
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }),
  )
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** A request as the proxy forwards it: from the proxy's socket, with the given X-Forwarded-For. */
function viaProxy(init: RequestInit, forwardedFor: string): [RequestInit, typeof PROXY_SOCKET] {
  return [
    { ...init, headers: { ...(init.headers as object), 'x-forwarded-for': forwardedFor } },
    PROXY_SOCKET,
  ]
}
// A new unknown address each time: these tests count attempts per client ADDRESS, and five failures on one
// account would lock that account first (issue 14's lockout, sign-in-guard.server.ts).
let wrongCount = 0
const wrongSignIn = () =>
  jsonRequest('POST', { email: `ninguem${wrongCount++}@example.com`, password: 'senha-errada' })

describe('behind one proxy (TRUST_PROXY=1)', () => {
  it('limits sign-in by the address the proxy saw: a forged leftmost entry does not reset it', async () => {
    const attempt = (forwardedFor: string) =>
      t.app.request('/api/auth/sign-in/email', ...viaProxy(wrongSignIn(), forwardedFor))
    for (let i = 0; i < 3; i++) expect((await attempt(`10.9.9.${i}, 198.51.100.7`)).status).toBe(401)
    // The attacker writes a new leftmost address each time; the proxy's entry (rightmost) stays the same.
    const limited = await attempt('10.9.9.99, 198.51.100.7')
    expect(limited.status).toBe(429)
    expect((await limited.json()).error).toEqual(RATE_LIMITED)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client behind the same proxy keeps its own budget; so does a direct single-entry client.
    expect((await attempt('10.9.9.1, 198.51.100.8')).status).toBe(401)
    expect((await attempt('198.51.100.9')).status).toBe(401)
  })

  it('stores the address the proxy saw in audit rows, not the forged leftmost entry', async () => {
    const { cookie, email } = await signUp(t)
    const created = await t.app.request(
      '/api/clients',
      jsonRequest('POST', { nomeCompleto: 'Fulano' }, cookie),
    )
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const read = await t.app.request(
      `/api/clients/${id}`,
      ...viaProxy({ headers: { cookie } }, '6.6.6.6, 198.51.100.9'),
    )
    expect(read.status).toBe(200)
    const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const rows = await t.handle.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.read'), eq(auditLog.actorUserId, user?.id ?? '')))
    expect(rows).toEqual([{ ip: '198.51.100.9' }])
  })
})

describe('limits read from the environment', () => {
  it('refuses the 4th sign-in with RATE_LIMIT_SIGN_IN_MAX=3 and the 3rd sign-up with RATE_LIMIT_SIGN_UP_MAX=2', async () => {
    const from = { incoming: { socket: { remoteAddress: '198.51.100.20' } } }
    for (let i = 0; i < 3; i++) {
      expect((await t.app.request('/api/auth/sign-in/email', wrongSignIn(), from)).status).toBe(401)
    }
    expect((await t.app.request('/api/auth/sign-in/email', wrongSignIn(), from)).status).toBe(429)
    // Sign-up counts attempts before validating them; an empty body is a 400 until the limit.
    for (let i = 0; i < 2; i++) {
      expect((await t.app.request('/api/auth/sign-up', jsonRequest('POST', {}), from)).status).toBe(400)
    }
    const limited = await t.app.request('/api/auth/sign-up', jsonRequest('POST', lawyerSignUp()), from)
    expect(limited.status).toBe(429)
    expect((await limited.json()).error).toEqual(RATE_LIMITED)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Both counters live in the shared table.
    const keys = (await t.handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)
    expect(keys).toEqual(
      expect.arrayContaining(['auth:198.51.100.20|/sign-in/email', 'sign-up:198.51.100.20']),
    )
  })
})

describe('per-user limit on data routes (RATE_LIMIT_API_MAX)', () => {
  it('answers 429 with the pt-BR message and Retry-After past the limit; health and auth routes do not count', async () => {
    const ana = await signUp(t)
    const bruno = await signUp(t)
    const get = (url: string, cookie: string) => t.app.request(url, { headers: { cookie } })
    for (let i = 0; i < 3; i++) expect((await get('/api/health', ana.cookie)).status).toBe(200)
    for (let i = 0; i < 3; i++) expect((await get('/api/auth/get-session', ana.cookie)).status).toBe(200)
    for (let i = 0; i < 8; i++) expect((await get('/api/me', ana.cookie)).status).toBe(200)
    const limited = await get('/api/clients', ana.cookie)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ error: RATE_LIMITED })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // Per user: Bruno is unaffected, and so are the routes outside the data API.
    expect((await get('/api/me', bruno.cookie)).status).toBe(200)
    expect((await get('/api/health', ana.cookie)).status).toBe(200)
    expect((await get('/api/auth/get-session', ana.cookie)).status).toBe(200)
    // Anonymous requests are not counted here (they are 401 anyway).
    expect((await t.app.request('/api/me')).status).toBe(401)
  })

  it('shares the count between two nodes on one database through the table, in the background', async () => {
    const other = createApp(buildDeps(t.env, t.handle, SECRET, createMemoryMailer()))
    const { cookie, email } = await signUp(t)
    const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const shared = async () =>
      (
        await t.handle.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `api:${user?.id}`))
      )[0]?.count
    const onA = () => t.app.request('/api/me', { headers: { cookie } })
    const onB = () => other.request('/api/me', { headers: { cookie } })

    for (let i = 0; i < 5; i++) expect((await onA()).status).toBe(200)
    // Node A decided in memory; its hits reach the table within a second (rate-limit.db.test.ts shows
    // that no request waits for that write).
    await sleep(1300)
    expect(await shared()).toBe(5)
    // Node B learns the shared count with its first flush, then spends only what is left.
    expect((await onB()).status).toBe(200)
    await sleep(1300)
    expect(await shared()).toBe(6)
    expect((await onB()).status).toBe(200)
    expect((await onB()).status).toBe(200)
    expect((await onB()).status).toBe(429)
  })
})

describe('per-user limit on uploads (RATE_LIMIT_UPLOAD_MAX)', () => {
  it('refuses the 3rd upload in a window with RATE_LIMIT_UPLOAD_MAX=2, counted per user', async () => {
    const ana = await signUp(t)
    const bruno = await signUp(t)
    const upload = (cookie: string) => {
      const form = new FormData()
      form.append('file', new File(['não é imagem'], 'foto.png', { type: 'image/png' }))
      return t.app.request('/api/profile/avatar', { method: 'POST', body: form, headers: { cookie } })
    }
    for (let i = 0; i < 2; i++) expect((await upload(ana.cookie)).status).toBe(400)
    const limited = await upload(ana.cookie)
    expect(limited.status).toBe(429)
    expect((await limited.json()).error).toEqual(RATE_LIMITED)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await upload(bruno.cookie)).status).toBe(400)
    // JSON requests of the same user are not uploads.
    expect((await t.app.request('/api/profile', { headers: { cookie: ana.cookie } })).status).toBe(200)
  })
})

// ---- Several nodes on one database -------------------------------------------------------------------

interface Node {
  request: (url: string, init: RequestInit) => Response | Promise<Response>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** A real server process (the production entry through tsx) on the given PostgreSQL database. */
async function startNode(databaseUrl: string, env: Record<string, string>): Promise<Node> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/index.server.ts')], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `jc-node-${randomBytes(4).toString('hex')}`),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://localhost:3000',
      BETTER_AUTH_SECRET: SECRET,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.push(child)
  let errors = ''
  child.stderr?.on('data', (chunk) => (errors += chunk))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node exited: ${errors}`)
    const health = await fetch(`${base}/api/health`).catch(() => null)
    if (health?.status === 200) return { request: (url, init) => fetch(`${base}${url}`, init) }
    await sleep(250)
  }
  throw new Error(`node did not start: ${errors}`)
}

describe('two nodes on one database', () => {
  it('share the sign-in and sign-up budgets: the (max+1)th attempt is refused on either node', async () => {
    let nodes: [Node, Node]
    const serverUrl = process.env.TEST_DATABASE_URL
    if (serverUrl) {
      // PostgreSQL: two real server processes on a throwaway database.
      const { handle, drop } = await createTestDatabase()
      cleanups.push(drop)
      const url = new URL(serverUrl)
      const name = (await handle.db.execute<{ name: string }>('select current_database() as name')).rows[0]
        ?.name
      url.pathname = `/${name}`
      nodes = await Promise.all([startNode(url.toString(), ENV), startNode(url.toString(), ENV)])
    } else {
      // PGlite is one process: two apps on one embedded database stand for the two nodes.
      const other = createApp(buildDeps(t.env, t.handle, SECRET, createMemoryMailer()))
      nodes = [
        { request: (url, init) => t.app.request(url, init) },
        { request: (url, init) => other.request(url, init) },
      ]
    }
    const [a, b] = nodes
    const client = (init: RequestInit): RequestInit => ({
      ...init,
      headers: { ...(init.headers as object), 'x-forwarded-for': '203.0.113.77' },
    })
    const signIn = (node: Node) => node.request('/api/auth/sign-in/email', client(wrongSignIn()))
    const signUpAttempt = (node: Node) => node.request('/api/auth/sign-up', client(jsonRequest('POST', {})))

    for (const node of [a, b, a]) expect((await signIn(node)).status).toBe(401)
    expect((await signIn(a)).status).toBe(429)
    expect((await signIn(b)).status).toBe(429)

    expect((await signUpAttempt(a)).status).toBe(400)
    expect((await signUpAttempt(b)).status).toBe(400)
    const limited = await signUpAttempt(b)
    expect(limited.status).toBe(429)
    expect((await limited.json()).error).toEqual(RATE_LIMITED)
    expect((await signUpAttempt(a)).status).toBe(429)
  }, 180_000)
})
