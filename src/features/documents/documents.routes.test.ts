import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { getStorage } from '../../platform/storage.server'
import { auditLog } from '../audit/audit.table.server'
import type { Case } from '../cases/cases.schema'
import type { Client } from '../clients/clients.schema'
import {
  cfbBytes,
  docxBytes,
  exeBytes,
  jpgBytes,
  officeOf,
  pdfBytes,
  plainZipBytes,
  pngBytes,
  upload,
  uploadRequest,
  xlsxBytes,
} from './documents.fixtures'
import { purgeDeletedDocuments } from './documents.public.server'
import {
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  type DocumentDetail,
  type DocumentList,
  type DocumentRow,
  type DocumentStats,
} from './documents.schema'
import { documents, documentVersions } from './documents.table.server'

let t: TestApp
let owner: { cookie: string; email: string }
let outsider: { cookie: string; email: string }
let officeId: string
let client: Client
let legalCase: Case

const get = (p: string, cookie = owner.cookie) => t.app.request(p, { headers: { cookie } })
const send = (method: string, p: string, body?: unknown, cookie = owner.cookie) =>
  t.app.request(p, jsonRequest(method, body, cookie))

/** Every file stored under DATA_DIR/files/documents (local driver) and the spool's temp folder. */
async function storedFiles(): Promise<string[]> {
  const list = async (dir: string) => fs.readdir(dir).catch(() => [] as string[])
  return [
    ...(await list(path.join(t.env.dataDir, 'files', 'documents'))),
    ...(await list(path.join(t.env.dataDir, 'tmp'))).map((f) => `tmp/${f}`),
  ]
}

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.handle.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(auditLog.createdAt)
  return rows.map((r) => r.action)
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  outsider = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otto Outro' }))
  officeId = await officeOf(t, owner.email)
  client = (await (await send('POST', '/api/clients', { nomeCompleto: 'João da Silva' })).json()) as Client
  legalCase = (await (
    await send('POST', '/api/cases', {
      titulo: 'Ação de Cobrança',
      areaJuridica: 'Civil',
      clientId: client.id,
    })
  ).json()) as Case
})
afterAll(() => t.close())

