import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { pdfBytes, upload, userIdOf } from './documents.fixtures'
import type { DocumentDetail, DocumentList } from './documents.schema'

// Issue 24, item 9: 'Enviado por' is the name the office knows (its team record, else the profile), not
// users.name — which better-auth's update-user once let anyone set to 'Sofia Sócia (sócia)'.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe("'Enviado por'", () => {
  it('shows the team record, else the profile name, whatever users.name says', async () => {
    const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Artur Associado' }))
    const doc = await upload(t, owner.cookie, pdfBytes(), { name: 'Contrato.pdf' })
    const userId = await userIdOf(t, owner.email)
    await t.handle.db.execute(sql`update users set name = 'Sofia Sócia (sócia)' where id = ${userId}`)

    const uploader = async () => {
      const list = (await (
        await t.app.request('/api/documents', { headers: { cookie: owner.cookie } })
      ).json()) as DocumentList
      const detail = (await (
        await t.app.request(`/api/documents/${doc.id}`, { headers: { cookie: owner.cookie } })
      ).json()) as DocumentDetail
      return [
        list.items.find((item) => item.id === doc.id)?.enviadoPor,
        detail.document.enviadoPor,
        detail.versions[0]?.enviadoPor,
      ]
    }
    expect(await uploader()).toEqual(Array(3).fill({ id: userId, nome: 'Artur Associado' }))

    // A team record without a name falls back to the profile's.
    await t.handle.db.execute(sql`update office_members set nome_completo = '' where user_id = ${userId}`)
    await t.handle.db.execute(
      sql`update profiles set nome_completo = 'Artur A. Perfil' where user_id = ${userId}`,
    )
    expect(await uploader()).toEqual(Array(3).fill({ id: userId, nome: 'Artur A. Perfil' }))
  })
})
