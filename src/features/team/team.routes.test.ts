import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.server'
import { buildDeps } from '../../server/build-deps.server'
import { loadEnv } from '../../platform/env.server'
import type { AppDeps } from '../../platform/app-env.server'
import { createMemoryMailer, createTestDatabase, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { auditLog } from '../audit/audit.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type { MeResponse } from '../auth/me.schema'
import type { InvitationInfo, TeamOverview } from './team.schema'
import { officeInvitations } from './team.table.server'

// Two app instances on one database stand for two nodes: each keeps its own session/membership cache, and
// only the database's NOTIFY (migration 0015's trigger) tells the other one a membership changed.
let t: TestApp
let nodeA: AppDeps
let nodeB: ReturnType<typeof createApp>

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

beforeAll(async () => {
  const { handle, drop } = await createTestDatabase()
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `jc-test-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
  })
  const mailer = createMemoryMailer()
  nodeA = buildDeps(env, handle, 'test-secret-test-secret-test-secret-0123', mailer)
  const depsB = buildDeps(env, handle, 'test-secret-test-secret-test-secret-0123', mailer)
  nodeB = createApp(depsB)
  t = { app: createApp(nodeA), handle, env, mailer, close: drop }
  await waitFor(() => nodeA.membershipCache.changes.live && depsB.membershipCache.changes.live)
})
afterAll(() => t.close())

const email = () => `pessoa-${randomBytes(4).toString('hex')}@example.com`

async function team(cookie: string, query = ''): Promise<TeamOverview> {
  const response = await t.app.request(`/api/team${query}`, { headers: { cookie } })
  expect(response.status).toBe(200)
  return (await response.json()) as TeamOverview
}

async function me(cookie: string, app = t.app): Promise<MeResponse> {
  return (await (await app.request('/api/me', { headers: { cookie } })).json()) as MeResponse
}

function lastInviteToken(to: string): string {
  const message = [...t.mailer.sent].reverse().find((m) => m.to === to)
  const token = /\/convite\/([A-Za-z0-9_-]{43})/.exec(message?.text ?? '')?.[1]
  if (!token) throw new Error(`no invitation mailed to ${to}`)
  return token
}

const member = (overrides: Record<string, unknown> = {}) => ({
  nomeCompleto: 'Bruno Associado',
  email: email(),
  telefone: '(11) 98888-7777',
  cargo: 'Advogado associado',
  nivelAcesso: 'associado',
  oabNumero: '654321',
  oabUf: 'SP',
  dataAdmissao: '2024-03-01',
  especialidades: ['civil', 'trabalhista'],
  observacoes: 'Atende às terças',
  ativo: true,
  ...overrides,
})

async function invite(owner: string, data = member()) {
  const response = await t.app.request('/api/team', jsonRequest('POST', data, owner))
  expect(response.status).toBe(201)
  const { id } = (await response.json()) as { id: string }
  return { id, token: lastInviteToken(data.email as string), data }
}

async function joinAs(owner: string, overrides: Record<string, unknown> = {}) {
  const invited = await invite(owner, member(overrides))
  const account = await signUp(
    t,
    lawyerSignUp({ email: invited.data.email as string, nomeCompleto: 'Convidada' }),
  )
  const accepted = await t.app.request(
    `/api/team/invitations/${invited.token}/accept`,
    jsonRequest('POST', undefined, account.cookie),
  )
  expect(accepted.status).toBe(200)
  return { ...invited, cookie: account.cookie }
}

describe('team list', () => {
  it('lists the sócio of a new office with data from sign-up, cards and the viewer flag', async () => {
    const { cookie } = await signUp(t, lawyerSignUp({ nomeCompleto: 'Ana Sócia' }))
    const body = await team(cookie)
    expect(body.members).toHaveLength(1)
    expect(body.members[0]).toMatchObject({
      nomeCompleto: 'Ana Sócia',
      nivelAcesso: 'socio',
      oabNumero: '123456',
      acesso: 'conta',
      voce: true,
      online: true,
    })
    expect(body.stats).toMatchObject({
      membrosAtivos: 1,
      casosAtivos: 0,
      mediaCasosPorMembro: 0,
      advogadosAtivos: 1,
    })
    expect(body.podeGerenciar).toBe(true)
  })

  it('adds a member without system access, searches by name/e-mail/cargo and filters by level', async () => {
    const { cookie } = await signUp(t)
    const secretary = member({
      nomeCompleto: 'Célia Secretária',
      nivelAcesso: 'assistente',
      cargo: 'Secretária',
    })
    const response = await t.app.request(
      '/api/team',
      jsonRequest('POST', { ...secretary, convidar: false, oabNumero: null, oabUf: null }, cookie),
    )
    expect(response.status).toBe(201)
    expect(t.mailer.sent.some((m) => m.to === secretary.email)).toBe(false)
    const row = (await team(cookie)).members.find((m) => m.nomeCompleto === 'Célia Secretária')
    expect(row).toMatchObject({
      acesso: 'sem_acesso',
      nivelAcesso: 'assistente',
      especialidades: ['civil', 'trabalhista'],
    })
    expect((await team(cookie, '?search=celia')).members).toHaveLength(1)
    expect((await team(cookie, `?search=${secretary.email.slice(0, 10)}`)).members).toHaveLength(1)
    expect((await team(cookie, '?search=secret')).members).toHaveLength(1)
    expect((await team(cookie, '?nivel=socio')).members.map((m) => m.nivelAcesso)).toEqual(['socio'])
    const stats = (await team(cookie)).stats
    expect(stats).toMatchObject({ membrosAtivos: 2, advogadosAtivos: 1, equipeDeApoio: 1 })
  })

  it('refuses bad input with pt-BR messages and writes nothing', async () => {
    const { cookie } = await signUp(t)
    const before = (await team(cookie)).members.length
    const bad = await t.app.request(
      '/api/team',
      jsonRequest('POST', member({ nomeCompleto: '', oabNumero: '1234567', nivelAcesso: 'chefe' }), cookie),
    )
    expect(bad.status).toBe(400)
    const { error } = (await bad.json()) as { error: { fields: Record<string, string> } }
    expect(error.fields).toMatchObject({
      nomeCompleto: 'Nome completo é obrigatório',
      oabNumero: 'Número da OAB inválido',
      nivelAcesso: 'Nível de acesso inválido',
    })
    const noEmail = await t.app.request('/api/team', jsonRequest('POST', member({ email: null }), cookie))
    expect(noEmail.status).toBe(400)
    // The member dialog validates with this schema: the words it shows for the same input (issue 23).
    expect(((await noEmail.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      email: 'Informe o e-mail para enviar o convite.',
    })
    const badContact = await t.app.request(
      '/api/team',
      jsonRequest('POST', member({ email: 'bruno@', telefone: '123' }), cookie),
    )
    expect(((await badContact.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual(
      {
        email: 'Email inválido',
        telefone: 'Telefone inválido',
      },
    )
    expect((await team(cookie)).members).toHaveLength(before)
  })

  it('refuses a second member with the same e-mail (409)', async () => {
    const { cookie } = await signUp(t)
    const data = member()
    await invite(cookie, data)
    const again = await t.app.request('/api/team', jsonRequest('POST', data, cookie))
    expect(again.status).toBe(409)
  })
})

describe('invitations', () => {
  it('mails a single-use link; the invited e-mail accepts, the office becomes current', async () => {
    const owner = await signUp(t)
    const { id, token, data } = await invite(owner.cookie)
    expect((await team(owner.cookie)).members.find((m) => m.id === id)?.acesso).toBe('convite_pendente')
    const [stored] = await t.handle.db
      .select()
      .from(officeInvitations)
      .where(eq(officeInvitations.memberId, id))
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored?.tokenHash).not.toContain(token)

    const info = await t.app.request(`/api/team/invitations/${token}`)
    expect(info.status).toBe(200)
    expect((await info.json()) as InvitationInfo).toMatchObject({
      email: data.email,
      nivelAcesso: 'associado',
      contaExiste: false,
    })

    // The invited person already has their own office: they keep it, and the invited one becomes current.
    const account = await signUp(t, lawyerSignUp({ email: data.email }))
    const ownOffice = (await me(account.cookie)).office?.id
    const accepted = await t.app.request(
      `/api/team/invitations/${token}/accept`,
      jsonRequest('POST', undefined, account.cookie),
    )
    expect(accepted.status).toBe(200)
    const current = (await me(account.cookie)).office
    expect(current?.id).not.toBe(ownOffice)
    expect(current?.nivelAcesso).toBe('associado')
    expect((await me(account.cookie, nodeB)).office?.id).toBe(current?.id)
    expect((await team(owner.cookie)).members.find((m) => m.id === id)?.acesso).toBe('conta')

    const twice = await t.app.request(
      `/api/team/invitations/${token}/accept`,
      jsonRequest('POST', undefined, account.cookie),
    )
    expect(twice.status).toBe(404)
    expect((await t.app.request(`/api/team/invitations/${token}`)).status).toBe(404)
    const audit = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'member.join'))
    expect(audit.some((row) => row.entityId === id)).toBe(true)
  })

  it('refuses another e-mail with a clear message and needs a session', async () => {
    const owner = await signUp(t)
    const { token } = await invite(owner.cookie)
    const anonymous = await t.app.request(`/api/team/invitations/${token}/accept`, { method: 'POST' })
    expect(anonymous.status).toBe(401)
    const other = await signUp(t)
    const response = await t.app.request(
      `/api/team/invitations/${token}/accept`,
      jsonRequest('POST', undefined, other.cookie),
    )
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Este convite foi enviado para outro e-mail. Entre com a conta do e-mail convidado para aceitá-lo.',
    )
  })

  it('expires after 7 days', async () => {
    const owner = await signUp(t)
    const { id, token, data } = await invite(owner.cookie)
    const [row] = await t.handle.db
      .select({ days: sql<number>`round(extract(epoch from expires_at - created_at) / 86400)::int` })
      .from(officeInvitations)
      .where(eq(officeInvitations.memberId, id))
    expect(Number(row?.days)).toBe(7)
    await t.handle.db
      .update(officeInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(officeInvitations.memberId, id))
    const account = await signUp(t, lawyerSignUp({ email: data.email }))
    const response = await t.app.request(
      `/api/team/invitations/${token}/accept`,
      jsonRequest('POST', undefined, account.cookie),
    )
    expect(response.status).toBe(410)
  })

  it('resend replaces the link; cancel voids it', async () => {
    const owner = await signUp(t)
    const { id, token, data } = await invite(owner.cookie)
    expect(
      (await t.app.request(`/api/team/${id}/invitation`, jsonRequest('POST', undefined, owner.cookie)))
        .status,
    ).toBe(204)
    const fresh = lastInviteToken(data.email)
    expect(fresh).not.toBe(token)
    expect((await t.app.request(`/api/team/invitations/${token}`)).status).toBe(404)
    expect((await t.app.request(`/api/team/invitations/${fresh}`)).status).toBe(200)
    expect(
      (await t.app.request(`/api/team/${id}/invitation`, jsonRequest('DELETE', undefined, owner.cookie)))
        .status,
    ).toBe(204)
    expect((await t.app.request(`/api/team/invitations/${fresh}`)).status).toBe(404)
    expect((await team(owner.cookie)).members.find((m) => m.id === id)?.acesso).toBe('sem_acesso')
  })
})

describe('authorisation', () => {
  it('lets every member view; only sócios write; another office’s member is a 404', async () => {
    const owner = await signUp(t)
    const joined = await joinAs(owner.cookie, { nivelAcesso: 'estagiario' })
    const view = await team(joined.cookie)
    expect(view.podeGerenciar).toBe(false)
    expect(view.members).toHaveLength(2)
    const write = await t.app.request('/api/team', jsonRequest('POST', member(), joined.cookie))
    expect(write.status).toBe(403)
    const edit = await t.app.request(
      `/api/team/${joined.id}`,
      jsonRequest('PUT', member({ email: joined.data.email }), joined.cookie),
    )
    expect(edit.status).toBe(403)

    const stranger = await signUp(t)
    for (const request of [
      jsonRequest('PUT', member(), stranger.cookie),
      jsonRequest('DELETE', undefined, stranger.cookie),
    ]) {
      expect((await t.app.request(`/api/team/${joined.id}`, request)).status).toBe(404)
    }
    expect(
      (
        await t.app.request(
          `/api/team/${joined.id}/invitation`,
          jsonRequest('POST', undefined, stranger.cookie),
        )
      ).status,
    ).toBe(404)
  })

  it('protects the last active sócio from demotion and deactivation (409)', async () => {
    const owner = await signUp(t)
    const self = (await team(owner.cookie)).members[0]
    if (!self) throw new Error('no member')
    const demote = await t.app.request(
      `/api/team/${self.id}`,
      jsonRequest(
        'PUT',
        member({ nomeCompleto: self.nomeCompleto, email: self.email, nivelAcesso: 'associado' }),
        owner.cookie,
      ),
    )
    expect(demote.status).toBe(409)
    expect(((await demote.json()) as { error: { message: string } }).error.message).toBe(
      'O escritório precisa de pelo menos um sócio ativo: promova outro membro a sócio antes.',
    )
    expect(
      (await t.app.request(`/api/team/${self.id}`, jsonRequest('DELETE', undefined, owner.cookie))).status,
    ).toBe(409)
    // With a second sócio (with an account), the first may step down.
    await joinAs(owner.cookie, { nivelAcesso: 'socio' })
    expect(
      (await t.app.request(`/api/team/${self.id}`, jsonRequest('DELETE', undefined, owner.cookie))).status,
    ).toBe(204)
  })

  it('deactivation takes effect on the very next request on every node, and hides the member', async () => {
    const owner = await signUp(t)
    const joined = await joinAs(owner.cookie)
    // Warm both nodes' caches.
    expect((await t.app.request('/api/team', { headers: { cookie: joined.cookie } })).status).toBe(200)
    expect((await nodeB.request('/api/team', { headers: { cookie: joined.cookie } })).status).toBe(200)
    expect(
      (await t.app.request(`/api/team/${joined.id}`, jsonRequest('DELETE', undefined, owner.cookie))).status,
    ).toBe(204)
    // NOTIFY is delivered after the commit; node B evicts as soon as it arrives. The joined lawyer keeps
    // their own office, so from now on their requests are scoped to it: the owner's team is out of reach.
    const seesOwnersTeam = async (app: ReturnType<typeof createApp>) => {
      const response = await app.request('/api/team', { headers: { cookie: joined.cookie } })
      const body = (await response.json()) as TeamOverview
      return body.members.some((m) => m.id === joined.id)
    }
    let stillSees = true
    for (let i = 0; i < 50 && stillSees; i++) {
      stillSees = await seesOwnersTeam(nodeB)
      if (stillSees) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(stillSees).toBe(false)
    expect(await seesOwnersTeam(t.app)).toBe(false)
    expect((await team(owner.cookie)).members.some((m) => m.id === joined.id)).toBe(false)
    const [kept] = await t.handle.db.select().from(officeMembers).where(eq(officeMembers.id, joined.id))
    expect(kept?.ativo).toBe(false)
  })
})
