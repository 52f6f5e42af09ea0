import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { followConfirmationLink } from '../../test/confirm-email'
import { becomeMaster } from '../../test/master'
import { profiles } from './profiles.table.server'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: 'master@example.com' })
})
afterAll(() => t.close())

describe('GET /api/me', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.request('/api/me')).status).toBe(401)
  })

  it('returns the lawyer with profile, role user and the office where they are sócio', async () => {
    const { cookie, email } = await signUp(t)
    const response = await t.app.request('/api/me', { headers: { cookie } })
    expect(response.status).toBe(200)
    const me = await response.json()
    expect(me.user.email).toBe(email)
    expect(me.profile).toMatchObject({
      userType: 'advogado',
      nomeCompleto: 'Ana Advogada',
      oabNumero: '123456',
    })
    expect(me.role).toBe('user')
    expect(me.office).toMatchObject({ nivelAcesso: 'socio', nome: 'Escritório Ana Advogada' })
    expect(me.profileCreated).toBe(false)
  })

  it('grants superadmin to the MASTER_EMAIL account once a password is set through the mailbox', async () => {
    const { cookie } = await signUp(t, lawyerSignUp({ email: 'MASTER@example.com' }))
    const before = await (await t.app.request('/api/me', { headers: { cookie } })).json()
    expect(before.role).toBe('user')
    await followConfirmationLink(t, 'master@example.com', cookie)
    const confirmed = await (await t.app.request('/api/me', { headers: { cookie } })).json()
    expect(confirmed.role).toBe('user')
    const owner = await becomeMaster(t, 'master@example.com')
    const me = await (await t.app.request('/api/me', { headers: { cookie: owner } })).json()
    expect(me.role).toBe('superadmin')
  })

  it('creates the basic profile of spec §4 when none exists', async () => {
    const data = lawyerSignUp({ nomeCompleto: 'Bruno Sem Perfil' })
    const { cookie } = await signUp(t, data)
    const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
    await t.handle.db.delete(profiles).where(eq(profiles.userId, me.user.id))
    const again = await (await t.app.request('/api/me', { headers: { cookie } })).json()
    expect(again.profileCreated).toBe(true)
    expect(again.profile).toMatchObject({
      userType: 'advogado',
      nomeCompleto: 'Bruno Sem Perfil',
      telefone: '',
    })
  })

  it('signs up nobody when a field is invalid, with the spec message', async () => {
    const response = await t.app.request(
      '/api/auth/sign-up',
      jsonRequest('POST', lawyerSignUp({ confirmPassword: 'outra-senha' })),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).error.fields.confirmPassword).toBe('As senhas não coincidem.')
  })
})
