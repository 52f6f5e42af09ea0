import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { DEFAULT_SETTINGS, type SettingsInput } from './settings.schema'
import { signInEvents, userSettings } from './settings.table.server'
import { totpFromUri } from './totp.testing'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })

/** Merges the Set-Cookie of a response into a Cookie header (better-auth rotates the session cookie). */
function mergeCookies(cookie: string, response: Response) {
  const jar = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair] as const))
  for (const pair of cookieFrom(response).split('; ').filter(Boolean)) {
    const [name] = pair.split('=')
    if (pair.endsWith('=')) jar.delete(name)
    else jar.set(name, pair)
  }
  return [...jar.values()].join('; ')
}

async function signIn(email: string, password = 'senha-segura-123', userAgent = CHROME_WINDOWS) {
  const response = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email, password }),
  })
  return { response, cookie: cookieFrom(response), body: await response.clone().json() }
}

const fullSettings = (overrides: Partial<SettingsInput> = {}): SettingsInput => ({
  ...DEFAULT_SETTINGS,
  ...overrides,
})

describe('anonymous calls', () => {
  it.each([
    ['GET', '/api/settings'],
    ['PUT', '/api/settings'],
    ['GET', '/api/settings/activity'],
    ['GET', '/api/settings/sessions'],
    ['DELETE', '/api/settings/sessions/abc'],
    ['POST', '/api/settings/sessions/revoke-others'],
  ])('%s %s answers 401', async (method, path) => {
    const response = await t.app.request(
      path,
      jsonRequest(method, method === 'PUT' ? fullSettings() : undefined),
    )
    expect(response.status).toBe(401)
    expect((await response.json()).error.code).toBe('unauthorized')
  })
})

describe('GET/PUT /api/settings', () => {
  it('answers the defaults before the first save, with the lawyer’s OAB state prefilled', async () => {
    const { cookie } = await signUp(t, lawyerSignUp({ oabEstado: 'MG' }))
    const response = await get('/api/settings', cookie)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ...DEFAULT_SETTINGS, oabEstado: 'MG', updatedAt: null })
  })

  it('persists every field and only for the caller', async () => {
    const owner = await signUp(t)
    const other = await signUp(t)
    const wanted = fullSettings({
      theme: 'dark',
      compactMode: true,
      language: 'en',
      notifyEmail: false,
      notifyPush: false,
      notifyDeadlines: false,
      notifyNewClients: false,
      notifyWeeklyReports: true,
      displayName: '  Dra. Ana  ',
      bio: 'Direito civil e família.',
      publicProfile: false,
      dataSharing: true,
      digitalSignature: true,
      oabIntegration: true,
      oabEstado: 'RJ',
    })
    const saved = await t.app.request('/api/settings', jsonRequest('PUT', wanted, owner.cookie))
    expect(saved.status).toBe(200)
    const body = await saved.json()
    expect(body).toMatchObject({ ...wanted, displayName: 'Dra. Ana' })
    expect(typeof body.updatedAt).toBe('string')

    expect(await (await get('/api/settings', owner.cookie)).json()).toEqual(body)
    // The other user still has the defaults: the row is keyed by the session's user, never the request.
    expect((await (await get('/api/settings', other.cookie)).json()).updatedAt).toBeNull()
  })

  it('stores blank texts as null', async () => {
    const { cookie } = await signUp(t)
    const response = await t.app.request(
      '/api/settings',
      jsonRequest('PUT', fullSettings({ displayName: '   ', bio: '' }), cookie),
    )
    expect(await response.json()).toMatchObject({ displayName: null, bio: null })
  })

  it.each([
    ['an unknown language', { language: 'fr' }, 'language'],
    ['an unknown theme', { theme: 'blue' }, 'theme'],
    ['a bio over 500 characters', { bio: 'x'.repeat(501) }, 'bio'],
    ['an invalid OAB state', { oabEstado: 'XX' }, 'oabEstado'],
    ['a user id (settings are always the caller’s)', { userId: 'someone-else' }, '_'],
  ])('rejects %s with 400 and writes nothing', async (_label, patch, field) => {
    const { cookie } = await signUp(t)
    const me = await (await get('/api/me', cookie)).json()
    const response = await t.app.request(
      '/api/settings',
      jsonRequest('PUT', { ...fullSettings(), ...patch }, cookie),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.code).toBe('validation')
    expect(Object.keys(body.error.fields)).toContain(field)
    const rows = await t.handle.db.select().from(userSettings).where(eq(userSettings.userId, me.user.id))
    expect(rows).toHaveLength(0)
  })

  it('rejects a body missing fields', async () => {
    const { cookie } = await signUp(t)
    const response = await t.app.request('/api/settings', jsonRequest('PUT', { theme: 'dark' }, cookie))
    expect(response.status).toBe(400)
  })
})

