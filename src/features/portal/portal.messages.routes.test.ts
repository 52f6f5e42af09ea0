import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import type { Case } from '../cases/cases.schema'
import type { Client } from '../clients/clients.schema'
import { officeOf, pdfBytes, userIdOf } from '../documents/documents.fixtures'
import { notifications } from '../notifications/notifications.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { clientAccount, grantAccess } from './portal.data.fixtures'
import type { PortalMessage, PortalMessageFile, PortalThread } from './portal.messages.schema'
import { purgeUnattachedMessageFiles } from './portal.messages.files.server'
import { eraseClientMessages, exportClientMessages } from './portal.messages.privacy.server'
import { portalMessageFiles, portalMessages } from './portal.table.server'
import { getStorage } from '../../platform/storage.server'

// Issue 26, 'Mensagens': the client and the office write to each other in the client's thread, with
// attachments (documents' upload rules) and read receipts; the office hears of a client's message; a second
// client of the same office and a member who doesn't see the client reach nothing of it (404).

let t: TestApp
let socio: string
let socioUserId: string
let officeId: string
let estagiario: string
let estagiarioUserId: string
let associadoUserId: string
let ana: Client
let bruno: Client
let anaCase: Case
let anaCookie: string
let brunoCookie: string

const OFFICE = '/api/portal-office/messages'
const portalOf = (office: string) => `/api/portal/o/${office}/messages`

const req = (method: string, path: string, who: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, who))

