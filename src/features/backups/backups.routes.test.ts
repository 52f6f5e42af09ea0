import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvCell } from '../../lib/csv'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import { officeOf, pdfBytes, upload, userIdOf } from '../documents/documents.fixtures'
import { notifications } from '../notifications/notifications.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { download, readZip, sha256, startBackup, uploadArchive } from './backups.fixtures'
import type { BackupList, BackupRow, BackupStats } from './backups.schema'
import { officeBackups } from './backups.table.server'

let t: TestApp
let owner: { cookie: string; email: string }
let other: { cookie: string; email: string }
let associado: { cookie: string; email: string }
let officeId: string

const get = (p: string, cookie = owner.cookie) => t.app.request(p, { headers: { cookie } })
const send = (method: string, p: string, body?: unknown, cookie = owner.cookie) =>
  t.app.request(p, jsonRequest(method, body, cookie))
const backupCount = async () =>
  (await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(officeBackups))[0]?.n ?? 0
const storedArchives = async () =>
  (await fs.readdir(path.join(t.env.dataDir, 'files', 'backups')).catch(() => [] as string[])).sort()

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true })
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otto Outro' }))
  officeId = await officeOf(t, owner.email)
  associado = await signUp(t, lawyerSignUp({ nomeCompleto: 'Ana Associada' }))
  await t.handle.db.insert(officeMembers).values({
    officeId,
    userId: await userIdOf(t, associado.email),
    nivelAcesso: 'associado',
    selectedAt: new Date(),
  })
  await send('POST', '/api/clients', { nomeCompleto: 'João; "da" Silva' })
  await upload(t, owner.cookie, pdfBytes('Procuração'), { name: 'Procuração.pdf', pasta: 'contratos' })
}, 120_000)
afterAll(() => t.close())

describe('access', () => {
  it('401 anonymous, 403 for an associado, on every route', async () => {
    expect((await t.app.request('/api/backups')).status).toBe(401)
    expect((await get('/api/backups', associado.cookie)).status).toBe(403)
    expect((await send('POST', '/api/backups', { parts: ['clientes'] }, associado.cookie)).status).toBe(403)
    expect(await backupCount()).toBe(0)
  })

  it('400 pt-BR for an empty or unknown checklist, writing nothing', async () => {
    const empty = await send('POST', '/api/backups', { parts: [] })
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { error: { message: string } }).error.message).toContain(
      'Selecione ao menos um item para o backup.',
    )
    expect((await send('POST', '/api/backups', { parts: ['tudo'] })).status).toBe(400)
    expect(await backupCount()).toBe(0)
  })
})