describe('GET /api/settings/activity', () => {
  it('records each sign-in with address and browser, newest first, for the owner only', async () => {
    const data = lawyerSignUp()
    const { cookie } = await signUp(t, data)
    const other = await signUp(t)
    await signIn(data.email, data.password, SAFARI_IPHONE)
    // A wrong password creates no session and no "successful sign-in" entry.
    expect((await signIn(data.email, 'senha-errada')).response.status).toBe(401)

    const response = await get('/api/settings/activity', cookie)
    expect(response.status).toBe(200)
    const { items } = await response.json()
    expect(items).toHaveLength(2) // sign-up's automatic sign-in + the explicit one
    expect(items[0]).toMatchObject({ success: true, method: 'password', userAgent: SAFARI_IPHONE })
    expect(new Date(items[0].createdAt) >= new Date(items[1].createdAt)).toBe(true)

    const others = (await (await get('/api/settings/activity', other.cookie)).json()).items
    expect(others).toHaveLength(1)
  })

  it('shows at most the last 20', async () => {
    const { cookie } = await signUp(t)
    const me = await (await get('/api/me', cookie)).json()
    const base = Date.now() - 60_000
    await t.handle.db.insert(signInEvents).values(
      Array.from({ length: 25 }, (_, index) => ({
        userId: me.user.id,
        method: 'password' as const,
        createdAt: new Date(base + index * 1000),
      })),
    )
    const { items } = await (await get('/api/settings/activity', cookie)).json()
    expect(items).toHaveLength(20)
  })
})

describe('active sessions', () => {
  it('lists the user’s sessions with the current one marked, and revokes another one', async () => {
    const data = lawyerSignUp()
    const first = await signUp(t, data)
    const second = await signIn(data.email, data.password, SAFARI_IPHONE)

    const list = await get('/api/settings/sessions', first.cookie)
    expect(list.status).toBe(200)
    const { items } = await list.json()
    expect(items).toHaveLength(2)
    expect(items[0].current).toBe(true)
    const phone = items.find((item: { userAgent: string }) => item.userAgent === SAFARI_IPHONE)
    expect(phone).toMatchObject({ current: false })
    expect(phone).not.toHaveProperty('token')

    const revoked = await t.app.request(
      `/api/settings/sessions/${phone.id}`,
      jsonRequest('DELETE', undefined, first.cookie),
    )
    expect(revoked.status).toBe(200)
    expect((await get('/api/me', second.cookie)).status).toBe(401)
    expect((await get('/api/me', first.cookie)).status).toBe(200)
  })

  it('answers 404 for another user’s session and leaves it alive', async () => {
    const victim = await signUp(t)
    const attacker = await signUp(t)
    const { items } = await (await get('/api/settings/sessions', victim.cookie)).json()
    const response = await t.app.request(
      `/api/settings/sessions/${items[0].id}`,
      jsonRequest('DELETE', undefined, attacker.cookie),
    )
    expect(response.status).toBe(404)
    expect((await get('/api/me', victim.cookie)).status).toBe(200)
  })

  it('ends every other session and keeps the current one', async () => {
    const data = lawyerSignUp()
    const current = await signUp(t, data)
    const a = await signIn(data.email, data.password)
    const b = await signIn(data.email, data.password, SAFARI_IPHONE)
    const response = await t.app.request(
      '/api/settings/sessions/revoke-others',
      jsonRequest('POST', undefined, current.cookie),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ revoked: 2 })
    expect((await get('/api/me', a.cookie)).status).toBe(401)
    expect((await get('/api/me', b.cookie)).status).toBe(401)
    expect((await get('/api/me', current.cookie)).status).toBe(200)
    const { items } = await (await get('/api/settings/sessions', current.cookie)).json()
    expect(items).toHaveLength(1)
  })
})

