import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp } from '../../test/accounts'
import { auditLog } from '../audit/audit.table.server'
import { sessions } from '../auth/auth.table.server'
import { contentReports, oabVerifications, reviews } from '../network/network.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { userRoles } from '../auth/user-roles.table.server'
import { platformEvents } from '../platform-logs/platform-logs.table.server'
import { account, call, MASTER, superadmin, type Account } from '../network/network.fixtures'
import { entitySignUp, publishJob } from '../jobs/jobs.fixtures'
import type { BlockedUserItem, ModerationHistoryPage, ModerationSummary } from './admin-moderation.schema'

let t: TestApp
let master: Account
let plain: Account
let admin: Account
const PASSWORD = 'senha-segura-123'

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })
const signIn = (email: string) =>
  t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email, password: PASSWORD }))
const summary = async () =>
  (await (await get('/api/admin/moderation/summary', master.cookie)).json()) as ModerationSummary

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  master = await superadmin(t)
  plain = await account(t, lawyerSignUp({ nomeCompleto: 'Paulo Plano' }))
  admin = await account(t, lawyerSignUp({ nomeCompleto: 'Adelaide Admin' }))
  await t.handle.db.insert(userRoles).values({ userId: admin.id, role: 'admin' })
})
afterAll(() => t.close())

const ROUTES: [string, string, unknown?][] = [
  ['POST', '/api/admin/users/x/block', { reason: 'spam' }],
  ['DELETE', '/api/admin/users/x/block'],
  ['PATCH', '/api/admin/profiles/00000000-0000-4000-8000-000000000000', {}],
  ['POST', '/api/admin/moderation/jobs/00000000-0000-4000-8000-000000000000/close'],
  ['GET', '/api/admin/moderation/summary'],
  ['GET', '/api/admin/moderation/blocked'],
  ['GET', '/api/admin/moderation/history'],
]

describe('access (superadmin only)', () => {
  it.each(ROUTES)('%s %s: anonymous 401, user 403, admin 403', async (method, path, body) => {
    expect((await t.app.request(path, jsonRequest(method, body))).status).toBe(401)
    const asUser = await t.app.request(path, jsonRequest(method, body, plain.cookie))
    expect(asUser.status).toBe(403)
    expect((await asUser.json()).error.message).toBe('Acesso negado.')
    expect((await t.app.request(path, jsonRequest(method, body, admin.cookie))).status).toBe(403)
  })
  it('superadmin reads the moderation data', async () => {
    for (const path of [
      '/api/admin/moderation/summary',
      '/api/admin/moderation/blocked',
      '/api/admin/moderation/history',
    ])
      expect((await get(path, master.cookie)).status).toBe(200)
  })
})

