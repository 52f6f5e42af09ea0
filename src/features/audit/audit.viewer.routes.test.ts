import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AuditPage } from './audit.schema'

// Issue 10, "Office audit log": the sócios of the CURRENT office read its trail (who did what and when),
// filtered by member, action and period, in pages and as CSV; members' sign-ins are in it.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function me(cookie: string) {
  return (await (await t.app.request('/api/me', { headers: { cookie } })).json()) as {
    user: { id: string }
    office: { id: string }
  }
}

async function audit(cookie: string, query = '') {
  const response = await t.app.request(`/api/audit${query}`, { headers: { cookie } })
  expect(response.status).toBe(200)
  return (await response.json()) as AuditPage
}

async function signIn(email: string) {
  const response = await t.app.request(
    '/api/auth/sign-in/email',
    jsonRequest('POST', { email, password: 'senha-segura-123' }),
  )
  expect(response.status).toBe(200)
  return cookieFrom(response)
}

describe('GET /api/audit', () => {
  it("lists the office's trail newest first, filters by member, action and period, and pages", async () => {
    const socio = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sócia Auditora' }))
    const assistant = await signUp(t, lawyerSignUp({ nomeCompleto: 'Assis Tente' }))
    const socioMe = await me(socio.cookie)
    const officeId = socioMe.office.id
    const assistantId = (await me(assistant.cookie)).user.id
    const [assistantMember] = (
      await t.handle.db.execute<{ id: string }>(sql`
        insert into office_members (office_id, user_id, nivel_acesso, selected_at)
        values (${officeId}::uuid, ${assistantId}, 'assistente', now()) returning id`)
    ).rows

    // The assistente registers a client; both sign in again (each sign-in is an office row).
    const created = await t.app.request(
      '/api/clients',
      jsonRequest('POST', { nomeCompleto: 'Cliente Auditado' }, assistant.cookie),
    )
    expect(created.status).toBe(201)
    const socioCookie = await signIn(socio.email)
    await signIn(assistant.email)

    const all = await audit(socioCookie)
    expect(all.items.map((i) => [i.action, i.actorNome])).toEqual([
      ['member.sign_in', 'Assis Tente'],
      ['member.sign_in', 'Sócia Auditora'],
      ['client.create', 'Assis Tente'],
    ])
    expect(all).toMatchObject({ page: 1, pageSize: 50, hasMore: false })

    const byMember = await audit(socioCookie, `?memberId=${assistantMember!.id}`)
    expect(byMember.items.map((i) => i.action)).toEqual(['member.sign_in', 'client.create'])
    const byAction = await audit(socioCookie, '?action=client.create')
    expect(byAction.items.map((i) => i.actorNome)).toEqual(['Assis Tente'])
    expect((await audit(socioCookie, '?from=2000-01-01&to=2000-12-31')).items).toEqual([])

    // 55 more rows: two pages.
    await t.handle.db.execute(sql`
      insert into audit_log (office_id, actor_user_id, action, entity, created_at)
      select ${officeId}::uuid, ${socioMe.user.id}, 'case.update', 'case', now() - make_interval(mins => g)
      from generate_series(1, 55) g`)
    const first = await audit(socioCookie, '?action=case.update')
    expect(first.items).toHaveLength(50)
    expect(first.hasMore).toBe(true)
    const second = await audit(socioCookie, '?action=case.update&page=2')
    expect(second.items).toHaveLength(5)
    expect(second.hasMore).toBe(false)

    const csv = await t.app.request('/api/audit/export.csv?action=client.create', {
      headers: { cookie: socioCookie },
    })
    expect(csv.status).toBe(200)
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(';Assis Tente;client.create;client;')
    expect((await audit(socioCookie, '?action=audit.export')).items).toHaveLength(1)

    // Only the sócios; other members get 403.
    expect((await t.app.request('/api/audit', { headers: { cookie: assistant.cookie } })).status).toBe(403)
  })

  it("never shows another office's rows and validates the filters", async () => {
    const ana = await signUp(t, lawyerSignUp())
    const bia = await signUp(t, lawyerSignUp())
    await t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto: 'Só da Bia' }, bia.cookie))
    expect((await audit(ana.cookie)).items).toEqual([])
    for (const query of ['?memberId=x', '?action=DROP TABLE', '?from=2026-02-30', '?page=0']) {
      const response = await t.app.request(`/api/audit${query}`, { headers: { cookie: ana.cookie } })
      expect(response.status).toBe(400)
    }
  })
})
