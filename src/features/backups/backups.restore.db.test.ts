import fs from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import type { Case } from '../cases/cases.schema'
import type { Client } from '../clients/clients.schema'
import { docxBytes, officeOf, pdfBytes, upload } from '../documents/documents.fixtures'
import { officeSettings } from '../office-settings/office-settings.public.server'
import { backupCatalog, EXCLUDED_TABLES } from './backups.catalog.server'
import { notifications } from '../notifications/notifications.table.server'
import {
  download,
  officePicture,
  restoreAndWait,
  startBackup,
  uploadArchive,
  withManifest,
} from './backups.fixtures'
import { RESTORE_REFUSALS, type BackupRow } from './backups.schema'

let t: TestApp
let owner: { cookie: string; email: string }
let officeId: string

const send = (method: string, p: string, body?: unknown, cookie = owner.cookie) =>
  t.app.request(p, jsonRequest(method, body, cookie))
const restore = (id: string, body: object = { confirmacao: 'RESTAURAR' }) =>
  restoreAndWait(t, owner.cookie, id, body)

async function storedDocumentFiles(): Promise<string[]> {
  return (await fs.readdir(path.join(t.env.dataDir, 'files', 'documents')).catch(() => [])).sort()
}

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true })
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  officeId = await officeOf(t, owner.email)
  const client = (await (
    await send('POST', '/api/clients', { nomeCompleto: 'João da Silva' })
  ).json()) as Client
  await send('POST', '/api/clients', { nomeCompleto: 'Maria Souza' })
  const legalCase = (await (
    await send('POST', '/api/cases', {
      titulo: 'Ação de Cobrança',
      areaJuridica: 'Civil',
      clientId: client.id,
    })
  ).json()) as Case
  const doc = await upload(t, owner.cookie, pdfBytes('Contrato'), {
    name: 'Contrato.pdf',
    pasta: 'contratos',
    clientId: client.id,
    caseId: legalCase.id,
  })
  await t.app.request(`/api/documents/${doc.id}/versions?name=minuta.docx`, {
    method: 'POST',
    headers: { cookie: owner.cookie, 'content-type': 'application/octet-stream' },
    body: docxBytes() as unknown as BodyInit,
  })
  await t.handle.db
    .insert(officeSettings)
    .values({ officeId, nomeEscritorio: 'Sócia & Associados', backupRetencaoDias: 45 })
}, 120_000)
afterAll(() => t.close())

