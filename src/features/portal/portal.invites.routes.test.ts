import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../audit/audit.table.server'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import {
  acceptAsNewAccount,
  activePortalClient,
  createPortalClient,
  invitePortalClient,
  portalOffice,
} from './portal.fixtures'
import { portalAccess } from './portal.table.server'

let t: TestApp
let lawyer: { cookie: string; email: string }

beforeAll(async () => {
  t = await createTestApp()
  lawyer = await portalOffice(t)
})
afterAll(() => t.close())

const get = (path: string, cookie?: string) => t.app.request(path, jsonRequest('GET', undefined, cookie))
const post = (path: string, body?: unknown, cookie?: string) =>
  t.app.request(path, jsonRequest('POST', body, cookie))

describe('portal invitation (issue 26)', () => {
  it('needs the client e-mail, then mails a single-use 7-day link and shows "convidado"', async () => {
    const created = await post('/api/clients', { nomeCompleto: 'Sem Email' }, lawyer.cookie)
    const { id } = (await created.json()) as { id: string }
    const refused = await post(`/api/portal-office/clients/${id}/invite`, undefined, lawyer.cookie)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Cadastre o e-mail do cliente antes de convidá-lo para o portal.',
    )

    const client = await createPortalClient(t, lawyer.cookie, 'Carla Cliente')
    const token = await invitePortalClient(t, lawyer.cookie, client.clientId, client.email)
    expect(token).toHaveLength(43) // 32 random bytes, base64url: 256 bits
    const status = (await (
      await get(`/api/portal-office/clients/${client.clientId}/access`, lawyer.cookie)
    ).json()) as { status: string; expiresAt: string }
    expect(status.status).toBe('convidado')
    const days = (Date.parse(status.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThan(7.1)
    // Only the hash is stored.
    const [row] = await t.handle.db
      .select({ tokenHash: portalAccess.tokenHash })
      .from(portalAccess)
      .where(eq(portalAccess.clientId, client.clientId))
    expect(row?.tokenHash).not.toContain(token)

    const info = (await (await get(`/api/portal/invites/${token}`)).json()) as Record<string, unknown>
    expect(info).toMatchObject({ email: client.email, accountExists: false, signedInEmail: null })

    const accepted = await acceptAsNewAccount(t, token)
    const again = await post(`/api/portal/invites/${token}/accept`, { password: 'outra-senha-1' })
    expect(again.status).toBe(404)
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Este convite não é válido ou já foi usado.',
    )
    const active = (await (
      await get(`/api/portal-office/clients/${client.clientId}/access`, lawyer.cookie)
    ).json()) as { status: string; lastAccessAt: string | null }
    expect(active.status).toBe('ativo')
    expect(active.lastAccessAt).not.toBeNull()

    // The client's account is not a lawyer's: /api/me refuses it (the browser sends it to /portal), and the
    // refusal created no profile and no office.
    const me = await get('/api/me', accepted.cookie)
    expect(me.status).toBe(403)
    expect(((await me.json()) as { error: { code: string } }).error.code).toBe('portal_account')
    const offices = await get('/api/clients', accepted.cookie)
    expect(offices.status).toBe(403)

    const audit = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.clientId), sql`${auditLog.action} like 'portal.%'`))
    expect(audit.map((a) => a.action).sort()).toEqual(['portal.accept', 'portal.invite'])
  })

  it('"Reenviar" kills the previous link; an expired link says so', async () => {
    const client = await createPortalClient(t, lawyer.cookie, 'Rita Reenvio')
    const first = await invitePortalClient(t, lawyer.cookie, client.clientId, client.email)
    const second = await invitePortalClient(t, lawyer.cookie, client.clientId, client.email)
    expect(second).not.toBe(first)
    expect((await get(`/api/portal/invites/${first}`)).status).toBe(404)
    await t.handle.db
      .update(portalAccess)
      .set({ tokenExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(portalAccess.clientId, client.clientId))
    const expired = await post(`/api/portal/invites/${second}/accept`, { password: 'senha-do-cliente-1' })
    expect(expired.status).toBe(410)
    expect(((await expired.json()) as { error: { message: string } }).error.message).toBe(
      'Este convite expirou. Peça ao escritório um novo convite.',
    )
  })

  it('an invitation is not accepted by another signed-in account; an existing account signs in to accept', async () => {
    const client = await createPortalClient(t, lawyer.cookie, 'Otto Outra Conta')
    const token = await invitePortalClient(t, lawyer.cookie, client.clientId, client.email)
    const stranger = await signUp(t, lawyerSignUp({ nomeCompleto: 'Estranho' }))
    const refused = await post(`/api/portal/invites/${token}/accept`, {}, stranger.cookie)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invite_other_email')

    // A lawyer who is also someone's client: the account exists, so a password is not created again.
    const lawyerClient = await createPortalClient(t, lawyer.cookie, 'Advogada Cliente')
    const own = await signUp(t, lawyerSignUp({ nomeCompleto: 'Advogada Cliente', email: lawyerClient.email }))
    const ownToken = await invitePortalClient(t, lawyer.cookie, lawyerClient.clientId, lawyerClient.email)
    const needsSignIn = await post(`/api/portal/invites/${ownToken}/accept`, { password: 'senha-nova-12' })
    expect(needsSignIn.status).toBe(409)
    const info = (await (await get(`/api/portal/invites/${ownToken}`, own.cookie)).json()) as {
      accountExists: boolean
      signedInEmail: string
    }
    expect(info).toMatchObject({ accountExists: true, signedInEmail: lawyerClient.email })
    const accepted = await post(`/api/portal/invites/${ownToken}/accept`, {}, own.cookie)
    expect(accepted.status).toBe(200)
    // Still a lawyer with their own office and profile.
    expect((await get('/api/me', own.cookie)).status).toBe(200)
  })

  it('"Revogar" ends a portal-only client\'s sessions at once; a lawyer-client is refused by the portal', async () => {
    const client = await activePortalClient(t, lawyer.cookie, 'Vera Revogada')
    expect((await get('/api/portal/accesses', client.cookie)).status).toBe(200)
    const revoked = await post(
      `/api/portal-office/clients/${client.clientId}/revoke`,
      undefined,
      lawyer.cookie,
    )
    expect(revoked.status).toBe(200)
    expect(((await revoked.json()) as { status: string }).status).toBe('revogado')
    expect((await get('/api/portal/accesses', client.cookie)).status).toBe(401)
    // Signing in again works, but the office's portal refuses.
    const signIn = await post('/api/auth/sign-in/email', {
      email: client.email,
      password: 'senha-do-cliente-1',
    })
    expect(signIn.status).toBe(200)
    const home = await get(`/api/portal/o/${client.officeId}/home`, cookieFrom(signIn))
    expect(home.status).toBe(403)
    expect(((await home.json()) as { error: { message: string } }).error.message).toBe(
      'Você não tem acesso a este portal.',
    )
    // Revoking twice says there is nothing to revoke; a revoked client may be invited again.
    const twice = await post(`/api/portal-office/clients/${client.clientId}/revoke`, undefined, lawyer.cookie)
    expect(twice.status).toBe(409)
    await invitePortalClient(t, lawyer.cookie, client.clientId, client.email)
  })

  it('an associado invites; an estagiário or assistente may not', async () => {
    const client = await createPortalClient(t, lawyer.cookie, 'Nivel Teste')
    const officeId = ((await (await get('/api/me', lawyer.cookie)).json()) as { office: { id: string } })
      .office.id
    const { officeMembers } = await import('../offices/offices.table.server')
    const { users } = await import('../auth/auth.table.server')
    const levels: Record<string, number> = { associado: 200, estagiario: 403, assistente: 403 }
    for (const [nivel, expected] of Object.entries(levels)) {
      const member = await signUp(t, lawyerSignUp({ nomeCompleto: `Membro ${nivel}` }))
      const [user] = await t.handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, member.email))
      await t.handle.db
        .update(officeMembers)
        .set({ selectedAt: null })
        .where(eq(officeMembers.userId, user!.id))
      await t.handle.db.insert(officeMembers).values({
        officeId,
        userId: user!.id,
        nivelAcesso: nivel as 'associado',
        selectedAt: sql`now()`,
      })
      const response = await post(
        `/api/portal-office/clients/${client.clientId}/invite`,
        undefined,
        member.cookie,
      )
      expect(response.status, nivel).toBe(expected)
    }
  })
})