describe('manual backup', () => {
  let backup: BackupRow

  beforeAll(async () => {
    backup = await startBackup(t, owner.cookie)
  })

  it('runs as a job to success, in the history with its size, and tells the sócio', async () => {
    expect(backup).toMatchObject({ tipo: 'manual', source: 'generated', status: 'success', progress: 100 })
    expect(backup.nome).toMatch(/^Backup manual \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    const list = (await (await get('/api/backups')).json()) as BackupList
    expect(list.items.map((item) => item.id)).toEqual([backup.id])
    expect(list.items[0]?.size).toBeGreaterThan(0)
    const stats = (await (await get('/api/backups/stats')).json()) as BackupStats
    expect(stats).toMatchObject({ total: 1, totalSize: backup.size, automatico: true, frequencia: 'diario' })
    expect(stats.last?.status).toBe('success')
    expect(new Date(stats.nextRun as string).getTime()).toBeGreaterThan(Date.now())
    const notes = await t.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, await userIdOf(t, owner.email)))
    expect(notes.map((note) => note.title)).toContain('Backup concluído')
    const audit = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, backup.id)))
    expect(audit.map((row) => row.action)).toContain('backup.create')
  })

  it("downloads a verified zip with the manifest, the office's clients as JSON Lines and CSV, and the files", async () => {
    const response = await get(`/api/backups/${backup.id}/download`)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toContain('attachment')
    const bytes = Buffer.from(await response.arrayBuffer())
    const entries = await readZip(bytes)
    const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8')) as {
      office: { id: string }
      entries: Record<string, { sha256: string }>
      counts?: unknown
      tables: { name: string; rows: number }[]
    }
    expect(manifest.office.id).toBe(officeId)
    for (const [name, { sha256: hash }] of Object.entries(manifest.entries))
      expect(sha256(entries.get(name) as Buffer), name).toBe(hash)
    const clients = (entries.get('tables/clients.jsonl') as Buffer).toString('utf8').trim().split('\n')
    expect(clients.map((line) => (JSON.parse(line) as { nome_completo: string }).nome_completo)).toEqual([
      'João; "da" Silva',
    ])
    const csv = (entries.get('csv/clients.csv') as Buffer).toString('utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv).toContain('"João; ""da"" Silva"')
    expect([...entries.keys()].filter((name) => name.startsWith('files/'))).toHaveLength(1)
    expect(manifest.tables.map((table) => table.name)).not.toContain('audit_log')
  })

  it("another office's backup is 404 on every route", async () => {
    for (const [method, p] of [
      ['GET', `/api/backups/${backup.id}`],
      ['GET', `/api/backups/${backup.id}/download`],
      ['DELETE', `/api/backups/${backup.id}`],
    ] as const)
      expect((await send(method, p, undefined, other.cookie)).status, p).toBe(404)
    const restore = await send(
      'POST',
      `/api/backups/${backup.id}/restore`,
      { confirmacao: 'RESTAURAR' },
      other.cookie,
    )
    expect(restore.status).toBe(404)
    expect((await get('/api/backups/not-a-uuid')).status).toBe(404)
  })

  it('refuses a second backup, a delete or a restore while one runs (409), writing nothing', async () => {
    const [row] = await t.handle.db
      .insert(officeBackups)
      .values({ officeId, nome: 'Em andamento', tipo: 'manual', scope: ['clientes'] })
      .returning()
    const before = await backupCount()
    expect((await send('POST', '/api/backups', { parts: ['clientes'] })).status).toBe(409)
    expect(await backupCount()).toBe(before)
    expect((await send('DELETE', `/api/backups/${row?.id}`)).status).toBe(409)
    const restore = await send('POST', `/api/backups/${backup.id}/restore`, { confirmacao: 'RESTAURAR' })
    expect(restore.status).toBe(409)
    await t.handle.db.delete(officeBackups).where(eq(officeBackups.id, row?.id as string))
  })

  it('refuses a backup, another restore or deleting the archive while a restore is queued (409)', async () => {
    const [restoring] = await t.handle.db
      .update(officeBackups)
      .set({ restoreStatus: 'queued', restoreRequestedAt: new Date() })
      .where(eq(officeBackups.id, backup.id))
      .returning()
    try {
      const before = await backupCount()
      const created = await send('POST', '/api/backups', { parts: ['clientes'] })
      expect(created.status).toBe(409)
      expect(((await created.json()) as { error: { message: string } }).error.message).toBe(
        'Já existe uma restauração em andamento para este escritório.',
      )
      expect(await backupCount()).toBe(before)
      const again = await send('POST', `/api/backups/${backup.id}/restore`, { confirmacao: 'RESTAURAR' })
      expect(again.status).toBe(409)
      expect((await send('DELETE', `/api/backups/${restoring?.id}`)).status).toBe(409)
      const shown = (await (await get(`/api/backups/${backup.id}`)).json()) as { backup: BackupRow }
      expect(shown.backup.restore).toMatchObject({ status: 'queued', progress: 0 })
    } finally {
      await t.handle.db
        .update(officeBackups)
        .set({ restoreStatus: null, restoreRequestedAt: null })
        .where(eq(officeBackups.id, backup.id))
    }
  })

  it('accepts an uploaded archive after validating it, as an "enviado" row of the history', async () => {
    const archive = await download(t, owner.cookie, backup.id)
    const response = await uploadArchive(t, owner.cookie, archive, 'meu-backup.zip')
    expect(response.status).toBe(201)
    const { backup: uploaded } = (await response.json()) as { backup: BackupRow }
    expect(uploaded).toMatchObject({
      nome: 'meu-backup.zip',
      source: 'uploaded',
      status: 'success',
      fromOtherOffice: false,
    })
    // Another office sees its own upload of this archive as foreign.
    const foreign = await uploadArchive(t, other.cookie, archive)
    expect(((await foreign.json()) as { backup: BackupRow }).backup.fromOtherOffice).toBe(true)
  })

  it('deletes a backup with its file, audited', async () => {
    const second = await startBackup(t, owner.cookie, ['clientes'])
    const files = await storedArchives()
    expect((await send('DELETE', `/api/backups/${second.id}`)).status).toBe(204)
    expect((await get(`/api/backups/${second.id}`)).status).toBe(404)
    expect((await storedArchives()).length).toBe(files.length - 1)
    const [audit] = await t.handle.db.select().from(auditLog).where(eq(auditLog.entityId, second.id))
    expect(audit?.action).toBe('backup.create')
    const actions = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, second.id))
    expect(actions.map((row) => row.action)).toContain('backup.delete')
  })

  it('writes the CSV copy with the rules of src/lib/csv.ts (formulas neutralised, quotes doubled)', async () => {
    const tricky = '=SOMA(1;2) "x"\nlinha'
    await send('POST', '/api/clients', { nomeCompleto: 'Cliente Fórmula', observacoes: tricky })
    const made = await startBackup(t, owner.cookie, ['clientes'])
    const entries = await readZip(await download(t, owner.cookie, made.id))
    const csv = (entries.get('csv/clients.csv') as Buffer).toString('utf8')
    expect(csv).toContain(csvCell(tricky))
    expect(csv.split('\r\n')[0]).toContain('nome_completo;')
    await send('DELETE', `/api/backups/${made.id}`)
  })

  it("uploads past the shell's 12 MB body cap (the archive has its own limit)", async () => {
    const big = await createTestApp({}, { jobs: true })
    try {
      const account = await signUp(big, lawyerSignUp({ nomeCompleto: 'Bia Grande' }))
      for (const name of ['a.pdf', 'b.pdf'])
        await upload(big, account.cookie, pdfBytes('x'.repeat(7 * 1024 * 1024)), { name, pasta: 'contratos' })
      const made = await startBackup(big, account.cookie)
      const archive = await download(big, account.cookie, made.id)
      expect(archive.length).toBeGreaterThan(12 * 1024 * 1024)
      expect((await uploadArchive(big, account.cookie, archive)).status).toBe(201)
    } finally {
      await big.close()
    }
  }, 120_000)

  it('413 for an upload over BACKUP_UPLOAD_MAX_MB, storing nothing', async () => {
    const small = await createTestApp({ BACKUP_UPLOAD_MAX_MB: '1' })
    try {
      const account = await signUp(small, lawyerSignUp({ nomeCompleto: 'Lia Limite' }))
      const response = await uploadArchive(small, account.cookie, Buffer.alloc(2 * 1024 * 1024, 1))
      expect(response.status).toBe(413)
      expect(await fs.readdir(path.join(small.env.dataDir, 'files', 'backups')).catch(() => [])).toEqual([])
    } finally {
      await small.close()
    }
  }, 120_000)

  it('counts a backup upload (application/zip) against the per-user upload limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_UPLOAD_MAX: '2' })
    try {
      const account = await signUp(limited, lawyerSignUp({ nomeCompleto: 'Rui Ritmo' }))
      const junk = Buffer.from('isto não é um zip')
      expect((await uploadArchive(limited, account.cookie, junk)).status).toBe(400)
      expect((await uploadArchive(limited, account.cookie, junk)).status).toBe(400)
      const third = await uploadArchive(limited, account.cookie, junk)
      expect(third.status).toBe(429)
      expect(((await third.json()) as { error: { code: string } }).error.code).toBe('rate_limited')
    } finally {
      await limited.close()
    }
  }, 120_000)

  it("413 pt-BR once the office's uploaded archives reach BACKUP_UPLOAD_QUOTA_MB, storing nothing", async () => {
    const small = await createTestApp({ BACKUP_UPLOAD_QUOTA_MB: '1' }, { jobs: true })
    try {
      const account = await signUp(small, lawyerSignUp({ nomeCompleto: 'Quita Cota' }))
      const noise = randomBytes(450 * 1024).toString('base64')
      await upload(small, account.cookie, pdfBytes(noise), { name: 'grande.pdf', pasta: 'contratos' })
      const made = await startBackup(small, account.cookie)
      const archive = await download(small, account.cookie, made.id)
      expect(archive.length).toBeGreaterThan(512 * 1024)
      expect((await uploadArchive(small, account.cookie, archive)).status).toBe(201)
      const stored = await fs.readdir(path.join(small.env.dataDir, 'files', 'backups'))
      for (const bytes of [archive, Buffer.alloc(2 * 1024 * 1024, 1)]) {
        const response = await uploadArchive(small, account.cookie, bytes)
        expect(response.status).toBe(413)
        expect(((await response.json()) as { error: { code: string; message: string } }).error).toEqual({
          code: 'backup_quota',
          message:
            'Este arquivo ultrapassa o espaço para backups enviados deste escritório. Exclua backups enviados antigos e tente novamente.',
        })
      }
      expect(await fs.readdir(path.join(small.env.dataDir, 'files', 'backups'))).toEqual(stored)
    } finally {
      await small.close()
    }
  }, 120_000)
})
