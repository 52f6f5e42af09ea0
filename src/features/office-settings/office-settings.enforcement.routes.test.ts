// requireOffice acts on the office's settings: 2FA required and the inactivity timeout (issue 12).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { sessions } from '../auth/auth.table.server'
import { sessionActivity } from './office-settings.table.server'
import { officeWithSocio, saveSettings, userIdOf } from './office-settings.fixtures'

let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let office: Awaited<ReturnType<typeof officeWithSocio>>
let associado: { cookie: string; email: string }
let other: { cookie: string; email: string }
// Waits until this node heard the database's eviction notices (ADR 009).
const heard = () => t.deps.membershipCache.changes.sync()

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

beforeAll(async () => {
  t = await createTestApp()
  // The per-node caches work (and are evicted by the database) only once the change feed listens.
  await waitFor(() => t.deps.membershipCache.changes.live)
  office = await officeWithSocio(t)
  associado = await office.member('associado', 'Ana Associada')
  other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otávio Outro' }))
})
afterAll(() => t.close())

describe('require 2FA', () => {
  it('answers 403 two_factor_required to members without 2FA until they enable it', async () => {
    expect(
      (await t.app.request('/api/clients', jsonRequest('GET', undefined, associado.cookie))).status,
    ).toBe(200)
    await saveSettings(t, office.socio.cookie, { require2fa: true })
    await heard()
    for (const cookie of [associado.cookie, office.socio.cookie]) {
      const response = await t.app.request('/api/clients', jsonRequest('GET', undefined, cookie))
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        error: {
          code: 'two_factor_required',
          message:
            'Este escritório exige a verificação em duas etapas. Ative-a em Configurações para continuar.',
        },
      })
    }
    // The 2FA setup itself (settings, /api/me) stays reachable.
    expect((await t.app.request('/api/me', jsonRequest('GET', undefined, associado.cookie))).status).toBe(200)
    const me = await t.app.request('/api/me', jsonRequest('GET', undefined, associado.cookie))
    expect(((await me.json()) as { office: { exige2fa: boolean } }).office.exige2fa).toBe(true)
    // Enabling 2FA (better-auth sets users.two_factor_enabled) lets the member in at once.
    await t.handle.db.execute(
      sql`update users set two_factor_enabled = true where id = ${await userIdOf(t, associado.email)}`,
    )
    await heard()
    expect(
      (await t.app.request('/api/clients', jsonRequest('GET', undefined, associado.cookie))).status,
    ).toBe(200)
    expect(
      (await t.app.request('/api/clients', jsonRequest('GET', undefined, office.socio.cookie))).status,
    ).toBe(403)
    // Other offices are not affected.
    expect((await t.app.request('/api/clients', jsonRequest('GET', undefined, other.cookie))).status).toBe(
      200,
    )
    await t.handle.db.execute(
      sql`update office_settings set require_2fa = false where office_id = ${office.officeId}`,
    )
    await heard()
    expect(
      (await t.app.request('/api/clients', jsonRequest('GET', undefined, office.socio.cookie))).status,
    ).toBe(200)
  })
})

describe('session inactivity timeout', () => {
  it('signs out a session idle longer than the office timeout (401 pt-BR), keeps an active one', async () => {
    const member = await office.member('estagiario', 'Eva Estagiária')
    await saveSettings(t, office.socio.cookie, { sessionTimeoutMin: 30 })
    await heard()
    const clients = (cookie: string) => t.app.request('/api/clients', jsonRequest('GET', undefined, cookie))
    expect((await clients(member.cookie)).status).toBe(200)
    const userId = await userIdOf(t, member.email)
    // 20 idle minutes: within the timeout.
    await t.handle.db
      .update(sessionActivity)
      .set({ lastActiveAt: sql`now() - interval '20 minutes'` })
      .where(eq(sessionActivity.userId, userId))
    await heard()
    expect((await clients(member.cookie)).status).toBe(200)
    // 31 idle minutes: signed out.
    await t.handle.db
      .update(sessionActivity)
      .set({ lastActiveAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessionActivity.userId, userId))
    await heard()
    const expired = await clients(member.cookie)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({
      error: { code: 'session_expired', message: 'Sua sessão expirou por inatividade. Entre novamente.' },
    })
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([])
    expect((await clients(member.cookie)).status).toBe(401)
  })

  it('writes the activity at most once a minute per session: most requests cost no round trip', async () => {
    const member = await office.member('associado', 'Rita Rápida')
    const userId = await userIdOf(t, member.email)
    // Joining the office notifies a change for the member: heard after the first request, it would
    // (rightly) evict the cached activity and the next request would write it again.
    await heard()
    const clients = () => t.app.request('/api/clients', jsonRequest('GET', undefined, member.cookie))
    expect((await clients()).status).toBe(200)
    const activity = async () =>
      (
        await t.handle.db
          .select({ at: sessionActivity.lastActiveAt })
          .from(sessionActivity)
          .where(eq(sessionActivity.userId, userId))
      )[0]?.at.getTime()
    const first = await activity()
    expect(first).toBeDefined()
    for (let i = 0; i < 5; i++) expect((await clients()).status).toBe(200)
    expect(await activity()).toBe(first)
  })

  it("counts a session's sign-in as its first activity", async () => {
    const member = await office.member('assistente', 'Caio Assistente')
    const userId = await userIdOf(t, member.email)
    await t.handle.db
      .update(sessions)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.userId, userId))
    await heard()
    const response = await t.app.request('/api/clients', jsonRequest('GET', undefined, member.cookie))
    expect(response.status).toBe(401)
  })
})
