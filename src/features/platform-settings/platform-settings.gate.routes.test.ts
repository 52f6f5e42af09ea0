// THE platform gate (decision 021, amended): one middleware answers 503 to non-admins for two reasons —
// the maintenance switch of /admin/settings and a platform restore in progress — each with its own message.
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AppDeps, AppEnv } from '../../platform/app-env.server'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { userRoles } from '../auth/user-roles.table.server'
import { platformBackupState } from '../platform-backup/platform-backup.table.server'
import { MaintenanceError, platformGate } from './platform-settings.gate.server'
import { platformSettings } from './platform-settings.table.server'

let t: TestApp & { deps: AppDeps }
let plain: { cookie: string; email: string; password: string }
let admin: { cookie: string }

const SETTINGS = {
  code: 'maintenance',
  message: 'A plataforma está em manutenção. Tente novamente em alguns minutos.',
}
const RESTORE = {
  code: 'maintenance',
  message: 'A plataforma está em manutenção para restauração de backup. Tente novamente em alguns minutos.',
}

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })
const heard = () => t.deps.sessionCache.changes.sync()
/** The restore flag is read at most once a second per node: wait for the next reading. */
const nextReading = () => new Promise((resolve) => setTimeout(resolve, 1100))

async function setRestoring(on: boolean) {
  const values = {
    restoringBackupId: on ? '00000000-0000-4000-8000-00000000abcd' : null,
    restoreStartedAt: on ? new Date() : null,
  }
  await t.handle.db
    .insert(platformBackupState)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: platformBackupState.id, set: values })
  await nextReading()
}

async function setMaintenance(on: boolean) {
  await t.handle.db.update(platformSettings).set({ maintenanceMode: on })
  await heard()
}

async function errorOf(response: Response) {
  expect(response.status).toBe(503)
  return ((await response.json()) as { error: unknown }).error
}

beforeAll(async () => {
  t = await createTestApp()
  const data = lawyerSignUp({ nomeCompleto: 'Paula Portão' })
  plain = { ...(await signUp(t, data)), email: data.email, password: data.password }
  const adminData = lawyerSignUp({ nomeCompleto: 'Ana Admin Portão' })
  admin = await signUp(t, adminData)
  const me = await (await get('/api/me', admin.cookie)).json()
  await t.handle.db.insert(userRoles).values({ userId: me.user.id as string, role: 'admin' })
}, 60_000)
afterEach(async () => {
  await setMaintenance(false)
  await setRestoring(false)
})
afterAll(() => t.close())

describe('one gate, two reasons', () => {
  it('a restore: 503 with its own message to users and visitors, sign-in included; admins and health pass', async () => {
    await setRestoring(true)
    expect(await errorOf(await get('/api/profile', plain.cookie))).toEqual(RESTORE)
    expect(await errorOf(await get('/api/directory/lawyers'))).toEqual(RESTORE)
    // Unlike the switch, a restore closes sign-in and /api/me too: they would wait on its locks.
    expect(await errorOf(await get('/api/me', plain.cookie))).toEqual(RESTORE)
    const signIn = await t.app.request(
      '/api/auth/sign-in/email',
      jsonRequest('POST', { email: plain.email, password: plain.password }),
    )
    expect(await errorOf(signIn)).toEqual(RESTORE)
    expect((await get('/api/health')).status).toBe(200)
    expect((await get('/api/platform-settings/public')).status).toBe(200)
    expect((await get('/api/profile', admin.cookie)).status).toBe(200)

    await setRestoring(false)
    expect((await get('/api/profile', plain.cookie)).status).toBe(200)
  })

  it('the switch: 503 with the maintenance message; a restore on top of it outranks it', async () => {
    await setMaintenance(true)
    expect(await errorOf(await get('/api/profile', plain.cookie))).toEqual(SETTINGS)
    expect((await get('/api/me', plain.cookie)).status).toBe(200)
    await setRestoring(true)
    expect(await errorOf(await get('/api/profile', plain.cookie))).toEqual(RESTORE)
    expect((await get('/api/profile', admin.cookie)).status).toBe(200)
    await setRestoring(false)
    expect(await errorOf(await get('/api/profile', plain.cookie))).toEqual(SETTINGS)
  })

  it('platformGate mounted alone gives both answers: no second middleware is needed', async () => {
    const reasons: string[] = []
    const alone = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('deps', t.deps)
        c.set('db', t.deps.db)
        await next()
      })
      .use(platformGate)
      .get('/api/anything', (c) => c.json({ ok: true }))
      .onError((error, c) => {
        if (!(error instanceof MaintenanceError)) throw error
        reasons.push(error.reason)
        return c.json({ error: { code: error.code, message: error.message } }, 503)
      })
    expect((await alone.request('/api/anything')).status).toBe(200)
    await setMaintenance(true)
    expect(await errorOf(await alone.request('/api/anything'))).toEqual(SETTINGS)
    await setRestoring(true)
    expect(await errorOf(await alone.request('/api/anything'))).toEqual(RESTORE)
    expect(reasons).toEqual(['settings', 'restore'])
  })
})
