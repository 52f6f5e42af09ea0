import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AuditPage } from './audit.schema'

// Issue 24, item 9: the audit viewer names a member as the office knows them (the team record, else the
// profile), not by users.name — which better-auth's update-user once let anyone set at will.

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

describe('GET /api/audit: the actor’s name', () => {
  it('comes from the team record, else the profile, whatever users.name says', async () => {
    const socio = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
    const associado = await signUp(t, lawyerSignUp({ nomeCompleto: 'Artur Associado' }))
    const officeId = (await me(socio.cookie)).office.id
    const associadoId = (await me(associado.cookie)).user.id
    await t.handle.db.execute(sql`
      insert into office_members (office_id, user_id, nivel_acesso, selected_at)
      values (${officeId}::uuid, ${associadoId}, 'associado', now())`)
    const created = await t.app.request(
      '/api/clients',
      jsonRequest('POST', { nomeCompleto: 'Cliente Auditado' }, associado.cookie),
    )
    expect(created.status).toBe(201)
    await t.handle.db.execute(sql`update users set name = 'Sofia Sócia (sócia)' where id = ${associadoId}`)

    const actorOfCreate = async () => {
      const response = await t.app.request('/api/audit?action=client.create', {
        headers: { cookie: socio.cookie },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as AuditPage).items.map((item) => item.actorNome)
    }
    expect(await actorOfCreate()).toEqual(['Artur Associado'])

    await t.handle.db.execute(
      sql`update office_members set nome_completo = '' where user_id = ${associadoId}`,
    )
    expect(await actorOfCreate()).toEqual(['Artur Associado'])
  })
})