describe('the catalog', () => {
  it('covers every office table of the schema except the excluded ones, in foreign-key order', async () => {
    const { rows } = await t.handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns where column_name = 'office_id' and table_schema = 'public'`,
    )
    const names = backupCatalog().map((table) => table.name)
    for (const { table_name } of rows)
      expect(names.includes(table_name) || table_name in EXCLUDED_TABLES, table_name).toBe(true)
    expect(names.indexOf('clients')).toBeLessThan(names.indexOf('cases'))
    expect(names.indexOf('cases')).toBeLessThan(names.indexOf('documents'))
    expect(names.indexOf('documents')).toBeLessThan(names.indexOf('document_versions'))
    expect(names).not.toContain('audit_log')
  })
})

describe('round trip', () => {
  it('backup → change and delete data → restore gives back exactly the backed-up rows and files', async () => {
    const before = await officePicture(t.handle.db, t.env, officeId)
    expect(before.tables.clients).toHaveLength(2)
    expect(before.tables.document_versions).toHaveLength(2)
    const backup = await startBackup(t, owner.cookie)
    expect(backup).toMatchObject({ status: 'success', progress: 100 })
    expect(backup.counts).toMatchObject({
      clients: 2,
      cases: 1,
      documents: 1,
      document_versions: 2,
      office_settings: 1,
    })

    // Change everything the backup holds: edit, delete, add rows and files.
    const list = (await (await send('GET', '/api/clients')).json()) as { items: Client[] }
    const [first, second] = list.items
    await send('PATCH', `/api/clients/${first?.id}`, { nomeCompleto: 'Nome Alterado' })
    const cases = (await (await send('GET', '/api/cases')).json()) as { items: Case[] }
    await send('DELETE', `/api/cases/${cases.items[0]?.id}`)
    await send('DELETE', `/api/clients/${second?.id}`)
    await send('POST', '/api/clients', { nomeCompleto: 'Cliente Novo' })
    await upload(t, owner.cookie, pdfBytes('Outro'), { name: 'Outro.pdf', pasta: 'contratos' })
    await t.handle.db
      .update(officeSettings)
      .set({ backupRetencaoDias: 10 })
      .where(eq(officeSettings.officeId, officeId))
    const filesBeforeRestore = await storedDocumentFiles()
    expect(await officePicture(t.handle.db, t.env, officeId)).not.toEqual(before)

    // The request only queues it: the job restores, and the row tells how it went.
    const { response, backup: restored } = await restore(backup.id)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { backup: BackupRow }).backup.restore?.status).toBe('queued')
    expect(restored?.restore).toMatchObject({
      status: 'success',
      progress: 100,
      error: null,
      result: { files: 2, counts: { clients: 2, document_versions: 2 } },
    })
    expect(restored?.restoredAt).not.toBeNull()
    expect(await officePicture(t.handle.db, t.env, officeId)).toEqual(before)
    // The replaced files are gone; the restored ones live under new keys. They are deleted after the commit
    // that makes the restore 'success' (a rolled-back restore must keep them), so the check waits for them.
    await expect.poll(storedDocumentFiles, { timeout: 10_000 }).toHaveLength(2)
    const filesAfter = await storedDocumentFiles()
    for (const file of filesAfter) expect(filesBeforeRestore).not.toContain(file)
    // The counters kept by triggers follow the restored rows.
    const stats = (await (await send('GET', '/api/clients/stats')).json()) as Record<string, unknown>
    expect(JSON.stringify(stats)).toContain('2')
    const audit = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'backup.restore'))
    expect(audit).toHaveLength(1)
  }, 120_000)

  it('a restore failing midway (the Nth insert raises) leaves the current data and files intact', async () => {
    const backup = await startBackup(t, owner.cookie)
    await send('POST', '/api/clients', { nomeCompleto: 'Depois do Backup' })
    const current = await officePicture(t.handle.db, t.env, officeId)
    const files = await storedDocumentFiles()
    await t.handle.db.execute(sql`create sequence test_restore_n`)
    await t.handle.db.execute(sql`
      create function test_fail_restore() returns trigger language plpgsql as $$
      begin if nextval('test_restore_n') >= 2 then raise exception 'disk full'; end if; return new; end $$`)
    await t.handle.db.execute(
      sql`create trigger test_fail_restore before insert on document_versions for each row execute function test_fail_restore()`,
    )
    try {
      const { response, backup: failed } = await restore(backup.id)
      expect(response.status).toBe(200)
      expect(failed?.restore?.status).toBe('error')
      expect(failed?.restore?.error).toContain('nada foi alterado')
      // The sócio who asked hears it too.
      const notes = await t.handle.db.select({ title: notifications.title }).from(notifications)
      expect(notes.map((note) => note.title)).toContain('Erro ao restaurar backup')
    } finally {
      await t.handle.db.execute(sql`drop trigger test_fail_restore on document_versions`)
      await t.handle.db.execute(sql`drop function test_fail_restore()`)
      await t.handle.db.execute(sql`drop sequence test_restore_n`)
    }
    expect(await officePicture(t.handle.db, t.env, officeId)).toEqual(current)
    // The files staged for the failed restore were removed; the office's own are untouched.
    expect(await storedDocumentFiles()).toEqual(files)
  }, 120_000)
})

describe('refused archives change nothing', () => {
  let archive: Buffer
  let backup: BackupRow

  beforeAll(async () => {
    backup = await startBackup(t, owner.cookie)
    archive = await download(t, owner.cookie, backup.id)
  }, 120_000)

  async function expectRefused(bytes: Buffer, code: string, restoreBody?: object) {
    const picture = await officePicture(t.handle.db, t.env, officeId)
    const files = await storedDocumentFiles()
    const uploaded = await uploadArchive(t, owner.cookie, bytes)
    if (uploaded.status === 201) {
      // Accepted on upload: the restore refuses it, at once or in its job.
      const { backup: row } = (await uploaded.json()) as { backup: BackupRow }
      const { response, backup: after } = await restore(row.id, restoreBody)
      if (response.status === 200) {
        const reason = code.replace(/^backup_/, '') as keyof typeof RESTORE_REFUSALS
        expect(after?.restore).toMatchObject({ status: 'error', error: RESTORE_REFUSALS[reason] })
      } else {
        expect(response.status).toBe(400)
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code)
      }
    } else {
      expect(uploaded.status).toBe(400)
      expect(((await uploaded.json()) as { error: { code: string } }).error.code).toBe(code)
    }
    expect(await officePicture(t.handle.db, t.env, officeId)).toEqual(picture)
    expect(await storedDocumentFiles()).toEqual(files)
  }

  it('refuses a file that is not a zip', async () => {
    await expectRefused(Buffer.from('isto não é um zip'), 'backup_notZip')
  })

  it('refuses an archive without manifest', async () => {
    const { readZip, writeZip } = await import('./backups.fixtures')
    const entries = await readZip(archive)
    entries.delete('manifest.json')
    await expectRefused(await writeZip(entries), 'backup_manifest')
  })

  it('refuses an archive whose entry does not match its checksum', async () => {
    const { readZip, writeZip } = await import('./backups.fixtures')
    const entries = await readZip(archive)
    const clients = (entries.get('tables/clients.jsonl') as Buffer).toString('utf8')
    entries.set('tables/clients.jsonl', Buffer.from(clients.replace('João', 'Joao')))
    await expectRefused(await writeZip(entries), 'backup_checksum')
  })

  it('refuses another schema version and another format version', async () => {
    await expectRefused(
      await withManifest(archive, (m) => (m.schemaVersion = '0001_foundation')),
      'backup_schemaVersion',
    )
    await expectRefused(await withManifest(archive, (m) => (m.formatVersion = 99)), 'backup_formatVersion')
  })

  it("refuses another office's archive unless 'importar para este escritório' is chosen", async () => {
    const other = await withManifest(archive, (m) => {
      m.office = { id: '00000000-0000-4000-8000-000000000000', nome: 'Outro' }
    })
    await expectRefused(other, 'backup_otherOffice')
  })

  it('requires the typed confirmation, changing nothing', async () => {
    const { response } = await restore(backup.id, { confirmacao: 'sim' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'Digite RESTAURAR para confirmar a restauração.',
    )
  })
})
