import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { lawyerSignUp } from '../test/accounts'

// Real server processes (the entry `npm run dev` runs): on PostgreSQL two nodes share one database and each
// caches sessions in memory; a revocation on node A must be refused by node B on its very next request.
// Without TEST_DATABASE_URL (PGlite) one node is started on an embedded database: same contract, one node.

const entry = path.resolve('src/server/index.server.ts')
const PUBLIC_URL = 'http://localhost:3999'
const SECRET = `multi-node-secret-${randomBytes(16).toString('hex')}`
const running: ChildProcess[] = []
const cleanups: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL')
  for (const cleanup of cleanups) await cleanup().catch(() => {})
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function startNode(env: Record<string, string>): Promise<string> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL,
      BETTER_AUTH_SECRET: SECRET,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jc-node-')),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  running.push(child)
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited: ${errors}`)
    if (Date.now() > deadline) throw new Error(`node not ready: ${errors}`)
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (ok) return base
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function throwawayDatabase(serverUrl: string): Promise<string> {
  const name = `jc_nodes_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${name} with (force)`)
    await cleanup.end()
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

function post(base: string, route: string, body: unknown, cookie?: string) {
  return fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
}

const clients = (base: string, cookie: string) =>
  fetch(`${base}/api/clients`, { headers: { cookie } }).then((response) => response.status)

/** Two nodes on one PostgreSQL database (one embedded node without a server), started once for the file. */
let started: Promise<{ nodeA: string; nodeB: string; outboxA: string }> | null = null
function nodes() {
  started ??= (async () => {
    const serverUrl = process.env.TEST_DATABASE_URL
    const dataDirA = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-node-'))
    const outboxA = path.join(dataDirA, 'outbox')
    if (serverUrl) {
      const databaseUrl = await throwawayDatabase(serverUrl)
      const nodeA = await startNode({ DATABASE_URL: databaseUrl, DATA_DIR: dataDirA })
      const nodeB = await startNode({ DATABASE_URL: databaseUrl })
      return { nodeA, nodeB, outboxA }
    }
    const node = await startNode({ DATA_DIR: dataDirA })
    return { nodeA: node, nodeB: node, outboxA }
  })()
  return started
}

/** The portal link of the newest e-mail in the outbox (.eml, quoted-printable soft breaks undone). */
function portalTokenIn(outbox: string): string {
  const files = fs.readdirSync(outbox).sort()
  for (const file of files.reverse()) {
    const text = fs
      .readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    const token = text.match(/\/portal\/convite\/([A-Za-z0-9_-]{43})/)?.[1]
    if (token) return token
  }
  throw new Error('no portal invitation in the outbox')
}

describe('sessions across nodes', () => {
  it('a session revoked on one node is refused by the other on its very next request', async () => {
    const { nodeA, nodeB } = await nodes()

    const data = lawyerSignUp()
    const signUp = await post(nodeA, '/api/auth/sign-up', data)
    expect(signUp.status).toBe(201)
    const first = cookieOf(signUp)
    const signIn = await post(nodeA, '/api/auth/sign-in/email', {
      email: data.email,
      password: data.password,
    })
    expect(signIn.status).toBe(200)
    const second = cookieOf(signIn)

    // Node B resolves the second session once, then serves it from memory.
    expect(await clients(nodeB, second)).toBe(200)
    expect(await clients(nodeB, second)).toBe(200)

    expect((await post(nodeA, '/api/auth/revoke-other-sessions', {}, first)).status).toBe(200)
    expect(await clients(nodeB, second)).toBe(401)
    expect(await clients(nodeB, first)).toBe(200)

    // Signing out on B ends the first session on A too, although A had it in memory.
    expect(await clients(nodeA, first)).toBe(200)
    expect(await clients(nodeA, first)).toBe(200)
    expect((await post(nodeB, '/api/auth/sign-out', {}, first)).status).toBe(200)
    expect(await clients(nodeA, first)).toBe(401)
  }, 420_000)

  it('a portal client revoked on one node is refused by the other on its very next request (issue 26)', async () => {
    const { nodeA, nodeB, outboxA } = await nodes()
    const lawyer = lawyerSignUp()
    const lawyerCookie = cookieOf(await post(nodeA, '/api/auth/sign-up', lawyer))
    const email = `cliente-${Date.now()}@nodes.test`
    const created = await post(nodeA, '/api/clients', { nomeCompleto: 'Cliente Nós', email }, lawyerCookie)
    const { id: clientId } = (await created.json()) as { id: string }
    expect(
      (await post(nodeA, `/api/portal-office/clients/${clientId}/invite`, {}, lawyerCookie)).status,
    ).toBe(200)
    const accepted = await post(nodeB, `/api/portal/invites/${portalTokenIn(outboxA)}/accept`, {
      password: 'senha-do-cliente-1',
    })
    expect(accepted.status).toBe(201)
    const { officeId } = (await accepted.json()) as { officeId: string }
    const client = cookieOf(accepted)
    const home = () =>
      fetch(`${nodeB}/api/portal/o/${officeId}/home`, { headers: { cookie: client } }).then((r) => r.status)
    // Node B resolves the client's session once, then serves it from memory.
    expect(await home()).toBe(200)
    expect(await home()).toBe(200)
    expect(
      (await post(nodeA, `/api/portal-office/clients/${clientId}/revoke`, {}, lawyerCookie)).status,
    ).toBe(200)
    expect(await home()).toBe(401)
  }, 420_000)
})
