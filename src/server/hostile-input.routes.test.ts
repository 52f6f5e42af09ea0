import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDaysISO, todayISO } from '../lib/br/dates'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../test/accounts'
import { createTestApp, type TestApp } from '../test/test-app'
import { hostileRequests, type HostileRequest, type OperationDoc } from './hostile-input.fixtures'

// Issue 24, "hostile input on every route": every operation of GET /api/openapi.json gets at least 10
// malformed requests, signed in as a lawyer (sócio of his own office, like anyone who signs up). Each
// answer must be no 5xx, under 2 s, and — when it is an error — JSON with a pt-BR message; a refused write
// must leave the database as it was. A new route is fuzzed the day it is documented.

interface Doc {
  paths: Record<string, Record<string, OperationDoc>>
}

const SLOW_MS = 2_000
const RATE_LIMITS_OFF = Object.fromEntries(
  [
    'RATE_LIMIT_SIGN_IN_MAX',
    'RATE_LIMIT_SIGN_UP_MAX',
    'RATE_LIMIT_PASSWORD_RESET_MAX',
    'RATE_LIMIT_TWO_FACTOR_MAX',
    'RATE_LIMIT_AUTH_DEFAULT_MAX',
    'RATE_LIMIT_API_MAX',
    'RATE_LIMIT_UPLOAD_MAX',
    'RATE_LIMIT_PRAZOS_MAX',
  ].map((name) => [name, '1000000']),
)

/**
 * Operations that end the session or change what the account may do (sign-out, revoking sessions, the
 * office's 2FA and timeout settings, the subscription): fuzzed last, so they cannot starve the others.
 */
const LAST = /^\/api\/(auth\/|settings\/sessions|privacy|billing|offices\/current|office-settings)/

/** Tables a read or a refusal may write to (sessions, counters, logs of refusals), left out of the change tracking. */
const VOLATILE = new Set([
  'audit_log',
  'rate_limits',
  'sessions',
  'session_activity',
  'platform_session_activity',
  'platform_events',
  'sign_in_events',
  'login_lockouts',
])

/**
 * Row triggers on every table that a refusal must leave alone: each committed insert, delete or real
 * update (presence timestamps aside) leaves the table's name in `hostile_changes`. A rolled-back
 * transaction leaves nothing, as it should.
 */
async function trackChanges(t: TestApp) {
  const { rows } = await t.handle.db.execute(sql`select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`)
  const tables = (rows as { table_name: string }[])
    .map((row) => row.table_name)
    .filter((table) => !VOLATILE.has(table) && /^[a-z_0-9]+$/.test(table))
  const statements = [
    'create table hostile_changes (table_name text not null)',
    `create function hostile_track() returns trigger language plpgsql as $$
      begin insert into hostile_changes values (TG_TABLE_NAME); return null; end $$`,
    ...tables.flatMap((table) => [
      `create trigger hostile_write after insert or delete on "${table}"
        for each row execute function hostile_track()`,
      `create trigger hostile_update after update on "${table}" for each row
        when ((to_jsonb(old) - 'last_seen_at') is distinct from (to_jsonb(new) - 'last_seen_at'))
        execute function hostile_track()`,
    ]),
  ]
  for (const statement of statements) await t.handle.db.execute(sql.raw(statement))
}

/** The tables written since the last call. */
async function takeChanges(t: TestApp): Promise<string[]> {
  const { rows } = await t.handle.db.execute(sql`delete from hostile_changes returning table_name`)
  return [...new Set((rows as { table_name: string }[]).map((row) => row.table_name))].sort()
}

/** English left in a message that reaches the user (better-auth, zod or Hono defaults). */
const ENGLISH =
  /\b(the|is|are|invalid|not found|required|must|expected|received|error|failed|unauthorized|forbidden|too many|missing)\b/i

let t: TestApp
let doc: Doc
let account: { email: string; password: string }
let cookie: string
const pathValues: Record<string, Record<string, string>> = {}

