import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { officeMembers } from '../offices/offices.table.server'
import { officeOf, pdfBytes, upload, uploadRequest, userIdOf } from './documents.fixtures'
import type { DocumentAccessLevel, DocumentList, DocumentRow, DocumentStats } from './documents.schema'

// Issue 8 access levels × spec §6 team levels, with members inserted straight into office_members (the
// team issue will add them through the UI). público: everyone; restrito: sócio, associado, uploader;
// confidencial: sócio, uploader. What a member may not see is 404 everywhere and absent from lists/stats.

type Nivel = 'socio' | 'associado' | 'estagiario' | 'assistente'
let t: TestApp
const cookies = {} as Record<Nivel, string>
const docs = {} as Record<DocumentAccessLevel, DocumentRow>

const EXPECTED: Record<DocumentAccessLevel, Record<Nivel, boolean>> = {
  publico: { socio: true, associado: true, estagiario: true, assistente: true },
  restrito: { socio: true, associado: true, estagiario: false, assistente: false },
  confidencial: { socio: true, associado: false, estagiario: false, assistente: false },
}

const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

const req = (method: string, path: string, cookie: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie))

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  cookies.socio = owner.cookie
  const officeId = await officeOf(t, owner.email)
  for (const nivelAcesso of ['associado', 'estagiario', 'assistente'] as const) {
    const account = await signUp(t, student(`Membro ${nivelAcesso}`))
    await t.handle.db
      .insert(officeMembers)
      .values({ officeId, userId: await userIdOf(t, account.email), nivelAcesso })
    cookies[nivelAcesso] = account.cookie
  }
  for (const level of ['publico', 'restrito', 'confidencial'] as const) {
    docs[level] = await upload(t, cookies.socio, pdfBytes(level), {
      name: `${level}.pdf`,
      nivelAcesso: level,
    })
  }
})
afterAll(() => t.close())

async function sees(cookie: string, doc: DocumentRow): Promise<boolean[]> {
  const list = (await (await req('GET', '/api/documents', cookie)).json()) as DocumentList
  return [
    (await req('GET', `/api/documents/${doc.id}`, cookie)).status === 200,
    (await req('GET', `/api/documents/${doc.id}/file`, cookie)).status === 200,
    list.items.some((d) => d.id === doc.id),
  ]
}

describe('access level × member level', () => {
  for (const nivel of ['socio', 'associado', 'estagiario', 'assistente'] as const) {
    it(`${nivel}: sees exactly what the rule allows, everywhere`, async () => {
      for (const level of ['publico', 'restrito', 'confidencial'] as const) {
        const allowed = EXPECTED[level][nivel]
        expect(await sees(cookies[nivel], docs[level]), `${nivel} × ${level}`).toEqual([
          allowed,
          allowed,
          allowed,
        ])
        if (!allowed) {
          const id = docs[level].id
          expect((await req('PATCH', `/api/documents/${id}`, cookies[nivel], { nome: 'x' })).status).toBe(404)
          expect((await req('DELETE', `/api/documents/${id}`, cookies[nivel])).status).toBe(404)
          const version = await uploadRequest(
            t,
            cookies[nivel],
            pdfBytes(),
            { name: 'v.pdf' },
            `/api/documents/${id}/versions`,
          )
          expect(version.status).toBe(404)
        }
      }
      const stats = (await (await req('GET', '/api/documents/stats', cookies[nivel])).json()) as DocumentStats
      const visible = (['publico', 'restrito', 'confidencial'] as const).filter((l) => EXPECTED[l][nivel])
      expect(stats.total).toBe(visible.length)
      expect(stats.confidenciais).toBe(EXPECTED.confidencial[nivel] ? 1 : 0)
    })
  }

  it('the uploader always sees their own restricted and confidential documents', async () => {
    for (const nivel of ['estagiario', 'assistente', 'associado'] as const) {
      const own = await upload(t, cookies[nivel], pdfBytes(), {
        name: `meu-${nivel}.pdf`,
        nivelAcesso: 'confidencial',
      })
      expect(await sees(cookies[nivel], own)).toEqual([true, true, true])
      expect(await sees(cookies.socio, own)).toEqual([true, true, true])
      // A colleague below sócio doesn't.
      const colleague = nivel === 'associado' ? 'estagiario' : 'associado'
      expect(await sees(cookies[colleague], own)).toEqual([false, false, false])
    }
  })

  it('a member cannot move a document to a level they would no longer see', async () => {
    const response = await req('PATCH', `/api/documents/${docs.publico.id}`, cookies.associado, {
      nivelAcesso: 'confidencial',
    })
    expect(response.status).toBe(400)
    expect((await req('GET', `/api/documents/${docs.publico.id}`, cookies.socio)).status).toBe(200)
  })
})