describe('upload: judged by content', () => {
  it('accepts every allowed type and records size, sha256, type and audit', async () => {
    const cases: [Uint8Array, string, string][] = [
      [pdfBytes(), 'Petição Inicial.pdf', 'PDF'],
      [docxBytes(), 'minuta.docx', 'DOCX'],
      [xlsxBytes(), 'custas.xlsx', 'XLSX'],
      [cfbBytes('WordDocument'), 'antigo.doc', 'DOC'],
      [cfbBytes('Workbook'), 'planilha.xls', 'XLS'],
      [await pngBytes(), 'scan.png', 'PNG'],
      [await jpgBytes(), 'foto.jpg', 'JPG'],
    ]
    for (const [bytes, name, tipo] of cases) {
      const doc = await upload(t, owner.cookie, bytes, { name, pasta: 'certidoes' })
      expect(doc).toMatchObject({ nome: name, originalName: name, tipo, versao: 1, tamanho: bytes.length })
      expect(doc.enviadoPor?.nome).toBe('Sofia Sócia')
      const [version] = await t.handle.db
        .select()
        .from(documentVersions)
        .where(eq(documentVersions.documentId, doc.id))
      expect(version?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
      // Never the original name as a path.
      expect(version?.storageKey).not.toContain(name)
      expect(await auditActions(doc.id)).toEqual(['document.upload'])
    }
  })

  it('refuses renamed executables, fake DOCX, plain zips and empty files with 415, storing nothing', async () => {
    const before = await storedFiles()
    const [{ n: rowsBefore } = { n: 0 }] = await t.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
    for (const [bytes, name, message] of [
      [exeBytes(), 'x.pdf', DOCUMENT_MESSAGES.unsupportedType],
      [plainZipBytes(), 'fake.docx', DOCUMENT_MESSAGES.unsupportedType],
      [plainZipBytes(), 'arquivo.zip', DOCUMENT_MESSAGES.unsupportedType],
      [Buffer.from('texto puro'), 'nota.pdf', DOCUMENT_MESSAGES.unsupportedType],
      [cfbBytes('__substg1.0_0037001F'), 'mensagem.doc', DOCUMENT_MESSAGES.unsupportedType],
      [Buffer.alloc(0), 'vazio.pdf', DOCUMENT_MESSAGES.emptyFile],
    ] as const) {
      const response = await uploadRequest(t, owner.cookie, bytes, { name })
      expect(response.status, name).toBe(415)
      const body = (await response.json()) as { error: { message: string } }
      expect(body.error.message).toBe(message)
      expect(body.error.message).toContain('PDF, DOC, DOCX, XLS, XLSX, JPG ou PNG')
    }
    expect(await storedFiles()).toEqual(before)
    const [{ n: rowsAfter } = { n: 0 }] = await t.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
    expect(rowsAfter).toBe(rowsBefore)
  })

  it('takes exactly 10 MB and refuses 10 MB + 1 byte with 413, leaving nothing behind', async () => {
    const exact = Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20)
    pdfBytes().copy(exact)
    const doc = await upload(t, owner.cookie, exact, { name: 'grande.pdf' })
    expect(doc.tamanho).toBe(MAX_DOCUMENT_BYTES)
    const before = await storedFiles()
    const tooBig = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20)
    pdfBytes().copy(tooBig)
    const response = await uploadRequest(t, owner.cookie, tooBig, { name: 'grande-demais.pdf' })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      error: { code: 'too_large', message: 'O arquivo excede o limite de 10 MB.' },
    })
    expect(await storedFiles()).toEqual(before)
  })

  it('leaves no row, stored file or temp file when the client aborts mid-upload', async () => {
    const before = await storedFiles()
    const [{ n: rowsBefore } = { n: 0 }] = await t.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          sent++
          controller.enqueue(new Uint8Array(pdfBytes()))
        } else if (sent < 4) {
          sent++
          controller.enqueue(new Uint8Array(256 * 1024))
        } else controller.error(new Error('client aborted'))
      },
    })
    const response = await uploadRequest(t, owner.cookie, body, { name: 'abortado.pdf' }).catch(() => null)
    // Answered as the client's doing (400 upload_aborted), not as a server failure logged as an error.
    expect(response?.status).toBe(400)
    expect(await response?.json()).toMatchObject({ error: { code: 'upload_aborted' } })
    expect(await storedFiles()).toEqual(before)
    const [{ n: rowsAfter } = { n: 0 }] = await t.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
    expect(rowsAfter).toBe(rowsBefore)
  })

  it('validates the metadata (400) before reading the file, and refuses links to another office', async () => {
    const bad = await uploadRequest(t, owner.cookie, pdfBytes(), { name: 'a.pdf', pasta: 'gaveta' })
    expect(bad.status).toBe(400)
    const foreignClient = (await (
      await send('POST', '/api/clients', { nomeCompleto: 'Cliente Alheio' }, outsider.cookie)
    ).json()) as Client
    const linked = await uploadRequest(t, owner.cookie, pdfBytes(), {
      name: 'a.pdf',
      clientId: foreignClient.id,
    })
    expect(linked.status).toBe(400)
    expect(((await linked.json()) as { error: { message: string } }).error.message).toBe(
      DOCUMENT_MESSAGES.invalidClient,
    )
  })
})

