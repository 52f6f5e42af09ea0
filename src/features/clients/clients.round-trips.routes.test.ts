import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp } from '../../test/test-app'

// Issue 7 / docs/decisions/018: on this VM every database round trip a request makes costs more than the
// SQL it runs. Once this node has the session, membership, settings and the minute's activity stamps
// in memory (ADR 009), a list request must send its page and its capped count and nothing else — a
// middleware that starts querying per request shows up here, not months later in a bench.

let t: Awaited<ReturnType<typeof createTestApp>>
let cookie: string
let sent: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  cookie = (await signUp(t, lawyerSignUp())).cookie
  for (const nomeCompleto of ['Maria Araújo', 'José Souza']) {
    const created = await t.app.request(
      '/api/clients',
      jsonRequest('POST', { nomeCompleto, tipoPessoa: 'fisica' }, cookie),
    )
    expect(created.status, await created.clone().text()).toBe(201)
  }
  // The caches answer only while this node hears the change feed (ADR 009); under load LISTEN may take a while.
  const changes = t.deps.sessionCache.changes
  for (let waited = 0; !changes.live && waited < 20_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(changes.live).toBe(true)
  // The sign-up's own change notices (session, membership) must be heard before the warm-up request, or
  // one arriving after it evicts what it cached and the "warm" request loads it again.
  await changes.sync()
  // Every statement the app's database client is given (PostgreSQL pool or PGlite), recorded by text.
  const client = (t.handle.db as unknown as { $client: Record<string, unknown> }).$client
  for (const method of ['query', 'exec']) {
    const original = client[method]
    if (typeof original !== 'function') continue
    client[method] = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined
      sent.push(typeof first === 'string' ? first : (first?.text ?? ''))
      return (original as (...a: unknown[]) => unknown).apply(client, args)
    }
  }
})
afterAll(() => t.close())

/** The statements one GET sent, but the restore guard's once-a-second flag read (platform-backup). */
async function statementsOf(path: string): Promise<string[]> {
  sent = []
  const response = await t.app.request(path, jsonRequest('GET', undefined, cookie))
  expect(response.status).toBe(200)
  await response.text()
  return sent.filter((text) => !text.includes('platform_backup_state'))
}

describe('GET /api/clients round trips', () => {
  it('a warm request sends only the page and its count', async () => {
    // The first request of a session fills this node's caches and stamps (session, membership, presence).
    await statementsOf('/api/clients?limit=50')
    for (const path of ['/api/clients?limit=50', '/api/clients?search=araujo']) {
      const statements = await statementsOf(path)
      expect(statements, statements.join('\n---\n')).toHaveLength(2)
      expect(statements.every((text) => /from "clients"/.test(text))).toBe(true)
      expect(statements.some((text) => /count\(\*\)/.test(text))).toBe(true)
    }
  })

  it('answers the page with ISO timestamps written by the database', async () => {
    const response = await t.app.request('/api/clients?search=araujo', jsonRequest('GET', undefined, cookie))
    const body = (await response.json()) as { items: { nomeCompleto: string; createdAt: string }[] }
    expect(body.items.map((item) => item.nomeCompleto)).toEqual(['Maria Araújo'])
    const createdAt = body.items[0]!.createdAt
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(new Date(createdAt).toISOString()).toBe(createdAt)
    expect(Math.abs(Date.now() - Date.parse(createdAt))).toBeLessThan(10 * 60_000)
  })
})