describe('blocking a user', () => {
  it('ends every session at once, refuses sign-in, and unblocking restores it', async () => {
    const victim = await account(t, lawyerSignUp({ nomeCompleto: 'Bruno Bloqueado' }))
    const second = cookieFrom(await signIn(victim.email))
    expect((await get('/api/me', second)).status).toBe(200)
    expect((await get('/api/me', victim.cookie)).status).toBe(200)

    const blocked = await call(
      t,
      'POST',
      `/api/admin/users/${victim.id}/block`,
      { reason: 'Spam' },
      master.cookie,
    )
    expect(blocked.status).toBe(200)
    expect((await blocked.json()).sessionsEnded).toBe(2)
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toHaveLength(0)
    // The old cookies stop working on the next request (the node's cache was evicted by the trigger).
    expect((await get('/api/me', victim.cookie)).status).toBe(401)
    expect((await get('/api/me', second)).status).toBe(401)

    const refused = await signIn(victim.email)
    expect(refused.status).toBe(403)
    const body = await refused.json()
    expect(body.error.code).toBe('ACCOUNT_BLOCKED')
    expect(body.error.message).toBe(
      'Sua conta está bloqueada pela administração da plataforma. Entre em contato com o suporte.',
    )
    expect(refused.headers.getSetCookie()).toHaveLength(0)

    const list = (await (await get('/api/admin/moderation/blocked', master.cookie)).json()) as {
      items: BlockedUserItem[]
    }
    expect(list.items.map((row) => [row.userId, row.nomeCompleto, row.reason])).toContainEqual([
      victim.id,
      'Bruno Bloqueado',
      'Spam',
    ])
    expect((await summary()).bloqueados).toBe(1)
    const again = await call(t, 'POST', `/api/admin/users/${victim.id}/block`, { reason: 'x' }, master.cookie)
    expect(again.status).toBe(409)

    const events = await t.handle.db
      .select()
      .from(platformEvents)
      .where(and(eq(platformEvents.kind, 'permissao'), eq(platformEvents.targetUserId, victim.id)))
    expect(events.map((e) => (e.details as { change?: string }).change)).toContain('bloqueio')
    const audits = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'admin.user_block'))
    expect(audits).toHaveLength(1)

    expect(
      (await call(t, 'DELETE', `/api/admin/users/${victim.id}/block`, undefined, master.cookie)).status,
    ).toBe(200)
    expect((await signIn(victim.email)).status).toBe(200)
    expect((await summary()).bloqueados).toBe(0)
    expect(
      (await call(t, 'DELETE', `/api/admin/users/${victim.id}/block`, undefined, master.cookie)).status,
    ).toBe(409)

    const history = (await (
      await get('/api/admin/moderation/history', master.cookie)
    ).json()) as ModerationHistoryPage
    const kinds = history.items.filter((item) => item.subject === 'Bruno Bloqueado').map((item) => item.kind)
    expect(kinds.sort()).toEqual(['bloqueio', 'desbloqueio'])
    expect(history.items.find((item) => item.kind === 'bloqueio')).toMatchObject({
      reason: 'Spam',
      actorId: master.id,
      actorName: 'Mestre da Plataforma',
    })
  })

  it('refuses blocking oneself, the master account, an unknown user, or without a reason', async () => {
    const self = await call(t, 'POST', `/api/admin/users/${master.id}/block`, { reason: 'x' }, master.cookie)
    expect(self.status).toBe(403)
    expect((await self.json()).error.message).toBe('Você não pode bloquear a sua própria conta.')
    expect(
      (await call(t, 'POST', '/api/admin/users/nope/block', { reason: 'x' }, master.cookie)).status,
    ).toBe(404)
    const empty = await call(t, 'POST', `/api/admin/users/${plain.id}/block`, { reason: ' ' }, master.cookie)
    expect(empty.status).toBe(400)
    expect((await get('/api/me', plain.cookie)).status).toBe(200)
  })
})

describe('editing a profile', () => {
  it('fixes name, phone and type, audited; bad input is 400 and writes nothing', async () => {
    const [row] = await t.handle.db.select().from(profiles).where(eq(profiles.userId, plain.id))
    const path = `/api/admin/profiles/${row?.id}`
    const bad = await call(
      t,
      'PATCH',
      path,
      { nomeCompleto: '', telefone: '123', userType: 'x' },
      master.cookie,
    )
    expect(bad.status).toBe(400)
    const ok = await call(
      t,
      'PATCH',
      path,
      { nomeCompleto: 'Paulo Corrigido', telefone: '(11) 98765-4321', userType: 'estudante' },
      master.cookie,
    )
    expect(ok.status).toBe(200)
    const [after] = await t.handle.db.select().from(profiles).where(eq(profiles.userId, plain.id))
    expect([after?.nomeCompleto, after?.telefone, after?.userType]).toEqual([
      'Paulo Corrigido',
      '(11) 98765-4321',
      'estudante',
    ])
    const audits = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'admin.profile_edit'))
    expect(audits).toHaveLength(1)
    expect(JSON.stringify(audits[0]?.details)).not.toContain('Corrigido')
    const missing = '/api/admin/profiles/00000000-0000-4000-8000-000000000000'
    const body = { nomeCompleto: 'A', telefone: '', userType: 'advogado' }
    expect((await call(t, 'PATCH', missing, body, master.cookie)).status).toBe(404)
  })
})