describe('list, search, filters and stats', () => {
  let linked: DocumentRow
  beforeAll(async () => {
    linked = await upload(t, owner.cookie, pdfBytes(), {
      name: 'Procuração Assinada.pdf',
      pasta: 'documentos_pessoais',
      nivelAcesso: 'confidencial',
      etiquetas: 'Urgente, Família,urgente',
      clientId: client.id,
      caseId: legalCase.id,
      observacoes: 'Original no cofre',
    })
  })

  it('returns the row with client, case, tags (deduplicated) and notes; newest first', async () => {
    expect(linked).toMatchObject({
      pasta: 'documentos_pessoais',
      nivelAcesso: 'confidencial',
      etiquetas: ['Urgente', 'Família'],
      observacoes: 'Original no cofre',
      cliente: { id: client.id, nomeCompleto: 'João da Silva' },
      caso: { id: legalCase.id, titulo: 'Ação de Cobrança' },
    })
    const list = (await (await get('/api/documents?limit=5')).json()) as DocumentList
    expect(list.items[0]?.id).toBe(linked.id)
  })

  it('searches name and tags accent/case-insensitively and filters by folder, level, client, case', async () => {
    const ids = async (query: string) =>
      ((await (await get(`/api/documents?${query}`)).json()) as DocumentList).items.map((d) => d.id)
    expect(await ids('search=PROCURACAO')).toEqual([linked.id])
    expect(await ids('search=familia')).toEqual([linked.id])
    expect(await ids('search=procuração urgente')).toEqual([linked.id])
    expect(await ids('search=inexistente')).toEqual([])
    expect(await ids('pasta=documentos_pessoais')).toEqual([linked.id])
    expect(await ids('nivelAcesso=confidencial')).toEqual([linked.id])
    expect(await ids(`clientId=${client.id}`)).toEqual([linked.id])
    expect(await ids(`caseId=${legalCase.id}`)).toEqual([linked.id])
    expect((await ids('pasta=certidoes')).length).toBe(7)
    const total = ((await (await get(`/api/documents?clientId=${client.id}`)).json()) as DocumentList).total
    expect(total).toBe(1)
    expect((await get('/api/documents?nivelAcesso=secreto')).status).toBe(400)
  })

  it('counts total, folders, confidential and this month (São Paulo calendar)', async () => {
    const stats = (await (await get('/api/documents/stats')).json()) as DocumentStats
    const list = (await (await get('/api/documents?limit=100')).json()) as DocumentList
    expect(stats.total).toBe(list.total)
    expect(stats.pastas).toBe(5)
    expect(stats.confidenciais).toBe(1)
    expect(stats.esteMes).toBe(list.total)
    expect(stats.porPasta.documentos_pessoais).toBe(1)
    expect(Object.values(stats.porPasta).reduce((a, b) => a + b, 0)).toBe(stats.total)
    // Backdate one document to the last instant of the previous São Paulo month: no longer "este mês".
    await t.handle.db.execute(sql`
      update documents set created_at = date_trunc('month', now() at time zone 'America/Sao_Paulo')
        at time zone 'America/Sao_Paulo' - interval '1 second' where id = ${linked.id}`)
    const after = (await (await get('/api/documents/stats')).json()) as DocumentStats
    expect(after.esteMes).toBe(stats.esteMes - 1)
    expect(after.total).toBe(stats.total)
  })
})