function uploadTo(path: string, cookie: string, bytes: Uint8Array, name: string) {
  return t.app.request(`${path}?${new URLSearchParams({ name })}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/pdf' },
    body: bytes as BodyInit,
  })
}

async function member(nivelAcesso: 'estagiario' | 'associado', nomeCompleto: string) {
  const account = await clientAccount(t, nomeCompleto)
  const [row] = await t.handle.db
    .insert(officeMembers)
    .values({ officeId, userId: account.userId, nivelAcesso, nomeCompleto })
    .returning({ id: officeMembers.id })
  if (!row) throw new Error('no member')
  return { cookie: account.cookie, userId: account.userId, memberId: row.id }
}

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status)
  return (await response.json()) as T
}

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  socio = owner.cookie
  socioUserId = await userIdOf(t, owner.email)
  officeId = await officeOf(t, owner.email)
  const est = await member('estagiario', 'Ester Estagiária')
  estagiario = est.cookie
  estagiarioUserId = est.userId
  const assoc = await member('associado', 'Artur Associado')
  associadoUserId = assoc.userId

  ana = await json<Client>(await req('POST', '/api/clients', socio, { nomeCompleto: 'Ana Cliente' }), 201)
  bruno = await json<Client>(await req('POST', '/api/clients', socio, { nomeCompleto: 'Bruno Cliente' }), 201)
  // Ana's case: the associado is responsible, the estagiário is not.
  anaCase = await json<Case>(
    await req('POST', '/api/cases', socio, {
      titulo: 'Ação da Ana',
      areaJuridica: 'Civil',
      clientId: ana.id,
      responsaveis: [assoc.memberId],
    }),
    201,
  )
  const anaAccount = await clientAccount(t, 'Ana Cliente')
  await grantAccess(t, { officeId, clientId: ana.id, userId: anaAccount.userId, email: anaAccount.email })
  anaCookie = anaAccount.cookie
  const brunoAccount = await clientAccount(t, 'Bruno Cliente')
  await grantAccess(t, {
    officeId,
    clientId: bruno.id,
    userId: brunoAccount.userId,
    email: brunoAccount.email,
  })
  brunoCookie = brunoAccount.cookie
})
afterAll(() => t.close())

const unread = async (cookie = socio) =>
  (await json<{ count: number }>(await req('GET', `${OFFICE}/unread`, cookie))).count

describe('portal messages', () => {
  let fromAna: PortalMessage
  let anaFile: PortalMessageFile

  it('the client sends with an attachment; the office counts it, opens it, and the client sees "read"', async () => {
    expect(await unread()).toBe(0)
    anaFile = await json<PortalMessageFile>(
      await uploadTo(`${portalOf(officeId)}/files`, anaCookie, pdfBytes('RG da Ana'), 'rg.pdf'),
      201,
    )
    expect(anaFile.fileName).toBe('rg.pdf')
    fromAna = await json<PortalMessage>(
      await req('POST', portalOf(officeId), anaCookie, {
        body: '  Enviei meu RG.  ',
        caseId: anaCase.id,
        fileIds: [anaFile.id],
      }),
      201,
    )
    expect(fromAna).toMatchObject({
      author: 'cliente',
      authorName: 'Ana Cliente',
      body: 'Enviei meu RG.',
      caseId: anaCase.id,
      readAt: null,
    })
    expect(fromAna.files).toEqual([anaFile])

    expect(await unread()).toBe(1)
    const thread = await json<PortalThread>(await req('GET', `${OFFICE}/clients/${ana.id}`, socio))
    expect(thread.items.map((m) => m.id)).toEqual([fromAna.id])
    expect(thread.portalStatus).toBe('ativo')
    expect(thread.cases).toEqual([{ id: anaCase.id, titulo: 'Ação da Ana' }])
    expect(await unread()).toBe(0)

    const mine = await json<PortalThread>(await req('GET', portalOf(officeId), anaCookie))
    expect(mine.items[0]?.readAt).not.toBeNull()

    // The audit row names the message, never its text.
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portal.message'), eq(auditLog.entityId, fromAna.id)))
    expect(audit?.actorUserId).not.toBe(socioUserId)
    expect(JSON.stringify(audit?.details)).not.toContain('RG')
  })

  it('notifies the case’s responsible member (not the sócio) of the client’s message', async () => {
    const rows = await t.handle.db
      .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.title, 'Nova mensagem de cliente'))
    expect(rows).toEqual([
      {
        userId: associadoUserId,
        title: 'Nova mensagem de cliente',
        message: 'Ana Cliente enviou uma mensagem.',
      },
    ])
  })

  it('a message without a case notifies the sócios', async () => {
    await json(await req('POST', portalOf(officeId), brunoCookie, { body: 'Olá, doutora.' }), 201)
    const rows = await t.handle.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.message, 'Bruno Cliente enviou uma mensagem.'))
    expect(rows).toEqual([{ userId: socioUserId }])
    expect(await unread()).toBe(1)
  })

  it('the office answers with a file; the client reads it and the office sees the receipt', async () => {
    const file = await json<PortalMessageFile>(
      await uploadTo(`${OFFICE}/clients/${ana.id}/files`, socio, pdfBytes('Procuração'), 'procuracao.pdf'),
      201,
    )
    const answer = await json<PortalMessage>(
      await req('POST', `${OFFICE}/clients/${ana.id}`, socio, {
        body: 'Recebido, obrigada!',
        fileIds: [file.id],
      }),
      201,
    )
    expect(answer).toMatchObject({ author: 'escritorio', authorName: 'Sofia Sócia', readAt: null })

    const seen = await json<PortalThread>(await req('GET', portalOf(officeId), anaCookie))
    expect(seen.items.map((m) => m.body)).toEqual(['Enviei meu RG.', 'Recebido, obrigada!'])
    expect(seen.portalStatus).toBeUndefined()
    const [row] = await t.handle.db
      .select({ readAt: portalMessages.readAt })
      .from(portalMessages)
      .where(eq(portalMessages.id, answer.id))
    expect(row?.readAt).not.toBeNull()
    const office = await json<PortalThread>(await req('GET', `${OFFICE}/clients/${ana.id}`, socio))
    expect(office.items.at(-1)?.readAt).not.toBeNull()

    // Both sides download both attachments, byte for byte.
    for (const [path, cookie] of [
      [`${portalOf(officeId)}/files/${file.id}`, anaCookie],
      [`${OFFICE}/files/${anaFile.id}`, socio],
    ] as const) {
      const download = await req('GET', path, cookie)
      expect(download.status).toBe(200)
      expect(download.headers.get('content-type')).toBe('application/pdf')
      expect(download.headers.get('content-disposition')).toContain('attachment')
      expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
    // The client's download is in the office's audit log (every portal download is).
    const downloads = await t.handle.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.officeId, officeId), eq(auditLog.action, 'portal.download')))
    expect(downloads.map((row) => (row.details as { fileId?: string }).fileId)).toContain(file.id)
  })

  it('the thread filters by case', async () => {
    const byCase = await json<PortalThread>(
      await req('GET', `${OFFICE}/clients/${ana.id}?caseId=${anaCase.id}`, socio),
    )
    expect(byCase.items.map((m) => m.id)).toEqual([fromAna.id])
  })

  it('another client of the same office reaches nothing of the first one’s thread (404)', async () => {
    const own = await json<PortalThread>(await req('GET', portalOf(officeId), brunoCookie))
    expect(own.items.map((m) => m.body)).toEqual(['Olá, doutora.'])
    expect(own.cases).toEqual([])
    expect((await req('GET', `${portalOf(officeId)}/files/${anaFile.id}`, brunoCookie)).status).toBe(404)
    // Ana's case is not Bruno's: sending about it is refused, nothing written.
    const before = await t.handle.db.$count(portalMessages)
    const refused = await req('POST', portalOf(officeId), brunoCookie, { body: 'Oi', caseId: anaCase.id })
    expect(refused.status).toBe(400)
    // Nor may Bruno attach Ana's file.
    const stolen = await req('POST', portalOf(officeId), brunoCookie, { body: 'Oi', fileIds: [anaFile.id] })
    expect(stolen.status).toBe(400)
    expect(await t.handle.db.$count(portalMessages)).toBe(before)
    // And the office routes are not his (no membership).
    expect((await req('GET', `${OFFICE}/clients/${ana.id}`, brunoCookie)).status).toBe(403)
  })

  it('an estagiário not responsible for the client’s case gets 404 everywhere', async () => {
    expect((await req('GET', `${OFFICE}/clients/${ana.id}`, estagiario)).status).toBe(404)
    expect((await req('POST', `${OFFICE}/clients/${ana.id}`, estagiario, { body: 'Oi' })).status).toBe(404)
    expect((await req('GET', `${OFFICE}/files/${anaFile.id}`, estagiario)).status).toBe(404)
    const upload = await uploadTo(`${OFFICE}/clients/${ana.id}/files`, estagiario, pdfBytes(), 'x.pdf')
    expect(upload.status).toBe(404)
    expect(await unread(estagiario)).toBe(0)
    expect(estagiarioUserId).toBeTruthy()
  })

  it('a body past 5000 characters is a 400 in pt-BR and writes nothing', async () => {
    const before = await t.handle.db.$count(portalMessages)
    for (const [path, cookie] of [
      [portalOf(officeId), anaCookie],
      [`${OFFICE}/clients/${ana.id}`, socio],
    ] as const) {
      const response = await req('POST', path, cookie, { body: 'a'.repeat(5001) })
      expect(response.status).toBe(400)
      const body = (await response.json()) as { error: { message: string } }
      expect(body.error.message).toContain('Mensagem: máximo de 5000 caracteres')
    }
    expect((await req('POST', portalOf(officeId), anaCookie, { body: '   ' })).status).toBe(400)
    expect(await t.handle.db.$count(portalMessages)).toBe(before)
  })

  it('a file that is not an accepted type is refused (415); another office member can’t fetch a pending upload', async () => {
    const refused = await uploadTo(
      `${portalOf(officeId)}/files`,
      anaCookie,
      Buffer.from('MZ not a pdf'),
      'x.exe',
    )
    expect(refused.status).toBe(415)
    const pending = await json<PortalMessageFile>(
      await uploadTo(`${portalOf(officeId)}/files`, anaCookie, pdfBytes('pendente'), 'pendente.pdf'),
      201,
    )
    expect((await req('GET', `${OFFICE}/files/${pending.id}`, socio)).status).toBe(404)
    expect((await req('GET', `${portalOf(officeId)}/files/${pending.id}`, anaCookie)).status).toBe(200)
  })

  it('the purge removes unattached uploads older than a day, and only those', async () => {
    const pending = await json<PortalMessageFile>(
      await uploadTo(`${portalOf(officeId)}/files`, anaCookie, pdfBytes('velho'), 'velho.pdf'),
      201,
    )
    await t.handle.db
      .update(portalMessageFiles)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(portalMessageFiles.id, pending.id))
    const purged = await purgeUnattachedMessageFiles(
      { db: t.handle.db, storage: getStorage(t.env) },
      new Date(Date.now() - 24 * 60 * 60 * 1000),
    )
    expect(purged).toBe(1)
    expect((await req('GET', `${portalOf(officeId)}/files/${pending.id}`, anaCookie)).status).toBe(404)
    expect((await req('GET', `${OFFICE}/files/${anaFile.id}`, socio)).status).toBe(200)
  })

  it('exports and erases one client’s thread (LGPD), leaving the other client’s', async () => {
    const exported = await exportClientMessages(t.handle.db, officeId, bruno.id)
    expect(exported).toMatchObject([{ author: 'cliente', body: 'Olá, doutora.', files: [] }])
    const keys = await t.handle.db.transaction((tx) => eraseClientMessages(tx, officeId, bruno.id))
    expect(keys).toEqual([])
    expect(await exportClientMessages(t.handle.db, officeId, bruno.id)).toEqual([])
    expect((await exportClientMessages(t.handle.db, officeId, ana.id)).length).toBe(2)
  })
})
