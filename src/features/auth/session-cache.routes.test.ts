import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { officeMembers } from '../offices/offices.table.server'
import { createApp } from '../../server/app.server'
import { buildDeps } from '../../server/build-deps.server'
import { loadEnv } from '../../platform/env.server'
import type { AppDeps } from '../../platform/app-env.server'
import { createMemoryMailer, createTestDatabase, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { sessions } from './auth.table.server'

// The per-node session and membership cache (ADR 009): whatever revokes a session or changes a membership is
// seen by the very next request, although requests in between are served from memory.

let t: TestApp
let deps: AppDeps

beforeAll(async () => {
  const { handle, drop } = await createTestDatabase()
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `jc-test-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
  })
  const mailer = createMemoryMailer()
  deps = buildDeps(env, handle, 'test-secret-test-secret-test-secret-0123', mailer)
  t = { app: createApp(deps), handle, env, mailer, close: drop }
  await waitFor(() => deps.sessionCache.changes.live)
})
afterAll(() => t.close())

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A change made straight in the database (not through a route) has been announced to this node. */
const heard = () => deps.sessionCache.changes.sync()

const me = (cookie: string) => t.app.request('/api/me', { headers: { cookie } })

async function signIn(email: string, password = 'senha-segura-123') {
  const response = await t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email, password }))
  expect(response.status).toBe(200)
  return cookieFrom(response)
}

/** Two sessions of one lawyer, both resolved once so they sit in the cache. */
async function twoCachedSessions() {
  const data = lawyerSignUp()
  const first = await signUp(t, data)
  const second = await signIn(data.email)
  for (const cookie of [first.cookie, second]) expect((await me(cookie)).status).toBe(200)
  expect(deps.sessionCache.size).toBeGreaterThanOrEqual(2)
  return { email: data.email, first: first.cookie, second }
}

describe('session cache', () => {
  it('serves a resolved session from memory until something changes it', async () => {
    const { cookie } = await signUp(t)
    expect((await t.app.request('/api/clients', { headers: { cookie } })).status).toBe(200)
    const before = deps.sessionCache.size
    expect((await t.app.request('/api/clients', { headers: { cookie } })).status).toBe(200)
    expect(deps.sessionCache.size).toBe(before)
    expect(deps.membershipCache.size).toBeGreaterThan(0)
  })

  it('refuses a signed-out session on its very next request', async () => {
    const { cookie } = await signUp(t)
    expect((await me(cookie)).status).toBe(200)
    expect((await me(cookie)).status).toBe(200)
    const out = await t.app.request('/api/auth/sign-out', jsonRequest('POST', {}, cookie))
    expect(out.status).toBe(200)
    expect((await me(cookie)).status).toBe(401)
  })

  it('refuses the other sessions revoked from one of them', async () => {
    const { first, second } = await twoCachedSessions()
    const revoke = await t.app.request('/api/auth/revoke-other-sessions', jsonRequest('POST', {}, first))
    expect(revoke.status).toBe(200)
    expect((await me(second)).status).toBe(401)
    expect((await me(first)).status).toBe(200)
  })

  it('refuses the other sessions after a password change that revokes them', async () => {
    const { first, second } = await twoCachedSessions()
    const change = await t.app.request(
      '/api/auth/change-password',
      jsonRequest(
        'POST',
        { currentPassword: 'senha-segura-123', newPassword: 'outra-senha-456', revokeOtherSessions: true },
        first,
      ),
    )
    expect(change.status).toBe(200)
    expect((await me(second)).status).toBe(401)
  })

  it('refuses sessions deleted straight in the database', async () => {
    const { first, second } = await twoCachedSessions()
    const userOf = async (cookie: string) =>
      ((await (await me(cookie)).json()) as { user: { id: string } }).user.id
    const userId = await userOf(first)
    await t.handle.db.delete(sessions).where(eq(sessions.userId, userId))
    await heard()
    expect((await me(first)).status).toBe(401)
    expect((await me(second)).status).toBe(401)
  })

  it('applies a membership deactivated or moved to another level on the next request', async () => {
    const { cookie } = await signUp(t)
    const userId = ((await (await me(cookie)).json()) as { user: { id: string } }).user.id
    const cases = () => t.app.request('/api/cases', { headers: { cookie } })
    expect((await cases()).status).toBe(200)
    expect((await cases()).status).toBe(200)

    await t.handle.db
      .update(officeMembers)
      .set({ nivelAcesso: 'assistente' })
      .where(eq(officeMembers.userId, userId))
    await heard()
    expect((await cases()).status).toBe(403) // assistente: cases.view none
    expect((await t.app.request('/api/clients', { headers: { cookie } })).status).toBe(200)

    await t.handle.db.update(officeMembers).set({ ativo: false }).where(eq(officeMembers.userId, userId))
    await heard()
    expect((await t.app.request('/api/clients', { headers: { cookie } })).status).toBe(403)
  })

  it('slides a 6-day-old session forward: new expiry in the database and a new cookie', async () => {
    const { cookie } = await signUp(t)
    expect((await me(cookie)).status).toBe(200) // cached now
    const userId = ((await (await me(cookie)).json()) as { user: { id: string } }).user.id
    await t.handle.db
      .update(sessions)
      .set({
        expiresAt: sql`now() + interval '1 day'`,
        createdAt: sql`now() - interval '6 days'`,
        updatedAt: sql`now() - interval '6 days'`,
      })
      .where(eq(sessions.userId, userId))
    await heard()

    const response = await me(cookie)
    expect(response.status).toBe(200)
    const refreshed = response.headers.getSetCookie().find((c) => c.includes('session_token='))
    expect(refreshed).toMatch(/Max-Age=604800/)
    const [row] = await t.handle.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
    const sevenDays = 7 * 24 * 60 * 60 * 1000
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + sevenDays))).toBeLessThan(60_000)

    // Within the day after a refresh, requests carry no new cookie.
    const next = await me(cookie)
    expect(next.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false)
  })
})
