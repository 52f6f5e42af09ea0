import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import type { SignUpInput } from '../auth/auth.schema'
import type { Client } from '../clients/clients.schema'
import { officeMembers } from '../offices/offices.table.server'
import { officeOf, pdfBytes, upload, uploadRequest, userIdOf } from './documents.fixtures'
import { DOCUMENT_MESSAGES, type DocumentList, type DocumentRow } from './documents.schema'
import { documents } from './documents.table.server'

// 'Compartilhar com o cliente' (issue 26): the office chooses what the client portal shows. Off by default; on
// only for a document with a client or a case; a confidencial document only by a sócio who confirms — the
// associado is refused whatever they send, and nothing changes on a refusal. Every change is audited with it.

let t: TestApp
let socio: string
let associado: string
let client: Client

const req = (method: string, path: string, cookie: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie))

async function patch(id: string, cookie: string, body: Record<string, unknown>) {
  const response = await req('PATCH', `/api/documents/${id}`, cookie, body)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function storedShare(id: string) {
  const [row] = await t.handle.db
    .select({ shared: documents.compartilhadoCliente, nivel: documents.nivelAcesso })
    .from(documents)
    .where(eq(documents.id, id))
  return row
}

async function lastAudit(id: string) {
  const [row] = await t.handle.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1)
  return row
}

const errorOf = (body: Record<string, unknown>) =>
  body.error as { code: string; message: string; fields?: Record<string, string> }

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  socio = owner.cookie
  // A student's account has no office of its own: this membership is its current one.
  const member = await signUp(t, {
    ...lawyerSignUp({ nomeCompleto: 'Artur Associado' }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  } as unknown as SignUpInput)
  await t.handle.db.insert(officeMembers).values({
    officeId: await officeOf(t, owner.email),
    userId: await userIdOf(t, member.email),
    nivelAcesso: 'associado',
  })
  associado = member.cookie
  client = (await (
    await req('POST', '/api/clients', socio, { nomeCompleto: 'João da Silva' })
  ).json()) as Client
})
afterAll(() => t.close())

describe('sharing a document with the client', () => {
  it('is off by default, turns on and off again, and the list carries it', async () => {
    const doc = await upload(t, socio, pdfBytes('a'), { name: 'procuracao.pdf', clientId: client.id })
    expect(doc.compartilhadoCliente).toBe(false)

    const on = await patch(doc.id, associado, { compartilhadoCliente: true })
    expect(on.status).toBe(200)
    expect((on.body.document as DocumentRow).compartilhadoCliente).toBe(true)
    expect(await lastAudit(doc.id)).toEqual({
      action: 'document.update',
      details: { fields: ['compartilhadoCliente'], compartilhadoCliente: true },
    })
    const list = (await (
      await req('GET', `/api/documents?clientId=${client.id}&compartilhadoCliente=true`, socio)
    ).json()) as DocumentList
    expect(list.items.map((d) => [d.id, d.compartilhadoCliente])).toEqual([[doc.id, true]])

    const off = await patch(doc.id, associado, { compartilhadoCliente: false })
    expect((off.body.document as DocumentRow).compartilhadoCliente).toBe(false)
    expect((await storedShare(doc.id))?.shared).toBe(false)
    expect((await lastAudit(doc.id))?.details).toMatchObject({ compartilhadoCliente: false })
  })

  it('is refused for a document with neither client nor case', async () => {
    const doc = await upload(t, socio, pdfBytes('b'), { name: 'solto.pdf' })
    const response = await patch(doc.id, socio, { compartilhadoCliente: true })
    expect(response.status).toBe(400)
    expect(errorOf(response.body).fields).toEqual({ compartilhadoCliente: DOCUMENT_MESSAGES.shareNeedsLink })
    expect((await storedShare(doc.id))?.shared).toBe(false)
  })

  it('takes the sharing on upload, and refuses a non-boolean', async () => {
    const doc = await upload(t, socio, pdfBytes('c'), {
      name: 'contrato.pdf',
      clientId: client.id,
      compartilhadoCliente: 'true',
    })
    expect(doc.compartilhadoCliente).toBe(true)
    expect((await lastAudit(doc.id))?.details).toMatchObject({ compartilhadoCliente: true })

    const typo = await uploadRequest(t, socio, pdfBytes('d'), {
      name: 'x.pdf',
      clientId: client.id,
      compartilhadoCliente: 'sim' as 'true',
    })
    expect(typo.status).toBe(400)
    const bad = await patch(doc.id, socio, { compartilhadoCliente: 'sim' })
    expect(bad.status).toBe(400)
    expect(errorOf(bad.body).fields).toEqual({ compartilhadoCliente: DOCUMENT_MESSAGES.invalidShare })
  })
})

