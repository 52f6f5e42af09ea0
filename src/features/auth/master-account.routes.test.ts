import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp } from '../../test/accounts'
import { confirmationLink, followConfirmationLink } from '../../test/confirm-email'
import { resetPasswordThroughMailbox } from '../../test/master'
import { userRoles } from './user-roles.table.server'
import { twoFactors, users } from './auth.table.server'
import { EMAIL_CONFIRMED_PATH } from './auth.schema'

// Issue 7, security 2, and issue 24, item 10: MASTER_EMAIL becomes superadmin only once a password was set
// through a reset link mailed to it — whoever signed up with the address first loses the account.

const MASTER = 'master@example.com'
const OWNER_PASSWORD = 'senha-do-dono-456'

const get = (t: TestApp, path: string, cookie?: string) =>
  t.app.request(path, { headers: cookie ? { cookie } : {} })
const roleOf = async (t: TestApp, cookie: string) => (await (await get(t, '/api/me', cookie)).json()).role
const mailsTo = (t: TestApp, email: string) => t.mailer.sent.filter((message) => message.to === email)
const signIn = (t: TestApp, email: string, password = 'senha-segura-123') =>
  t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email, password }))

describe('with REQUIRE_EMAIL_CONFIRMATION=false (the default)', () => {
  let t: TestApp
  const master = lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' })
  let cookie: string
  const strangerCookies: string[] = []

  beforeAll(async () => {
    t = await createTestApp({ MASTER_EMAIL: MASTER })
  })
  afterAll(() => t.close())

  it('signs the master up as an ordinary account, signed in, and mails it the confirmation link', async () => {
    const response = await t.app.request('/api/auth/sign-up', jsonRequest('POST', master))
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({
      redirectTo: '/dashboard',
      emailConfirmationRequired: false,
      emailConfirmationSent: true,
    })
    cookie = cookieFrom(response)
    expect(cookie).toContain('session_token')

    const [user] = await t.handle.db.select().from(users).where(eq(users.email, MASTER))
    expect(user?.emailVerified).toBe(false)
    const roles = await t.handle.db.select().from(userRoles).where(eq(userRoles.userId, user!.id))
    expect(roles.map((row) => row.role)).toEqual(['user'])

    expect(mailsTo(t, MASTER)).toHaveLength(1)
    const link = confirmationLink(t, MASTER)
    expect(link).toContain('/api/auth/verify-email?token=')
    expect(link).toContain(`callbackURL=${encodeURIComponent(EMAIL_CONFIRMED_PATH)}`)

    expect(await roleOf(t, cookie)).toBe('user')
    for (const path of ['/api/admin/stats', '/api/admin/profiles']) {
      expect((await get(t, path, cookie)).status).toBe(403)
    }
  })

  it('a superadmin row on the unconfirmed master address is not honoured', async () => {
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, MASTER))
    await t.handle.db.insert(userRoles).values({ userId: user!.id, role: 'superadmin' })
    expect(await roleOf(t, cookie)).toBe('user')
    expect((await get(t, '/api/admin/stats', cookie)).status).toBe(403)
    await t.handle.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user!.id), eq(userRoles.role, 'superadmin')))
  })

  it('signing in unconfirmed says a link was sent, resending it at most once a minute', async () => {
    const before = mailsTo(t, MASTER).length
    const first = await signIn(t, MASTER)
    expect(first.status).toBe(200)
    expect((await first.json()).emailConfirmationSent).toBe(true)
    // The sign-up's link went out a moment ago: no second e-mail yet.
    expect(mailsTo(t, MASTER)).toHaveLength(before)
    expect(await roleOf(t, cookieFrom(first))).toBe('user')

    // A minute later (the shared counter's window, kept by the database clock, has ended):
    await t.handle.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key like 'master-confirmation:%'`,
    )
    const later = await signIn(t, MASTER)
    expect(later.status).toBe(200)
    expect((await later.json()).emailConfirmationSent).toBe(true)
    expect(mailsTo(t, MASTER)).toHaveLength(before + 1)
  })

  it('following the confirmation link confirms the address but grants nothing (issue 24)', async () => {
    // The stranger who signed up with the master address holds `cookie`; the owner clicks the mailed link.
    const { response, cookie: confirmed } = await followConfirmationLink(t, MASTER)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(EMAIL_CONFIRMED_PATH)
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, MASTER))
    expect(user?.emailVerified).toBe(true)
    expect(await roleOf(t, confirmed)).toBe('user')
    expect(await roleOf(t, cookie)).toBe('user')
    expect((await get(t, '/api/admin/stats', cookie)).status).toBe(403)
    // Nor does a later sign-in, now confirmed.
    const again = await signIn(t, MASTER)
    expect(again.status).toBe(200)
    expect(await roleOf(t, cookieFrom(again))).toBe('user')
    const roles = await t.handle.db.select().from(userRoles).where(eq(userRoles.userId, user!.id))
    expect(roles.map((row) => row.role)).toEqual(['user'])
    strangerCookies.push(confirmed, cookieFrom(again))
  })

  it('a password set through the mailed reset link makes the owner superadmin and shuts the stranger out', async () => {
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, MASTER))
    // The stranger had enrolled an authenticator only he can read.
    await t.handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user!.id))
    await t.handle.db
      .insert(twoFactors)
      .values({ id: 'tf-stranger', userId: user!.id, secret: 'x', backupCodes: 'y' })

    const reset = await resetPasswordThroughMailbox(t, MASTER, OWNER_PASSWORD)
    expect(reset.status).toBe(200)

    // Every session the stranger held has ended, and his password no longer works.
    for (const old of [cookie, ...strangerCookies]) {
      expect((await get(t, '/api/me', old)).status).toBe(401)
    }
    expect((await signIn(t, MASTER)).status).toBe(401)

    const owner = await signIn(t, MASTER, OWNER_PASSWORD)
    expect(owner.status).toBe(200)
    const body = await owner.json()
    expect(body.twoFactorRedirect).toBeUndefined()
    expect(body.emailConfirmationSent).toBeUndefined()
    cookie = cookieFrom(owner)
    expect(await roleOf(t, cookie)).toBe('superadmin')
    expect((await get(t, '/api/admin/stats', cookie)).status).toBe(200)
    expect(await t.handle.db.select().from(twoFactors).where(eq(twoFactors.userId, user!.id))).toEqual([])
    const grants = await t.handle.db.execute<{ count: number }>(
      sql`select count(*)::int as count from platform_events
          where target_user_id = ${user!.id} and details->>'reason' = 'master_account'`,
    )
    expect(grants.rows[0]?.count).toBe(1)
  })

  it('a superadmin master signs in with no link and no e-mail', async () => {
    const before = t.mailer.sent.length
    const response = await signIn(t, MASTER, OWNER_PASSWORD)
    expect(response.status).toBe(200)
    expect((await response.json()).emailConfirmationSent).toBeUndefined()
    expect(t.mailer.sent).toHaveLength(before)
    expect(await roleOf(t, cookieFrom(response))).toBe('superadmin')
  })

  it('never promotes another address, confirmed or not, and mails it nothing', async () => {
    const data = lawyerSignUp({ email: 'quase-master@example.com' })
    const response = await t.app.request('/api/auth/sign-up', jsonRequest('POST', data))
    expect(response.status).toBe(201)
    expect((await response.json()).emailConfirmationSent).toBe(false)
    expect(mailsTo(t, data.email)).toHaveLength(0)
    await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, data.email))
    expect((await resetPasswordThroughMailbox(t, data.email, 'senha-segura-123')).status).toBe(200)
    const again = await signIn(t, data.email)
    expect(again.status).toBe(200)
    expect(await roleOf(t, cookieFrom(again))).toBe('user')
    expect((await get(t, '/api/admin/stats', cookieFrom(again))).status).toBe(403)
  })
})

describe('with REQUIRE_EMAIL_CONFIRMATION=true', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ MASTER_EMAIL: MASTER, REQUIRE_EMAIL_CONFIRMATION: 'true' })
  })
  afterAll(() => t.close())

  it('the master confirms like everyone else, and is superadmin only after a reset', async () => {
    const master = lawyerSignUp({ email: MASTER })
    const response = await t.app.request('/api/auth/sign-up', jsonRequest('POST', master))
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ redirectTo: '/dashboard', emailConfirmationRequired: true })
    expect(cookieFrom(response)).toBe('')
    expect(mailsTo(t, MASTER)).toHaveLength(1)

    const refused = await signIn(t, MASTER)
    expect(refused.status).toBe(403)

    const { response: followed, cookie } = await followConfirmationLink(t, MASTER)
    expect(followed.status).toBe(302)
    expect(await roleOf(t, cookie)).toBe('user')

    expect((await resetPasswordThroughMailbox(t, MASTER, OWNER_PASSWORD)).status).toBe(200)
    expect((await get(t, '/api/me', cookie)).status).toBe(401)
    const signedIn = await signIn(t, MASTER, OWNER_PASSWORD)
    expect(signedIn.status).toBe(200)
    expect(await roleOf(t, cookieFrom(signedIn))).toBe('superadmin')
  })

  it('an ordinary account still confirms and signs in as a user', async () => {
    const data = lawyerSignUp()
    await t.app.request('/api/auth/sign-up', jsonRequest('POST', data))
    const { cookie } = await followConfirmationLink(t, data.email)
    expect(await roleOf(t, cookie)).toBe('user')
  })
})

describe('a reset before any confirmation (REQUIRE_EMAIL_CONFIRMATION=true)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ MASTER_EMAIL: MASTER, REQUIRE_EMAIL_CONFIRMATION: 'true' })
  })
  afterAll(() => t.close())

  it('the reset link proves the mailbox: the address counts as confirmed and the owner is superadmin', async () => {
    const response = await t.app.request(
      '/api/auth/sign-up',
      jsonRequest('POST', lawyerSignUp({ email: MASTER })),
    )
    expect(response.status).toBe(201)
    expect((await resetPasswordThroughMailbox(t, MASTER, OWNER_PASSWORD)).status).toBe(200)
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, MASTER))
    expect(user?.emailVerified).toBe(true)
    const signedIn = await signIn(t, MASTER, OWNER_PASSWORD)
    expect(signedIn.status).toBe(200)
    expect(await roleOf(t, cookieFrom(signedIn))).toBe('superadmin')
  })
})
