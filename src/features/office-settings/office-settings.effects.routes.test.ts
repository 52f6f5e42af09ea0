import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { runDigest } from '../agenda/agenda.public.server'
import { events } from '../agenda/agenda.table.server'
import { auditLog } from '../audit/audit.table.server'
import { documentVersions } from '../documents/documents.table.server'
import { notifications } from '../notifications/notifications.table.server'
import { officeWithSocio, saveSettings, userIdOf } from './office-settings.fixtures'
import { runWeeklyReport } from '../agenda/agenda.weekly-report.server'

// Each Configurações Avançadas setting ACTED ON: encryption at rest, the audit viewer switch, the
// notification switches and the weekly report.

let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let office: Awaited<ReturnType<typeof officeWithSocio>>
const heard = () => t.deps.membershipCache.changes.sync()

beforeAll(async () => {
  t = await createTestApp()
  // The per-node caches work (and are evicted by the database) only once the change feed listens.
  const until = Date.now() + 10_000
  while (!t.deps.membershipCache.changes.live && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 20))
  expect(t.deps.membershipCache.changes.live).toBe(true)
  office = await officeWithSocio(t, 'Sofia Efeitos')
})
afterAll(() => t.close())

/** A small but real PDF whose text we can look for on disk. */
function pdfWith(text: string): Buffer {
  const body = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>endobj\n` +
      `4 0 obj<</Length ${body.length}>>stream\n${body}\nendstream endobj\n` +
      `${'% padding to cross a 64 KiB frame\n'.repeat(3000)}trailer<</Root 1 0 R>>\n%%EOF\n`,
  )
}

async function uploadPdf(bytes: Buffer, name: string) {
  const response = await t.app.request(`/api/documents?name=${name}&pasta=contratos&nivelAcesso=publico`, {
    method: 'POST',
    headers: { cookie: office.socio.cookie, 'content-type': 'application/octet-stream' },
    // Buffers are valid fetch bodies at run time; the DOM typings only name ArrayBuffer-backed views.
    body: bytes as unknown as BodyInit,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { document: { id: string } }).document.id
}

async function storedFile(documentId: string): Promise<{ bytes: Buffer; file: string; encrypted: boolean }> {
  const [version] = await t.handle.db
    .select({ key: documentVersions.storageKey, encrypted: documentVersions.encrypted })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
  const dir = path.join(t.env.dataDir, 'files', 'documents')
  const names = await readdir(dir, { recursive: true })
  const match = names.find((name) => name.endsWith(version!.key))
  if (!match) throw new Error('stored file not found')
  const file = path.join(dir, match)
  return { bytes: await readFile(file), file, encrypted: version!.encrypted }
}

const download = (id: string) =>
  t.app.request(`/api/documents/${id}/file`, jsonRequest('GET', undefined, office.socio.cookie))

describe('document encryption at rest', () => {
  const secret = 'CLAUSULA-SIGILOSA-123'
  let plainId: string
  let encryptedId: string

  it('stores new uploads encrypted when on; the app serves them byte-identical', async () => {
    const bytes = pdfWith(secret)
    plainId = await uploadPdf(bytes, 'antes.pdf')
    const before = await storedFile(plainId)
    expect(before.encrypted).toBe(false)
    expect(before.bytes.toString('latin1')).toContain(secret)

    await saveSettings(t, office.socio.cookie, { encryptDocuments: true })
    encryptedId = await uploadPdf(bytes, 'depois.pdf')
    const after = await storedFile(encryptedId)
    expect(after.encrypted).toBe(true)
    expect(after.bytes.toString('latin1')).not.toContain(secret)
    expect(after.bytes.includes(bytes.subarray(0, 64))).toBe(false)

    const served = await download(encryptedId)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
    // Files stored before keep working.
    expect(Buffer.from(await (await download(plainId)).arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('refuses a tampered encrypted file (the download breaks off)', async () => {
    const { bytes, file } = await storedFile(encryptedId)
    const tampered = Buffer.from(bytes)
    tampered[100] = (tampered[100] ?? 0) ^ 0xff
    const { writeFile } = await import('node:fs/promises')
    await writeFile(file, tampered)
    const response = await download(encryptedId)
    await expect(response.arrayBuffer()).rejects.toThrow()
  })
})

describe('audit viewer switch', () => {
  it('hides the viewer (403, /api/me) while the audit is still recorded', async () => {
    const list = () => t.app.request('/api/audit', jsonRequest('GET', undefined, office.socio.cookie))
    expect((await list()).status).toBe(200)
    await saveSettings(t, office.socio.cookie, { auditViewer: false })
    await heard()
    const hidden = await list()
    expect(hidden.status).toBe(403)
    expect(((await hidden.json()) as { error: { code: string } }).error.code).toBe('audit_viewer_disabled')
    const me = await t.app.request('/api/me', jsonRequest('GET', undefined, office.socio.cookie))
    expect(((await me.json()) as { office: { auditViewer: boolean } }).office.auditViewer).toBe(false)
    // Still recorded: a client created now has its audit row.
    const created = await t.app.request(
      '/api/clients',
      jsonRequest('POST', { nomeCompleto: 'Cliente Auditado' }, office.socio.cookie),
    )
    const client = (await created.json()) as { id: string }
    const rows = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.officeId, office.officeId), eq(auditLog.entityId, client.id)))
    expect(rows.map((row) => row.action)).toContain('client.create')
    await saveSettings(t, office.socio.cookie, { auditViewer: true })
    await heard()
    expect((await list()).status).toBe(200)
  })
})

describe('notification switches', () => {
  it('a new client notifies the other sócios only while "Novos clientes" is on', async () => {
    const partner = await office.member('socio', 'Paulo Parceiro')
    const partnerId = await userIdOf(t, partner.email)
    const count = async () =>
      (
        await t.handle.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, partnerId), eq(notifications.title, 'Novo cliente cadastrado')))
      ).length
    const create = (nome: string) =>
      t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto: nome }, office.socio.cookie))
    expect((await create('Cliente Novo Um')).status).toBe(201)
    expect(await count()).toBe(1)
    const socioId = await userIdOf(t, office.socio.email)
    const own = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, socioId), eq(notifications.title, 'Novo cliente cadastrado')))
    expect(own).toHaveLength(0)
    await saveSettings(t, office.socio.cookie, { notifyNewClients: false })
    expect((await create('Cliente Novo Dois')).status).toBe(201)
    expect(await count()).toBe(1)
    await saveSettings(t, office.socio.cookie)
  })

  it('the prazo digest skips an office with "Prazos processuais" off', async () => {
    const created = await t.app.request(
      '/api/agenda/prazos',
      jsonRequest(
        'POST',
        { disponibilizacao: '2030-07-01', dias: 15, titulo: 'Contestação' },
        office.socio.cookie,
      ),
    )
    expect(created.status).toBe(201)
    const { avisoEm } = (await created.json()) as { avisoEm: string }
    await saveSettings(t, office.socio.cookie, { notifyPrazos: false })
    expect(await runDigest(t.deps, avisoEm)).toBe(0)
    await saveSettings(t, office.socio.cookie, { notifyPrazos: true })
    expect(await runDigest(t.deps, avisoEm)).toBeGreaterThan(0)
  })
})

describe('weekly report', () => {
  const thisWeek = (offset: string) =>
    sql`(date_trunc('week', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo') + ${offset}::interval`

  it("mails the week's prazos and hearings to opted-in offices only (alert e-mail, else the sócios)", async () => {
    await t.handle.db.insert(events).values([
      {
        officeId: office.officeId,
        titulo: 'Audiência de conciliação',
        tipo: 'audiencia',
        inicio: thisWeek('1 day 13 hours'),
      },
      {
        officeId: office.officeId,
        titulo: 'Prazo de réplica',
        tipo: 'prazo',
        inicio: thisWeek('3 days'),
        diaInteiro: true,
      },
      { officeId: office.officeId, titulo: 'Reunião interna', tipo: 'reuniao', inicio: thisWeek('2 days') },
      {
        officeId: office.officeId,
        titulo: 'Audiência futura',
        tipo: 'audiencia',
        inicio: thisWeek('8 days'),
      },
    ])
    t.mailer.sent.length = 0
    expect(await runWeeklyReport(t.deps)).toBe(0)
    await saveSettings(t, office.socio.cookie, {
      weeklyReport: true,
      alertEmail: 'alertas@escritorio.com.br',
    })
    expect(await runWeeklyReport(t.deps)).toBe(1)
    const mail = t.mailer.sent.at(-1)!
    expect(mail.to).toBe('alertas@escritorio.com.br')
    expect(mail.subject).toBe('Relatório semanal: Escritório Sofia Efeitos')
    expect(mail.text).toContain('Audiência: Audiência de conciliação')
    expect(mail.text).toContain('Prazo: Prazo de réplica')
    expect(mail.text).not.toContain('Reunião interna')
    expect(mail.text).not.toContain('Audiência futura')
    expect(mail.text).toContain('1 prazo(s) e 1 audiência(s)')
    await saveSettings(t, office.socio.cookie, { weeklyReport: true, alertEmail: null })
    t.mailer.sent.length = 0
    await runWeeklyReport(t.deps)
    expect(t.mailer.sent.map((m) => m.to)).toContain(office.socio.email)
  })

  it('is scheduled on Mondays at 08:00', async () => {
    const { weeklyReportJobs } = await import('../agenda/agenda.weekly-report.server')
    expect(weeklyReportJobs.find((job) => job.name === 'office-settings.weekly-report')?.schedule).toBe(
      '0 8 * * 1',
    )
  })
})