describe('two-factor authentication (better-auth TOTP)', () => {
  it('enrols with the password and a TOTP code, then sign-in requires the code', async () => {
    const data = lawyerSignUp()
    let { cookie } = await signUp(t, data)

    const wrongPassword = await t.app.request(
      '/api/auth/two-factor/enable',
      jsonRequest('POST', { password: 'errada-123' }, cookie),
    )
    expect(wrongPassword.status).toBe(400)

    const enable = await t.app.request(
      '/api/auth/two-factor/enable',
      jsonRequest('POST', { password: data.password }, cookie),
    )
    expect(enable.status).toBe(200)
    const { totpURI, backupCodes } = await enable.json()
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/JusConecta:/)
    expect(backupCodes.length).toBeGreaterThanOrEqual(8)

    // Not active until a code from the app proves the secret was saved.
    expect((await (await get('/api/me', cookie)).json()).user.twoFactorEnabled).toBe(false)
    const verify = await t.app.request(
      '/api/auth/two-factor/verify-totp',
      jsonRequest('POST', { code: totpFromUri(totpURI) }, cookie),
    )
    expect(verify.status).toBe(200)
    cookie = mergeCookies(cookie, verify)
    expect((await (await get('/api/me', cookie)).json()).user.twoFactorEnabled).toBe(true)
    const activityBefore = (await (await get('/api/settings/activity', cookie)).json()).items.length

    // Password alone no longer signs in: better-auth answers a 2FA challenge and no session.
    const password = await signIn(data.email, data.password)
    expect(password.response.status).toBe(200)
    expect(password.body).toMatchObject({ twoFactorRedirect: true })
    expect((await get('/api/me', password.cookie)).status).toBe(401)

    const wrong = await t.app.request(
      '/api/auth/two-factor/verify-totp',
      jsonRequest('POST', { code: totpFromUri(totpURI, Date.now() + 10 * 60_000) }, password.cookie),
    )
    expect(wrong.status).toBe(401)

    const challenge = await t.app.request(
      '/api/auth/two-factor/verify-totp',
      jsonRequest('POST', { code: totpFromUri(totpURI) }, password.cookie),
    )
    expect(challenge.status).toBe(200)
    const signedIn = mergeCookies(password.cookie, challenge)
    expect((await get('/api/me', signedIn)).status).toBe(200)

    // Exactly one sign-in recorded for password + code, marked as two-factor.
    const { items } = await (await get('/api/settings/activity', signedIn)).json()
    expect(items).toHaveLength(activityBefore + 1)
    expect(items[0]).toMatchObject({ method: 'two_factor', success: true })

    // New backup codes need the password too.
    const codes = await t.app.request(
      '/api/auth/two-factor/generate-backup-codes',
      jsonRequest('POST', { password: data.password }, signedIn),
    )
    expect(codes.status).toBe(200)
    expect((await codes.json()).backupCodes).not.toEqual(backupCodes)

    const disable = await t.app.request(
      '/api/auth/two-factor/disable',
      jsonRequest('POST', { password: data.password }, signedIn),
    )
    expect(disable.status).toBe(200)
    const again = await signIn(data.email, data.password)
    expect(again.body.twoFactorRedirect).toBeUndefined()
    expect((await get('/api/me', again.cookie)).status).toBe(200)
  })

  it('does not count the enrolment’s session rotation as a sign-in', async () => {
    const data = lawyerSignUp()
    let { cookie } = await signUp(t, data)
    const enable = await t.app.request(
      '/api/auth/two-factor/enable',
      jsonRequest('POST', { password: data.password }, cookie),
    )
    const { totpURI } = await enable.json()
    const verify = await t.app.request(
      '/api/auth/two-factor/verify-totp',
      jsonRequest('POST', { code: totpFromUri(totpURI) }, cookie),
    )
    cookie = mergeCookies(cookie, verify)
    const { items } = await (await get('/api/settings/activity', cookie)).json()
    expect(items).toHaveLength(1) // only the sign-up's sign-in
  })
})
