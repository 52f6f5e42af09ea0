import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { offices } from '../offices/offices.table.server'
import { auditLog } from './audit.table.server'

// Issue 7, item 5: the audit trail outlives what it talks about. office_id and actor_user_id are plain
// ids (no foreign key), so deleting an office — which cascades to its clients and cases — or the user
// who acted leaves every row in place, with both ids.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the audit trail survives the deletion of an office and of its user', () => {
  it('keeps every row, office id and actor id after both are deleted in SQL', async () => {
    const { cookie, email } = await signUp(t, lawyerSignUp({ nomeCompleto: 'Dora Desligada' }))
    const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
    const officeId = me.office.id as string
    const userId = me.user.id as string

    const created = await t.app.request(
      '/api/clients',
      jsonRequest('POST', { nomeCompleto: 'Cliente Antigo' }, cookie),
    )
    const client = (await created.json()) as { id: string }
    await t.app.request(`/api/clients/${client.id}`, { headers: { cookie } })
    await t.app.request(
      '/api/cases',
      jsonRequest('POST', { titulo: 'Caso Antigo', areaJuridica: 'Civil', clientId: client.id }, cookie),
    )
    await t.app.request(`/api/clients/${client.id}`, jsonRequest('DELETE', undefined, cookie))
    const before = await t.handle.db.select().from(auditLog).where(eq(auditLog.officeId, officeId))
    expect(before.map((row) => row.action).sort()).toEqual([
      'case.create',
      'client.create',
      'client.delete',
      'client.read',
    ])

    // The office goes (its clients and cases with it), then its user.
    await t.handle.db.execute(sql`delete from offices where id = ${officeId}::uuid`)
    expect(await t.handle.db.select().from(offices).where(eq(offices.id, officeId))).toEqual([])
    expect(await t.handle.db.select().from(clients).where(eq(clients.officeId, officeId))).toEqual([])
    expect(await t.handle.db.select().from(cases).where(eq(cases.officeId, officeId))).toEqual([])
    await t.handle.db.execute(sql`delete from users where email = ${email}`)
    expect(await t.handle.db.select().from(users).where(eq(users.id, userId))).toEqual([])

    const after = await t.handle.db.select().from(auditLog).where(eq(auditLog.officeId, officeId))
    expect(after).toEqual(before)
    expect(after.every((row) => row.actorUserId === userId)).toBe(true)
  })
})
