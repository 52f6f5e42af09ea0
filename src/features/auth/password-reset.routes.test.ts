import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { verifications } from './auth.table.server'
import { PASSWORD_RESET_PATH } from './auth.schema'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let nextIp = 1
const from = () => ({ incoming: { socket: { remoteAddress: `10.9.0.${nextIp++}` } } })
const post = (path: string, body: unknown, cookie?: string) =>
  t.app.request(path, jsonRequest('POST', body, cookie), from())

/** The link of the last message sent to `email`, as a path on our server. */
function lastLinkTo(email: string): string {
  const message = t.mailer.sent.filter((m) => m.to === email).at(-1)
  const url = message?.text.match(/https?:\/\/\S+/)?.[0]
  if (!url) throw new Error(`no link mailed to ${email}`)
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

async function requestReset(email: string) {
  const response = await post('/api/auth/request-password-reset', { email, redirectTo: PASSWORD_RESET_PATH })
  expect(response.status).toBe(200)
  return response.json()
}

/** Follows the e-mailed link like a browser: the server redirects to the reset screen with the token. */
async function tokenFromLink(email: string): Promise<string> {
  const response = await t.app.request(lastLinkTo(email))
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('location') ?? '', 'http://localhost:3000')
  expect(location.pathname).toBe(PASSWORD_RESET_PATH)
  const token = location.searchParams.get('token')
  if (!token) throw new Error(`no token in ${location.href}`)
  return token
}

describe('password reset', () => {
  it('answers the same neutral message for a known and an unknown e-mail, and mails only the known one', async () => {
    const { email } = await signUp(t)
    const known = await requestReset(email)
    const unknown = await requestReset('ninguem-aqui@example.com')
    expect(known).toEqual(unknown)
    expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(1)
    expect(t.mailer.sent.some((m) => m.to === 'ninguem-aqui@example.com')).toBe(false)
    const mail = t.mailer.sent.find((m) => m.to === email)
    expect(mail?.subject).toBe('JusConecta: redefinição de senha')
    expect(mail?.text).toContain('http://localhost:3000/api/auth/reset-password/')
  })

  it('sets a new password once, revokes every old session, and the old password stops working', async () => {
    const data = lawyerSignUp()
    const { cookie: signUpCookie } = await signUp(t, data)
    const signIn = await post('/api/auth/sign-in/email', { email: data.email, password: data.password })
    const signInCookie = cookieFrom(signIn)
    await requestReset(data.email)
    const token = await tokenFromLink(data.email)

    const reset = await post('/api/auth/reset-password', { newPassword: 'nova-senha-456', token })
    expect(reset.status).toBe(200)

    for (const cookie of [signUpCookie, signInCookie]) {
      expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(401)
    }
    const old = await post('/api/auth/sign-in/email', { email: data.email, password: data.password })
    expect(old.status).toBe(401)
    const fresh = await post('/api/auth/sign-in/email', { email: data.email, password: 'nova-senha-456' })
    expect(fresh.status).toBe(200)

    // Single use: the same token is refused the second time, in pt-BR.
    const again = await post('/api/auth/reset-password', { newPassword: 'outra-senha-789', token })
    expect(again.status).toBe(400)
    expect((await again.json()).error).toEqual({
      code: 'INVALID_TOKEN',
      message: 'Este link é inválido, expirou ou já foi usado. Peça um novo.',
    })
    // And following the link again lands on the screen with the error instead of a token.
    const link = await t.app.request(lastLinkTo(data.email))
    expect(link.headers.get('location')).toContain(`${PASSWORD_RESET_PATH}?error=INVALID_TOKEN`)
  })

  it('refuses an expired link', async () => {
    const { email } = await signUp(t)
    await requestReset(email)
    const token = await tokenFromLink(email)
    await t.handle.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, 'reset-password:%'))
    const link = await t.app.request(lastLinkTo(email))
    expect(link.headers.get('location')).toContain('error=INVALID_TOKEN')
    const reset = await post('/api/auth/reset-password', { newPassword: 'nova-senha-456', token })
    expect(reset.status).toBe(400)
    expect((await reset.json()).error.code).toBe('INVALID_TOKEN')
  })

  it('keeps the token when the new password is too short, with the spec message', async () => {
    const { email } = await signUp(t)
    await requestReset(email)
    const token = await tokenFromLink(email)
    const short = await post('/api/auth/reset-password', { newPassword: '12345', token })
    expect(short.status).toBe(400)
    expect((await short.json()).error.message).toBe('A senha deve ter pelo menos 6 caracteres')
    expect((await post('/api/auth/reset-password', { newPassword: '123456', token })).status).toBe(200)
  })
})

describe('REQUIRE_EMAIL_CONFIRMATION=true', () => {
  let c: TestApp
  beforeAll(async () => {
    c = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: 'true' })
  })
  afterAll(() => c.close())

  it('mails the confirmation, refuses sign-in until the link is followed, then signs in', async () => {
    const data = lawyerSignUp()
    const response = await c.app.request('/api/auth/sign-up', jsonRequest('POST', data), from())
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({
      redirectTo: '/dashboard',
      emailConfirmationRequired: true,
      emailConfirmationSent: true,
    })
    expect(cookieFrom(response)).not.toMatch(/session_token/)

    const mail = c.mailer.sent.find((m) => m.to === data.email)
    expect(mail?.subject).toBe('JusConecta: confirme seu e-mail')

    const credentials = { email: data.email, password: data.password }
    const early = await c.app.request('/api/auth/sign-in/email', jsonRequest('POST', credentials), from())
    expect(early.status).toBe(403)
    expect((await early.json()).error).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Email não confirmado. Verifique sua caixa de entrada.',
    })

    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '')
    expect(link.pathname).toBe('/api/auth/verify-email')
    const follow = await c.app.request(link.pathname + link.search)
    expect(follow.status).toBe(302)
    expect(follow.headers.get('location')).toBe('/auth/confirmado')
    // Following the link signs the user in.
    const me = await c.app.request('/api/me', { headers: { cookie: cookieFrom(follow) } })
    expect(me.status).toBe(200)
    expect((await me.json()).user.emailVerified).toBe(true)

    const later = await c.app.request('/api/auth/sign-in/email', jsonRequest('POST', credentials), from())
    expect(later.status).toBe(200)
  })

  it('sends a tampered link to the confirmation screen with an error', async () => {
    const follow = await c.app.request(
      '/api/auth/verify-email?token=abc.def.ghi&callbackURL=%2Fauth%2Fconfirmado',
    )
    expect(follow.status).toBe(302)
    expect(follow.headers.get('location')).toBe('/auth/confirmado?error=INVALID_TOKEN')
  })
})
