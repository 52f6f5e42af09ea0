import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressKey } from '../platform/rate-limit.server'
import { lawyerSignUp, signUp } from '../test/accounts'
import { createTestApp, type TestApp } from '../test/test-app'
import { createApp } from './app.server'

// Issue 24, item 7: requests without a session — the public API and the public pages whose meta the server
// renders — are limited per client address (RATE_LIMIT_ANONYMOUS_MAX), shared through the rate_limits table
// like the other limits. The health check and the auth routes stay out; a signed-in user is not counted.

const MAX = 5
const RATE_LIMITED = {
  code: 'rate_limited',
  message: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
}
const INDEX = '<!doctype html><html><head><title>JusConecta</title></head><body></body></html>'

let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let site: ReturnType<typeof createApp>
let clientDir: string
let slug: string
let cookie: string

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ANONYMOUS_MAX: String(MAX) })
  // The app with the built SPA, as `npm start` serves it (the page meta is only rendered there).
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-anon-limit-'))
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX)
  site = createApp(t.deps, { clientDir })
  ;({ cookie } = await signUp(t, lawyerSignUp({ nomeCompleto: 'Beatriz Pública' })))
  slug = (
    await t.handle.db.execute<{ slug: string }>(
      sql`select slug from profiles where nome_completo = 'Beatriz Pública'`,
    )
  ).rows[0]!.slug
})
afterAll(async () => {
  await t.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

/** A request from `address` (the socket's, as without a proxy). */
const from = (address: string, url: string, headers: Record<string, string> = {}) =>
  site.request(url, { headers }, { incoming: { socket: { remoteAddress: address } } })

async function expectLimited(response: Response) {
  expect(response.status).toBe(429)
  expect(await response.json()).toEqual({ error: RATE_LIMITED })
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60)
}

describe('anonymous /api requests, per address', () => {
  it('answers 429 to the N+1th; another address is unaffected; health and auth are not counted', async () => {
    const address = '198.51.100.40'
    for (let i = 0; i < 3; i++) {
      expect((await from(address, '/api/health')).status).toBe(200)
      expect((await from(address, '/api/auth/get-session')).status).toBe(200)
    }
    const urls = ['/api/directory/lawyers', '/api/jobs', '/api/entities', `/api/directory/profiles/${slug}`]
    for (let i = 0; i < MAX; i++) {
      expect((await from(address, urls[i % urls.length]!)).status, String(i)).toBe(200)
    }
    await expectLimited(await from(address, '/api/directory/lawyers'))
    // An unknown route is counted too (scanning is traffic as well).
    await expectLimited(await from(address, '/api/nao-existe'))
    expect((await from('198.51.100.41', '/api/directory/lawyers')).status).toBe(200)
    expect((await from(address, '/api/health')).status).toBe(200)
    expect((await from(address, '/api/auth/get-session')).status).toBe(200)
  })

  it('does not count a signed-in user, even from a limited address', async () => {
    const address = '198.51.100.42'
    for (let i = 0; i < MAX; i++) await from(address, '/api/jobs')
    await expectLimited(await from(address, '/api/jobs'))
    for (let i = 0; i < MAX * 2; i++) {
      expect((await from(address, '/api/directory/lawyers', { cookie })).status, String(i)).toBe(200)
    }
    // An invalid session cookie is anonymous.
    await expectLimited(await from(address, '/api/jobs', { cookie: 'better-auth.session_token=forjado' }))
  })

  it('counts an IPv6 client by its /64 (one subscriber holds the whole prefix)', async () => {
    for (let i = 0; i < MAX; i++) {
      expect((await from(`2001:db8:7:8::${i + 1}`, '/api/jobs')).status).toBe(200)
    }
    await expectLimited(await from('2001:db8:7:8:ffff::1', '/api/jobs'))
    expect((await from('2001:db8:7:9::1', '/api/jobs')).status).toBe(200)
  })

  it('keeps the count in the shared table (every node sees the same budget)', async () => {
    const address = '198.51.100.43'
    for (let i = 0; i < 3; i++) await from(address, '/api/jobs')
    // The counts reach the table in the background, within a second.
    let count = 0
    for (let wait = 0; wait < 50 && count < 3; wait++) {
      const rows = await t.handle.db.execute<{ count: number }>(
        sql`select count from rate_limits where key = ${`anon:${address}`}`,
      )
      count = Number(rows.rows[0]?.count ?? 0)
      if (count < 3) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(count).toBe(3)
  })
})

describe('server-rendered public pages, per address', () => {
  it('counts the pages whose meta the server renders, in the same budget; other pages are not counted', async () => {
    const address = '198.51.100.44'
    for (let i = 0; i < 10; i++) expect((await from(address, '/')).status).toBe(200)
    for (let i = 0; i < 3; i++) {
      const page = await from(address, `/advogados/${slug}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Beatriz Pública')
    }
    expect((await from(address, '/api/jobs')).status).toBe(200)
    expect((await from(address, '/advogados/ninguem-12345678')).status).toBe(404)
    await expectLimited(await from(address, `/advogados/${slug}`))
    await expectLimited(await from(address, '/api/jobs'))
    expect((await from(address, '/')).status).toBe(200)
    expect((await from('198.51.100.45', `/advogados/${slug}`)).status).toBe(200)
  })
})

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::ffff:cb00:7109')).toBe('203.0.113.9')
    expect(addressKey('2001:db8:7:8::1')).toBe('2001:db8:7:8::/64')
    expect(addressKey('2001:0db8:0007:0008:ffff:0:0:1')).toBe('2001:db8:7:8::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })
})