async function post(path: string, body: unknown) {
  const response = await t.app.request(path, jsonRequest('POST', body, cookie))
  const text = await response.text()
  if (response.status >= 300) throw new Error(`seed ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** The id of what a create route answered (`{ id }`, `{ <record>: { id } }` or `{ items: [{ id }] }`). */
function idOf(body: Record<string, unknown>): string {
  if (typeof body.id === 'string' || typeof body.id === 'number') return String(body.id)
  for (const value of Object.values(body)) {
    const record = Array.isArray(value) ? (value[0] as unknown) : value
    const id = (record as { id?: unknown } | null)?.id
    if (typeof id === 'string' || typeof id === 'number') return String(id)
  }
  throw new Error(`no id in ${JSON.stringify(body).slice(0, 200)}`)
}

async function signIn() {
  const response = await t.app.request('/api/auth/sign-in/email', jsonRequest('POST', account))
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`)
  cookie = cookieFrom(response)
}

/** Records the office's first rows, so PATCH/PUT bodies are tried on records that exist. */
async function seed(today: string, inAMonth: string) {
  const client = idOf(await post('/api/clients', { nomeCompleto: 'Cliente Semente' }))
  const kase = idOf(
    await post('/api/cases', { titulo: 'Caso semente', areaJuridica: 'Civil', clientId: client }),
  )
  const event = idOf(
    await post('/api/agenda/events', { titulo: 'Reunião', tipo: 'reuniao', data: inAMonth, hora: '10:00' }),
  )
  const entry = idOf(
    await post('/api/financial/entries', {
      ...{ tipo: 'receita', categoria: 'honorarios', descricao: 'Semente', valor: '100.00' },
      dataVencimento: inAMonth,
    }),
  )
  const proposal = idOf(
    await post('/api/financial/proposals', {
      clientId: client,
      modelo: 'fixo',
      valorFixo: '1000.00',
      primeiroVencimento: inAMonth,
      validade: inAMonth,
    }),
  )
  const member = idOf(
    await post('/api/team', { nomeCompleto: 'Membro Semente', nivelAcesso: 'associado', convidar: false }),
  )
  const language = idOf(await post('/api/profile/languages', { idioma: 'Inglês', nivel: 'fluente' }))
  await post('/api/timesheet', { caseId: kase, data: today, minutos: 30 })
  const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
  const upload = await t.app.request('/api/documents?name=contrato.pdf&pasta=contratos&nivelAcesso=publico', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie },
    body: pdf,
  })
  const document = idOf((await upload.json()) as Record<string, unknown>)
  Object.assign(pathValues, {
    '/api/clients/{id}': { id: client, clientId: client },
    '/api/cases/{id}': { id: kase, clientId: client },
    '/api/agenda/events/{id}': { id: event, caseId: kase },
    '/api/financial/entries/{id}': { id: entry },
    '/api/financial/proposals/{id}': { id: proposal, clientId: client },
    '/api/documents/{id}': { id: document },
    '/api/team/{id}': { id: member },
    '/api/profile/{collection}/{id}': { collection: 'languages', id: language },
    '/api/profile/{collection}': { collection: 'languages' },
    '/api/timesheet': { caseId: kase },
    '/api/financial/proposals': { clientId: client },
  })
}

/** Real records for an operation that takes a body (others get random ids: a DELETE must not succeed). */
function recordsFor(template: string, takesBody: boolean): Record<string, string> {
  if (!takesBody) return {}
  const prefix = Object.keys(pathValues)
    .filter((key) => template === key || template.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0]
  return prefix ? (pathValues[prefix] ?? {}) : {}
}

interface Outcome {
  status: number
  ms: number
  problem?: string
}