describe('a confidencial document', () => {
  it('cannot be shared by an associado, nor by a sócio without confirmarConfidencial; can with it', async () => {
    // The associado uploads it (the uploader always sees their own confidencial document).
    const doc = await upload(t, associado, pdfBytes('e'), {
      name: 'parecer.pdf',
      nivelAcesso: 'confidencial',
      clientId: client.id,
    })
    const before = await lastAudit(doc.id)

    for (const body of [
      { compartilhadoCliente: true },
      { compartilhadoCliente: true, confirmarConfidencial: true },
    ]) {
      const refused = await patch(doc.id, associado, body)
      expect(refused.status).toBe(403)
      expect(errorOf(refused.body).message).toBe(DOCUMENT_MESSAGES.confidentialShare)
    }
    const unconfirmed = await patch(doc.id, socio, { compartilhadoCliente: true, nome: 'Parecer' })
    expect(unconfirmed.status).toBe(400)
    expect(errorOf(unconfirmed.body).fields).toEqual({
      compartilhadoCliente: DOCUMENT_MESSAGES.confidentialShare,
    })
    // Nothing changed, nothing logged.
    expect(await storedShare(doc.id)).toEqual({ shared: false, nivel: 'confidencial' })
    expect(await lastAudit(doc.id)).toEqual(before)
    expect((await (await req('GET', `/api/documents/${doc.id}`, socio)).json()).document.nome).toBe(
      'parecer.pdf',
    )

    const confirmed = await patch(doc.id, socio, { compartilhadoCliente: true, confirmarConfidencial: true })
    expect(confirmed.status).toBe(200)
    expect((confirmed.body.document as DocumentRow).compartilhadoCliente).toBe(true)
    expect((await lastAudit(doc.id))?.details).toMatchObject({ compartilhadoCliente: true })

    // Once shared, an edit that leaves the sharing as it was needs no confirmation again (from anyone)…
    expect((await patch(doc.id, associado, { nome: 'Parecer final' })).status).toBe(200)
    // …and anyone may stop sharing it.
    const off = await patch(doc.id, associado, { compartilhadoCliente: false })
    expect((off.body.document as DocumentRow).compartilhadoCliente).toBe(false)
  })

  it('counts a document that becomes confidencial in the same request, or while shared', async () => {
    // The associado's own upload: they may make it confidencial (they still see it) but not shared so.
    const doc = await upload(t, associado, pdfBytes('f'), { name: 'laudo.pdf', clientId: client.id })
    expect(
      (await patch(doc.id, associado, { nivelAcesso: 'confidencial', compartilhadoCliente: true })).status,
    ).toBe(403)
    expect(
      (await patch(doc.id, socio, { nivelAcesso: 'confidencial', compartilhadoCliente: true })).status,
    ).toBe(400)
    expect(await storedShare(doc.id)).toEqual({ shared: false, nivel: 'publico' })

    // Already shared: making it confidencial is sharing a confidencial document.
    expect((await patch(doc.id, associado, { compartilhadoCliente: true })).status).toBe(200)
    expect((await patch(doc.id, associado, { nivelAcesso: 'confidencial' })).status).toBe(403)
    expect((await patch(doc.id, socio, { nivelAcesso: 'confidencial' })).status).toBe(400)
    expect(await storedShare(doc.id)).toEqual({ shared: true, nivel: 'publico' })
    const confirmed = await patch(doc.id, socio, { nivelAcesso: 'confidencial', confirmarConfidencial: true })
    expect(confirmed.status).toBe(200)
    expect(await storedShare(doc.id)).toEqual({ shared: true, nivel: 'confidencial' })
  })

  it('on upload: refused for an associado and an unconfirmed sócio before a byte is stored', async () => {
    const options = {
      name: 'sigiloso.pdf',
      nivelAcesso: 'confidencial',
      clientId: client.id,
      compartilhadoCliente: 'true',
    } as const
    const countDocs = async () => (await t.handle.db.select({ id: documents.id }).from(documents)).length
    const before = await countDocs()
    const byAssociado = await uploadRequest(t, associado, pdfBytes('g'), {
      ...options,
      confirmarConfidencial: 'true',
    })
    expect(byAssociado.status).toBe(403)
    expect((await uploadRequest(t, socio, pdfBytes('g'), options)).status).toBe(400)
    expect(await countDocs()).toBe(before)
    const doc = await upload(t, socio, pdfBytes('g'), { ...options, confirmarConfidencial: 'true' })
    expect(doc).toMatchObject({ nivelAcesso: 'confidencial', compartilhadoCliente: true })
  })

  it('confirmarConfidencial alone changes nothing (an empty update)', async () => {
    const doc = await upload(t, socio, pdfBytes('h'), { name: 'vazio.pdf', clientId: client.id })
    const response = await patch(doc.id, socio, { confirmarConfidencial: true })
    expect(response.status).toBe(400)
    expect(errorOf(response.body).message).toBe(DOCUMENT_MESSAGES.emptyUpdate)
  })
})
