// The platform settings obeyed on the API (issue 14): maintenance, sign-ups, 2FA for admins, session
// timeout, login attempts.
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import { users } from '../auth/auth.table.server'
import { userRoles } from '../auth/user-roles.table.server'
import { settingsBody } from './platform-settings.fixtures'
import { setPlatformMaintenance } from './platform-settings.public.server'
import { platformSessionActivity, platformSettings } from './platform-settings.table.server'

const MASTER = 'master-enforce@example.com'
let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let master: { cookie: string; id: string }
let plain: { cookie: string; id: string; email: string; password: string }
let admin: { cookie: string; id: string }

/** Waits until this node heard every NOTIFY committed so far (PostgreSQL delivers them asynchronously). */
const heard = () => t.deps.sessionCache.changes.sync()

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })

async function account(data = lawyerSignUp()) {
  const { cookie } = await signUp(t, data)
  const me = await (await get('/api/me', cookie)).json()
  return { cookie, id: me.user.id as string, email: data.email, password: data.password }
}

/** Saves through the API as the superadmin (the way the page does): this node obeys at once. */
async function save(patch: Record<string, unknown>) {
  const response = await t.app.request(
    '/api/platform-settings',
    jsonRequest('PUT', settingsBody(patch), master.cookie),
  )
  expect(response.status).toBe(200)
}

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  master = await account(lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' }))
  master = { ...master, cookie: await becomeMaster(t, MASTER) }
  plain = await account(lawyerSignUp({ nomeCompleto: 'Paula Comum' }))
  admin = await account(lawyerSignUp({ nomeCompleto: 'Adelaide Admin' }))
  await t.handle.db.insert(userRoles).values({ userId: admin.id, role: 'admin' })
})
// Whatever a test turned on is turned off again (straight in SQL: the trigger evicts the cache).
afterEach(async () => {
  await t.handle.db.update(platformSettings).set({
    maintenanceMode: false,
    signupsOpen: true,
    require2faAdmins: false,
    loginAttempts: 5,
    sessionTimeoutMin: 120,
  })
  await heard()
})
afterAll(() => t.close())

const MAINTENANCE = {
  error: {
    code: 'maintenance',
    message: 'A plataforma está em manutenção. Tente novamente em alguns minutos.',
  },
}

describe('maintenance mode', () => {
  it('answers 503 to users and visitors, keeps admins, sign-in, /api/me and health working', async () => {
    await save({ maintenanceMode: true })
    const blocked = await get('/api/profile', plain.cookie)
    expect(blocked.status).toBe(503)
    expect(await blocked.json()).toEqual(MAINTENANCE)
    expect((await get('/api/directory/lawyers')).status).toBe(503)
    expect((await get('/api/me', plain.cookie)).status).toBe(200)
    expect((await get('/api/health')).status).toBe(200)
    expect(await (await get('/api/platform-settings/public')).json()).toMatchObject({ maintenanceMode: true })
    expect((await get('/api/profile', admin.cookie)).status).toBe(200)
    expect((await get('/api/platform-settings', master.cookie)).status).toBe(200)
    const signIn = await t.app.request(
      '/api/auth/sign-in/email',
      jsonRequest('POST', { email: plain.email, password: plain.password }),
    )
    expect(signIn.status).toBe(200)
  })

  it('follows a change made straight in the database (the trigger evicts the cache)', async () => {
    expect((await get('/api/profile', plain.cookie)).status).toBe(200)
    await t.handle.db.update(platformSettings).set({ maintenanceMode: true })
    await heard()
    expect((await get('/api/profile', plain.cookie)).status).toBe(503)
    await t.handle.db.update(platformSettings).set({ maintenanceMode: false })
    await heard()
    expect((await get('/api/profile', plain.cookie)).status).toBe(200)
    // The helper the platform restore uses.
    await setPlatformMaintenance(t.handle.db, true)
    await heard()
    expect((await get('/api/profile', plain.cookie)).status).toBe(503)
  })
})

describe('new sign-ups', () => {
  it('off: sign-up answers 403 with a clear pt-BR message and creates nobody', async () => {
    await save({ signupsOpen: false })
    const data = lawyerSignUp({ nomeCompleto: 'Nova Pessoa' })
    const response = await t.app.request('/api/auth/sign-up', jsonRequest('POST', data))
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      error: {
        code: 'signups_closed',
        message: 'Novos cadastros estão temporariamente desativados. Tente novamente mais tarde.',
      },
    })
    const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, data.email))
    expect(row).toBeUndefined()
  })

  it('on again: sign-up works', async () => {
    const response = await t.app.request('/api/auth/sign-up', jsonRequest('POST', lawyerSignUp()))
    expect(response.status).toBeLessThan(300)
  })
})

describe('2FA required for admins', () => {
  it('refuses admin routes to an admin without 2FA, with a pt-BR code, until it is enabled', async () => {
    await save({ require2faAdmins: true })
    const refused = await get('/api/platform-settings', master.cookie)
    expect(refused.status).toBe(403)
    expect((await refused.json()).error).toEqual({
      code: 'two_factor_required',
      message:
        'A autenticação em dois fatores é obrigatória para administradores. Ative-a em Configurações > Segurança.',
    })
    expect((await get('/api/admin/stats', master.cookie)).status).toBe(403)
    expect((await get('/api/platform-settings/public', master.cookie)).status).toBe(200)
    // Outside the administration, and for ordinary users, nothing changes.
    expect((await get('/api/profile', master.cookie)).status).toBe(200)
    expect((await get('/api/profile', plain.cookie)).status).toBe(200)
    await t.handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, master.id))
    await heard()
    expect((await get('/api/platform-settings', master.cookie)).status).toBe(200)
    await t.handle.db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, master.id))
  })
})

describe('session timeout', () => {
  const age = async (userId: string, minutes: number) => {
    await t.handle.db
      .update(platformSessionActivity)
      .set({ lastActiveAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(platformSessionActivity.userId, userId))
    await heard()
  }

  it("ends an ordinary user's session after the configured inactivity, not an admin's", async () => {
    await save({ sessionTimeoutMin: 30 })
    const user = await account(lawyerSignUp({ nomeCompleto: 'Inês Inativa' }))
    expect((await get('/api/profile', user.cookie)).status).toBe(200)
    expect((await get('/api/profile', admin.cookie)).status).toBe(200)
    await age(user.id, 20)
    expect((await get('/api/profile', user.cookie)).status).toBe(200)
    await age(user.id, 31)
    const expired = await get('/api/profile', user.cookie)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({
      error: { code: 'session_expired', message: 'Sua sessão expirou por inatividade. Entre novamente.' },
    })
    expect((await get('/api/profile', user.cookie)).status).toBe(401)
    await age(admin.id, 31)
    expect((await get('/api/profile', admin.cookie)).status).toBe(200)
  })
})

describe('login attempts', () => {
  const signIn = (email: string, password: string) =>
    t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email, password }))

  it('locks the account after the configured number of failures', async () => {
    await save({ loginAttempts: 3 })
    const victim = await account(lawyerSignUp({ nomeCompleto: 'Vítor Tentativas' }))
    expect((await signIn(victim.email, 'errada-1')).status).toBe(401)
    expect((await signIn(victim.email, 'errada-2')).status).toBe(401)
    const third = await signIn(victim.email, 'errada-3')
    expect(third.status).toBe(423)
    expect((await third.json()).message).toContain('após 3 tentativas')
    expect((await signIn(victim.email, victim.password)).status).toBe(423)
  })
})