describe('moderation decisions change what the public sees', () => {
  it('approving an OAB request shows the lawyer verified; hiding a reported review removes it', async () => {
    const ana = await account(t, lawyerSignUp({ nomeCompleto: 'Ana Pública' }))
    const reviewer = await account(t, lawyerSignUp({ nomeCompleto: 'Rui Revisor' }))
    const [anaProfile] = await t.handle.db.select().from(profiles).where(eq(profiles.userId, ana.id))
    const slug = anaProfile?.slug as string
    const publicProfile = async () =>
      (await (await get(`/api/directory/profiles/${slug}`)).json()) as { verified: boolean }
    expect((await publicProfile()).verified).toBe(false)

    const pdf = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'
    const sent = await t.app.request('/api/network/verification', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', cookie: ana.cookie },
      body: pdf,
    })
    expect(sent.status).toBe(201)
    expect((await summary()).pendentes).toBe(1)
    const [request] = await t.handle.db
      .select()
      .from(oabVerifications)
      .where(eq(oabVerifications.userId, ana.id))
    const decided = await call(
      t,
      'POST',
      `/api/network/moderation/verifications/${request?.id}/decide`,
      { approve: true },
      master.cookie,
    )
    expect(decided.status).toBe(200)
    expect((await publicProfile()).verified).toBe(true)

    const review = await call(
      t,
      'PUT',
      `/api/network/lawyers/${ana.id}/reviews`,
      { rating: 1, texto: 'Ofensivo' },
      reviewer.cookie,
    )
    expect(review.status).toBeLessThan(300)
    const [reviewRow] = await t.handle.db.select().from(reviews).where(eq(reviews.lawyerUserId, ana.id))
    const reviewsText = async () =>
      JSON.stringify(await (await get(`/api/network/lawyers/${slug}/reviews`)).json())
    expect(await reviewsText()).toContain('Ofensivo')
    const report = await call(
      t,
      'POST',
      '/api/network/reports',
      { targetType: 'review', targetId: reviewRow?.id, motivo: 'Ofensa' },
      ana.cookie,
    )
    expect(report.status).toBeLessThan(300)
    expect((await summary()).denunciados).toBe(1)
    const [reportRow] = await t.handle.db.select().from(contentReports)
    const resolved = await call(
      t,
      'POST',
      `/api/network/moderation/reports/${reportRow?.id}/resolve`,
      { decision: 'Conteúdo ofensivo', hide: true },
      master.cookie,
    )
    expect(resolved.status).toBe(200)
    expect(await reviewsText()).not.toContain('Ofensivo')

    const after = await summary()
    expect([after.pendentes, after.denunciados]).toEqual([0, 0])
    expect(after.resolvidos).toBeGreaterThanOrEqual(3)
    const history = (await (
      await get('/api/admin/moderation/history', master.cookie)
    ).json()) as ModerationHistoryPage
    expect(history.items.find((item) => item.kind === 'verificacao')).toMatchObject({
      outcome: 'aprovada',
      subject: 'Ana Pública',
      actorName: 'Mestre da Plataforma',
    })
    expect(history.items.find((item) => item.kind === 'denuncia')).toMatchObject({
      reason: 'Conteúdo ofensivo',
      subject: 'review',
    })
  })
})

describe('closing a reported job', () => {
  it('takes the job out of the public list and writes an audit row', async () => {
    const entity = await account(t, entitySignUp('Entidade Denunciada'))
    const jobId = await publishJob(t, entity.cookie, { titulo: 'Vaga Denunciada Moderação' })
    const listed = async () => JSON.stringify(await (await get('/api/jobs')).json())
    expect(await listed()).toContain('Vaga Denunciada Moderação')
    const closed = await call(
      t,
      'POST',
      `/api/admin/moderation/jobs/${jobId}/close`,
      undefined,
      master.cookie,
    )
    expect(closed.status).toBe(200)
    expect(await listed()).not.toContain('Vaga Denunciada Moderação')
    const audits = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'admin.job_close'))
    expect(audits.map((row) => row.entityId)).toEqual([jobId])
    const missing = '/api/admin/moderation/jobs/00000000-0000-4000-8000-000000000000/close'
    expect((await call(t, 'POST', missing, undefined, master.cookie)).status).toBe(404)
  })
})