describe('one document: edit, versions, downloads, delete, restore, purge', () => {
  let doc: DocumentRow
  const v1 = pdfBytes('primeira versão')
  const v2 = pdfBytes('segunda versão, revisada')
  beforeAll(async () => {
    doc = await upload(t, owner.cookie, v1, { name: 'Contrato Social.pdf', nivelAcesso: 'confidencial' })
  })

  it('edits metadata (audited) and refuses an empty change', async () => {
    const response = await send('PATCH', `/api/documents/${doc.id}`, {
      nome: 'Contrato Social (consolidado)',
      etiquetas: ['societário'],
      clientId: client.id,
    })
    expect(response.status).toBe(200)
    const { document } = (await response.json()) as { document: DocumentRow }
    expect(document).toMatchObject({ nome: 'Contrato Social (consolidado)', etiquetas: ['societário'] })
    expect(document.cliente?.id).toBe(client.id)
    expect((await send('PATCH', `/api/documents/${doc.id}`, {})).status).toBe(400)
    // The edit dialog validates with this schema: the messages it shows for the same input (issue 23).
    const bad = await send('PATCH', `/api/documents/${doc.id}`, { nome: '  ', etiquetas: ['x'.repeat(51)] })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      nome: 'Nome é obrigatório',
      'etiquetas.0': DOCUMENT_MESSAGES.tagTooLong,
    })
    const found = ((await (await get('/api/documents?search=societario')).json()) as DocumentList).items
    expect(found.map((d) => d.id)).toEqual([doc.id])
  })

  it('adds version 2, keeps the history, and serves any version', async () => {
    const response = await uploadRequest(
      t,
      owner.cookie,
      v2,
      { name: 'Contrato v2.pdf' },
      `/api/documents/${doc.id}/versions`,
    )
    expect(response.status).toBe(201)
    const { document } = (await response.json()) as { document: DocumentRow }
    expect(document).toMatchObject({ versao: 2, tamanho: v2.length, originalName: 'Contrato v2.pdf' })
    const detail = (await (await get(`/api/documents/${doc.id}`)).json()) as DocumentDetail
    expect(detail.versions.map((v) => [v.versao, v.tamanho])).toEqual([
      [2, v2.length],
      [1, v1.length],
    ])
    const current = await get(`/api/documents/${doc.id}/file`)
    expect(Buffer.from(await current.arrayBuffer()).equals(v2)).toBe(true)
    const first = await get(`/api/documents/${doc.id}/file?version=1`)
    expect(first.status).toBe(200)
    expect(Buffer.from(await first.arrayBuffer()).equals(v1)).toBe(true)
    expect((await get(`/api/documents/${doc.id}/file?version=3`)).status).toBe(404)
  })

  it('serves PDF inline sandboxed, others as attachments with the original name; audits confidential reads', async () => {
    const inline = await get(`/api/documents/${doc.id}/file?disposition=inline`)
    expect(inline.headers.get('content-type')).toBe('application/pdf')
    expect(inline.headers.get('content-security-policy')).toContain('sandbox')
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff')
    expect(inline.headers.get('content-disposition')).toBe(
      `inline; filename="Contrato v2.pdf"; filename*=UTF-8''Contrato%20v2.pdf`,
    )
    await inline.arrayBuffer()
    const docx = await upload(t, owner.cookie, docxBytes(), { name: 'Petição Inicial.docx' })
    const attachment = await get(`/api/documents/${docx.id}/file?disposition=inline`)
    expect(attachment.headers.get('content-disposition')).toBe(
      `attachment; filename="Peticao Inicial.docx"; filename*=UTF-8''Peti%C3%A7%C3%A3o%20Inicial.docx`,
    )
    expect(Buffer.from(await attachment.arrayBuffer()).equals(docxBytes())).toBe(true)
    // The confidential document's downloads are in the log; the público one's are not.
    expect((await auditActions(doc.id)).filter((a) => a === 'document.download').length).toBe(3)
    expect(await auditActions(docx.id)).toEqual(['document.upload'])
    expect(await auditActions(doc.id)).toEqual(
      expect.arrayContaining(['document.upload', 'document.update', 'document.version']),
    )
  })

  it('fails the download when the stored bytes no longer match (corrupted on disk)', async () => {
    const victim = await upload(t, owner.cookie, pdfBytes('íntegro'), { name: 'integro.pdf' })
    const [version] = await t.handle.db
      .select({ key: documentVersions.storageKey })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, victim.id))
    const file = path.join(t.env.dataDir, 'files', 'documents', version!.key)
    const bytes = await fs.readFile(file)
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff
    await fs.writeFile(file, bytes)
    const response = await get(`/api/documents/${victim.id}/file`)
    await expect(response.arrayBuffer()).rejects.toThrow()
  })

  it('soft-deletes (404 afterwards), restores, and the purge removes rows and every file', async () => {
    expect((await send('DELETE', `/api/documents/${doc.id}`)).status).toBe(204)
    expect((await get(`/api/documents/${doc.id}`)).status).toBe(404)
    expect((await get(`/api/documents/${doc.id}/file`)).status).toBe(404)
    const listed = ((await (await get('/api/documents?limit=100')).json()) as DocumentList).items
    expect(listed.some((d) => d.id === doc.id)).toBe(false)
    const restored = await send('POST', `/api/documents/${doc.id}/restore`)
    expect(restored.status).toBe(200)
    expect(((await restored.json()) as { document: DocumentRow }).document.versao).toBe(2)
    expect((await send('POST', `/api/documents/${doc.id}/restore`)).status).toBe(404)

    const keys = (
      await t.handle.db
        .select({ key: documentVersions.storageKey })
        .from(documentVersions)
        .where(eq(documentVersions.documentId, doc.id))
    ).map((r) => r.key)
    expect(keys).toHaveLength(2)
    expect((await send('DELETE', `/api/documents/${doc.id}`)).status).toBe(204)
    const storage = getStorage(t.env)
    const deps = { db: t.handle.db, storage }
    // Deleted just now: a purge of what is older than 30 days keeps it.
    expect((await purgeDeletedDocuments(deps, new Date(Date.now() - 30 * 86_400_000))).documents).toBe(0)
    await t.handle.db
      .update(documents)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(documents.id, doc.id))
    const result = await purgeDeletedDocuments(deps, new Date(Date.now() - 30 * 86_400_000))
    expect(result).toEqual({ documents: 1, files: 2 })
    for (const key of keys) expect(await storage.getStream('documents', key)).toBeNull()
    expect(await t.handle.db.select().from(documents).where(eq(documents.id, doc.id))).toEqual([])
    expect(
      await t.handle.db.select().from(documentVersions).where(eq(documentVersions.documentId, doc.id)),
    ).toEqual([])
    // Idempotent: a second run finds nothing to do.
    expect(await purgeDeletedDocuments(deps, new Date())).toEqual({ documents: 0, files: 0 })
    expect(await auditActions(doc.id)).toEqual(
      expect.arrayContaining(['document.delete', 'document.restore']),
    )
  })
})

