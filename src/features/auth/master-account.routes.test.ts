import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp } from '../../test/accounts'
import { confirmationLink, followConfirmationLink } from '../../test/confirm-email'
import { userRoles } from '../profiles/profiles.table.server'
import { users } from './auth.table.server'
import { EMAIL_CONFIRMED_PATH } from './auth.schema'

// Issue 7, security 2: MASTER_EMAIL becomes superadmin only after it proved it owns the mailbox.

const MASTER = 'master@example.com'

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

  it('following the link confirms the address and makes the master superadmin', async () => {
    const { response, cookie: confirmed } = await followConfirmationLink(t, MASTER, cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(EMAIL_CONFIRMED_PATH)
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, MASTER))
    expect(user?.emailVerified).toBe(true)
    expect(await roleOf(t, confirmed)).toBe('superadmin')
    // The session that was open before the confirmation gets it too (the role is read on each request).
    expect(await roleOf(t, cookie)).toBe('superadmin')
    expect((await get(t, '/api/admin/stats', cookie)).status).toBe(200)
  })

  it('a confirmed master signs in as superadmin, with no link and no e-mail', async () => {
    const before = t.mailer.sent.length
    const response = await signIn(t, MASTER)
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

  it('the master confirms like everyone else, then is superadmin', async () => {
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
    expect(await roleOf(t, cookie)).toBe('superadmin')

    const signedIn = await signIn(t, MASTER)
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