async function send(request: HostileRequest): Promise<Outcome> {
  const started = performance.now()
  const response = await t.app.request(request.url, {
    ...request.init,
    headers: { ...request.init.headers, cookie },
  })
  const type = response.headers.get('content-type') ?? ''
  if (response.status < 400) {
    // A JSON success must parse; a stream, a file or a redirect is not read (an SSE stream never ends).
    if (response.status >= 300 || !type.includes('application/json')) {
      await response.body?.cancel()
      return { status: response.status, ms: performance.now() - started }
    }
    const text = await response.text()
    const ms = performance.now() - started
    try {
      JSON.parse(text)
      return { status: response.status, ms }
    } catch {
      return { status: response.status, ms, problem: 'unparsable JSON' }
    }
  }
  const text = await response.text()
  const ms = performance.now() - started
  if (!type.includes('application/json'))
    return { status: response.status, ms, problem: `not JSON (${type})` }
  let message: unknown
  try {
    message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message
  } catch {
    return { status: response.status, ms, problem: 'unparsable JSON' }
  }
  if (typeof message !== 'string' || message.trim() === '')
    return { status: response.status, ms, problem: 'no message' }
  if (ENGLISH.test(message))
    return { status: response.status, ms, problem: `English message: ${message.slice(0, 80)}` }
  return { status: response.status, ms }
}

beforeAll(async () => {
  const app = await createTestApp(RATE_LIMITS_OFF)
  // Jobs are queued and never run: what a request does is under test, not what a job does later (a job
  // writing in the background would also be taken for a refused request's change). Without a runner, a
  // route that queues one (a backup) would fail where production cannot.
  app.deps.jobs = {
    started: true,
    send: async () => randomUUID(),
    cancel: async () => {},
    start: async () => {},
    stop: async () => {},
  }
  t = app
  const data = lawyerSignUp()
  account = { email: data.email, password: data.password }
  cookie = (await signUp(t, data)).cookie
  const response = await t.app.request('/api/openapi.json')
  doc = (await response.json()) as Doc
})
afterAll(() => t.close())

describe('hostile input on every documented operation', () => {
  it('never answers 5xx, slowly, without a pt-BR JSON error, or with a refused write left behind', async () => {
    const today = todayISO()
    const inAMonth = addDaysISO(today, 30)
    await seed(today, inAMonth)
    await trackChanges(t)
    // The tracking sees a write that commits (else every "nothing changed" below would be vacuous).
    await post('/api/clients', { nomeCompleto: 'Cliente Rastreado' })
    expect(await takeChanges(t)).toContain('clients')

    const operations = Object.entries(doc.paths)
      .flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ template, method, op })),
      )
      .sort((a, b) => Number(LAST.test(a.template)) - Number(LAST.test(b.template)))
    const problems: string[] = []
    const serverErrors = new Map<string, number>()
    let sent = 0
    await takeChanges(t)
    const started = performance.now()

    for (const { template, method, op } of operations) {
      const key = `${method.toUpperCase()} ${template}`
      const takesBody = op.requestBody !== undefined
      const requests = hostileRequests(method, template, op, {
        today,
        inAMonth,
        pathValues: recordsFor(template, takesBody),
      })
      expect(requests.length, key).toBeGreaterThanOrEqual(10)
      let sawUnauthorized = false
      for (const request of requests) {
        const outcome = await send(request)
        sent += 1
        const where = `${key} [${request.label}] → ${outcome.status}`
        if (outcome.status >= 500) serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1)
        if (outcome.status >= 500) problems.push(`${where}: server error`)
        if (outcome.problem) problems.push(`${where}: ${outcome.problem}`)
        if (outcome.ms > SLOW_MS) problems.push(`${where}: ${Math.round(outcome.ms)} ms`)
        if (outcome.status === 401) sawUnauthorized = true
        const changed = await takeChanges(t)
        if (outcome.status >= 400 && changed.length > 0) {
          problems.push(`${where}: refused but changed ${changed.join(', ')}`)
        }
      }
      // sign-out and session revocation end the lawyer's session: sign in again for the next operation.
      if (sawUnauthorized && (await t.app.request('/api/me', { headers: { cookie } })).status === 401) {
        await signIn()
        await takeChanges(t)
      }
    }

    const seconds = (performance.now() - started) / 1000
    console.warn(
      `hostile input: ${sent} requests to ${operations.length} operations in ${seconds.toFixed(1)} s; ` +
        `5xx by operation: ${JSON.stringify(Object.fromEntries(serverErrors))}`,
    )
    expect(sent).toBeGreaterThanOrEqual(1_000)
    expect(problems).toEqual([])
  }, 300_000)
})