describe('another office', () => {
  it("is 404 on every route for another office's document, and lists none of them", async () => {
    const mine = await upload(t, owner.cookie, pdfBytes(), { name: 'sigiloso.pdf' })
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/documents/${mine.id}`],
      ['PATCH', `/api/documents/${mine.id}`, { nome: 'roubado' }],
      ['GET', `/api/documents/${mine.id}/file`],
      ['GET', `/api/documents/${mine.id}/file?version=1`],
      ['DELETE', `/api/documents/${mine.id}`],
      ['POST', `/api/documents/${mine.id}/restore`],
    ]
    for (const [method, route, body] of routes) {
      expect((await send(method, route, body, outsider.cookie)).status, `${method} ${route}`).toBe(404)
    }
    const version = await uploadRequest(
      t,
      outsider.cookie,
      pdfBytes(),
      { name: 'x.pdf' },
      `/api/documents/${mine.id}/versions`,
    )
    expect(version.status).toBe(404)
    const theirs = (await (await get('/api/documents', outsider.cookie)).json()) as DocumentList
    expect(theirs.items.some((d) => d.id === mine.id)).toBe(false)
    const stats = (await (await get('/api/documents/stats', outsider.cookie)).json()) as DocumentStats
    expect(stats.total).toBe(0)
    const [row] = await t.handle.db
      .select({ nome: documents.nome, versao: documents.versao })
      .from(documents)
      .where(and(eq(documents.id, mine.id), eq(documents.officeId, officeId)))
    expect(row).toEqual({ nome: 'sigiloso.pdf', versao: 1 })
  })

  it('needs a session', async () => {
    expect((await t.app.request('/api/documents')).status).toBe(401)
  })
})
