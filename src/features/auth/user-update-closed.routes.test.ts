import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { DISABLED_AUTH_PATHS } from './auth.server'
import { users } from './auth.table.server'

// Issue 24, item 9: better-auth's user-changing endpoints that no screen uses are closed — nobody renames
// himself 'Sofia Sócia (sócia)' or moves his account to another address — while the ones the app uses work.

let t: TestApp
let cookie: string
let email: string

beforeAll(async () => {
  t = await createTestApp()
  ;({ cookie, email } = await signUp(t, lawyerSignUp({ nomeCompleto: 'Artur Associado' })))
})
afterAll(() => t.close())

let nextIp = 1
const from = () => ({ incoming: { socket: { remoteAddress: `10.24.9.${nextIp++}` } } })
const post = (path: string, body: unknown, withCookie = cookie) =>
  t.app.request(path, jsonRequest('POST', body, withCookie), from())
const userRow = async () => (await t.handle.db.select().from(users).where(eq(users.email, email)))[0]

describe('closed better-auth endpoints', () => {
  it.each([
    ['/api/auth/update-user', { name: 'Sofia Sócia (sócia)' }],
    ['/api/auth/update-user/', { name: 'Sofia Sócia (sócia)' }],
    ['/api/auth/change-email', { newEmail: 'outro@example.com' }],
    ['/api/auth/delete-user', {}],
    ['/api/auth/unlink-account', { providerId: 'credential' }],
    ['/api/auth/update-session', {}],
  ])('POST %s → 404 with a pt-BR JSON error, nothing changed', async (path, body) => {
    const response = await post(path, body)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect((await response.json()).error).toEqual({
      code: 'http_404',
      message: 'Recurso não encontrado.',
    })
    expect(await userRow()).toMatchObject({ name: 'Artur Associado', email })
  })

  it('every disabled path is refused, signed in or not', async () => {
    for (const path of DISABLED_AUTH_PATHS) {
      for (const withCookie of [cookie, '']) {
        const response = await post(`/api/auth${path}`, {}, withCookie)
        expect(response.status, path).toBe(404)
      }
    }
  })

  it('a percent-encoded path does not reach the handler either', async () => {
    const response = await post('/api/auth/%75pdate-user', { name: 'Sofia Sócia (sócia)' })
    expect(response.status).toBe(404)
    expect((await userRow())?.name).toBe('Artur Associado')
  })
})

describe('the endpoints the app uses still work', () => {
  it('get-session and list-sessions answer the signed-in user', async () => {
    const session = await t.app.request('/api/auth/get-session', { headers: { cookie } })
    expect(session.status).toBe(200)
    expect((await session.json()).user.email).toBe(email)
    const list = await t.app.request('/api/auth/list-sessions', { headers: { cookie } })
    expect(list.status).toBe(200)
  })

  it('change-password changes the password', async () => {
    const response = await post('/api/auth/change-password', {
      currentPassword: 'senha-segura-123',
      newPassword: 'nova-senha-789',
    })
    expect(response.status).toBe(200)
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'nova-senha-789' }, '')
    expect(signIn.status).toBe(200)
    expect(cookieFrom(signIn)).toContain('session_token')
  })

  it('two-factor enrolment still starts', async () => {
    const response = await post('/api/auth/two-factor/enable', { password: 'nova-senha-789' })
    expect(response.status).toBe(200)
    expect((await response.json()).totpURI).toContain('otpauth://')
  })
})
