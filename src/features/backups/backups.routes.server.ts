import { createReadStream } from 'node:fs'
import { pipeline, Readable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { noStore } from '../../platform/no-store.server'
import { contentDisposition } from '../../platform/content-disposition.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { isUpload, rateLimit } from '../../platform/rate-limit.server'
import { getStorage, newStorageKey, verifyingStream } from '../../platform/storage.server'
import {
  FileTooLargeError,
  spoolUpload,
  UploadAbortedError,
  type SpooledFile,
} from '../../platform/upload-spool.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { requireOffice } from '../offices/offices.public.server'
import { BACKUP_CREATE_JOB } from './backups.jobs.server'
import { InvalidBackupError } from './backups.errors.server'
import { BACKUP_RESTORE_JOB, type RestoreJobData } from './backups.restore-job.server'
import { validateArchive } from './backups.restore.server'
import {
  BACKUP_MESSAGES,
  backupListQuery,
  createBackupBody,
  RESTORE_REFUSALS,
  restoreBackupBody,
  uploadBackupQuery,
  type BackupList,
  type BackupRow,
  type BackupStats,
} from './backups.schema'
import {
  deleteBackupRow,
  getBackup,
  getBackupRow,
  getBackupStats,
  hasActiveRestore,
  hasRunningBackup,
  insertBackupRow,
  listBackups,
  lockOfficeBackups,
  uploadedBytes,
} from './backups.service.server'
import { officeBackups } from './backups.table.server'

/** The upload route reads up to BACKUP_UPLOAD_MAX_MB itself, so the shell's 12 MB body cap skips it. */
export const BACKUP_UPLOAD_PATH = '/api/backups/upload'

const uuid = z.uuid()
function backupId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!uuid.safeParse(id).success) throw notFound(BACKUP_MESSAGES.notFound)
  return id as string
}

function refusal(error: unknown): never {
  if (error instanceof InvalidBackupError)
    throw new ApiError(400, `backup_${error.reason}`, RESTORE_REFUSALS[error.reason])
  throw error
}

const MB = 1024 * 1024

/**
 * A backup upload counts against the per-user upload budget (RATE_LIMIT_UPLOAD_MAX) like every other file.
 * The shell's limiter recognises uploads by content type, and a zip is sent as application/zip: the
 * requests it did not count are counted here, under the same key, so each counts exactly once.
 */
const uploadRate = rateLimit({
  name: 'upload',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_UPLOAD_MAX }),
  key: (c) => c.get('user')?.id,
})
const countAsUpload = createMiddleware<AppEnv>((c, next) => (isUpload(c) ? next() : uploadRate(c, next)))

const quotaExceeded = () => new ApiError(413, 'backup_quota', BACKUP_MESSAGES.quota)

/** A finished archive of this office: its row, or 404 / 409. */
async function readyBackup(c: Context<AppEnv>, id: string) {
  const row = await getBackupRow(c.get('db'), c.get('office').id, id)
  if (!row) throw notFound(BACKUP_MESSAGES.notFound)
  if (row.status !== 'success' || !row.storageKey || !row.sha256 || row.size === null)
    throw new ApiError(409, 'not_ready', BACKUP_MESSAGES.notReady)
  return { ...row, storageKey: row.storageKey, sha256: row.sha256, size: row.size }
}

const TAG = apiTag('Backup', 'Backup de Dados do escritório atual (só sócios).')

// requireOffice('office.backup') first on every route: anonymous → 401, any level but sócio → 403, and the
// office is always the session's (another office's backup is 404, exactly like a missing one).
export const backupRoutes = new Hono<AppEnv>()
  .use(requireOffice('office.backup'))
  .use(noStore())
  .get(
    '/',
    routeDoc(TAG, 'Histórico de backups do escritório (só sócios)'),
    validate('query', backupListQuery),
    async (c) => {
      return c.json<BackupList>(await listBackups(c.get('db'), c.get('office').id, c.req.valid('query').page))
    },
  )
  .get(
    '/stats',
    routeDoc(TAG, 'Cartões: último backup, quantidade, tamanho, próxima execução'),
    async (c) => {
      return c.json<BackupStats>(await getBackupStats(c.get('db'), c.get('office').id))
    },
  )
  .post(
    '/',
    routeDoc(TAG, 'Inicia um backup manual (tarefa em segundo plano)', { status: 201 }),
    validate('json', createBackupBody),
    async (c) => {
      const { parts } = c.req.valid('json')
      const officeId = c.get('office').id
      const id = await c.get('db').transaction(async (tx) => {
        await lockOfficeBackups(tx, officeId)
        if (await hasRunningBackup(tx, officeId)) throw new ApiError(409, 'running', BACKUP_MESSAGES.running)
        // A backup would read the files a restore is replacing.
        if (await hasActiveRestore(tx, officeId))
          throw new ApiError(409, 'restoring', BACKUP_MESSAGES.restoring)
        return insertBackupRow(tx, { officeId, tipo: 'manual', parts, createdBy: c.get('office').userId })
      })
      // After the commit: on PGlite pg-boss waits for the transaction, and the job must find the row. A send
      // that fails would leave the row 'in progress' for ever and block the next backup: it ends as an error.
      try {
        await c.get('deps').jobs.send(BACKUP_CREATE_JOB, { backupId: id })
      } catch (error) {
        await c
          .get('db')
          .update(officeBackups)
          .set({ status: 'error', error: BACKUP_MESSAGES.notQueued, finishedAt: new Date() })
          .where(and(eq(officeBackups.id, id), eq(officeBackups.officeId, officeId)))
        log.error('backup job not queued', { error })
        throw new ApiError(503, 'backup_notQueued', BACKUP_MESSAGES.notQueued)
      }
      return c.json<{ backup: BackupRow }>(
        { backup: (await getBackup(c.get('db'), officeId, id)) as BackupRow },
        201,
      )
    },
  )
  .post(
    '/upload',
    routeDoc(TAG, 'Envia um backup (zip, corpo bruto) para restaurar; validado antes de aceito', {
      status: 201,
      requestBody: { media: 'application/zip', schema: { type: 'string', format: 'binary' } },
    }),
    countAsUpload,
    validate('query', uploadBackupQuery),
    async (c) => {
      const body = c.req.raw.body
      if (!body) throw new ApiError(400, 'backup_notZip', RESTORE_REFUSALS.notZip)
      const { env } = c.get('deps')
      const officeId = c.get('office').id
      const quota = env.BACKUP_UPLOAD_QUOTA_MB * MB
      // The office's room decides the body's limit too: an upload past it stops at the quota, not the cap.
      const room = quota - (await uploadedBytes(c.get('db'), officeId))
      if (room <= 0) throw quotaExceeded()
      const cap = env.BACKUP_UPLOAD_MAX_MB * MB
      let spooled: SpooledFile
      try {
        spooled = await spoolUpload(env.dataDir, body, { maxBytes: Math.min(cap, room) })
      } catch (error) {
        if (error instanceof FileTooLargeError)
          throw room < cap ? quotaExceeded() : new ApiError(413, 'too_large', BACKUP_MESSAGES.tooLarge)
        if (error instanceof UploadAbortedError)
          throw new ApiError(400, 'upload_aborted', BACKUP_MESSAGES.aborted)
        throw error
      }
      try {
        const manifest = await validateArchive(spooled.path).catch(refusal)
        const storage = getStorage(env)
        const storageKey = newStorageKey('zip')
        await storage.put('backups', storageKey, createReadStream(spooled.path), {
          contentType: 'application/zip',
        })
        const name = c.req.valid('query').name
        try {
          const id = await c.get('db').transaction(async (tx) => {
            // Two uploads at once must not both fit in the same room.
            await lockOfficeBackups(tx, officeId)
            if ((await uploadedBytes(tx, officeId)) + spooled.size > quota) throw quotaExceeded()
            const [row] = await tx
              .insert(officeBackups)
              .values({
                officeId,
                nome: name,
                tipo: 'manual',
                source: 'uploaded',
                status: 'success',
                scope: manifest.parts,
                progress: 100,
                size: spooled.size,
                sha256: spooled.sha256,
                storageKey,
                counts: Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])),
                sourceOfficeId: manifest.office.id,
                createdBy: c.get('office').userId,
                finishedAt: new Date(),
              })
              .returning({ id: officeBackups.id })
            if (!row) throw new Error('backup row not inserted')
            await recordOfficeAudit(
              c,
              {
                action: 'backup.upload',
                entity: 'backup',
                entityId: row.id,
                details: { size: spooled.size },
              },
              tx,
            )
            return row.id
          })
          return c.json<{ backup: BackupRow }>(
            { backup: (await getBackup(c.get('db'), officeId, id)) as BackupRow },
            201,
          )
        } catch (error) {
          await storage.delete('backups', storageKey)
          throw error
        }
      } finally {
        await spooled.cleanup()
      }
    },
  )
  .get('/:id', routeDoc(TAG, 'Um backup do histórico (andamento e situação)'), async (c) => {
    const row = await getBackup(c.get('db'), c.get('office').id, backupId(c))
    if (!row) throw notFound(BACKUP_MESSAGES.notFound)
    return c.json<{ backup: BackupRow }>({ backup: row })
  })
  .get('/:id/download', routeDoc(TAG, 'Baixa o zip do backup', { media: 'application/zip' }), async (c) => {
    const row = await readyBackup(c, backupId(c))
    const source = await getStorage(c.get('deps').env).getStream('backups', row.storageKey)
    if (!source) throw new ApiError(500, 'file_unavailable', BACKUP_MESSAGES.fileUnavailable)
    await recordOfficeAudit(c, { action: 'backup.download', entity: 'backup', entityId: row.id })
    const verified = pipeline(source, verifyingStream(row), (error) => {
      if (error) log.error('backup download failed', { error })
    })
    const fileName = row.nome.toLowerCase().endsWith('.zip') ? row.nome : `${row.nome}.zip`
    return new Response(Readable.toWeb(verified) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': String(row.size),
        'Content-Disposition': contentDisposition('attachment', fileName.replaceAll('/', '-')),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    })
  })
  .post(
    '/:id/restore',
    routeDoc(TAG, 'Agenda a restauração (tarefa): valida e troca tudo ou nada'),
    validate('json', restoreBackupBody),
    async (c) => {
      const row = await readyBackup(c, backupId(c))
      const { importar } = c.req.valid('json')
      const office = c.get('office')
      // The cheap refusal first (the row knows whose archive it is); the job checks the manifest again.
      if (row.sourceOfficeId && row.sourceOfficeId !== office.id && !importar)
        throw new ApiError(400, 'backup_otherOffice', RESTORE_REFUSALS.otherOffice)
      await c.get('db').transaction(async (tx) => {
        await lockOfficeBackups(tx, office.id)
        // A running backup reads the files a restore replaces: one at a time, and one restore at a time.
        if (await hasRunningBackup(tx, office.id)) throw new ApiError(409, 'running', BACKUP_MESSAGES.running)
        if (await hasActiveRestore(tx, office.id))
          throw new ApiError(409, 'restoring', BACKUP_MESSAGES.restoring)
        await tx
          .update(officeBackups)
          .set({
            restoreStatus: 'queued',
            restoreProgress: 0,
            restoreError: null,
            restoreResult: null,
            restoreRequestedAt: new Date(),
            restoreRequestedBy: office.userId,
          })
          .where(and(eq(officeBackups.id, row.id), eq(officeBackups.officeId, office.id)))
      })
      // After the commit (on PGlite pg-boss waits for the transaction, and the job must find the row). The
      // archive is read, checked and restored by the job, never inside this request.
      const data: RestoreJobData = { backupId: row.id, officeId: office.id, importar, userId: office.userId }
      try {
        await c.get('deps').jobs.send(BACKUP_RESTORE_JOB, data)
      } catch (error) {
        await c
          .get('db')
          .update(officeBackups)
          .set({ restoreStatus: 'error', restoreError: BACKUP_MESSAGES.restoreFailed })
          .where(eq(officeBackups.id, row.id))
        throw error
      }
      // 200 with the row (restore.status 'queued'): the page follows it with GET /api/backups/:id.
      return c.json<{ backup: BackupRow }>({
        backup: (await getBackup(c.get('db'), office.id, row.id)) as BackupRow,
      })
    },
  )
  .delete(
    '/:id',
    routeDoc(TAG, 'Exclui um backup do histórico e seu arquivo', { status: 204 }),
    async (c) => {
      const id = backupId(c)
      const officeId = c.get('office').id
      const removed = await c.get('db').transaction(async (tx) => {
        const row = await getBackupRow(tx, officeId, id)
        if (!row) throw notFound(BACKUP_MESSAGES.notFound)
        if (row.status === 'in_progress') throw new ApiError(409, 'running', BACKUP_MESSAGES.running)
        if (row.restoreStatus === 'queued' || row.restoreStatus === 'running')
          throw new ApiError(409, 'restoring', BACKUP_MESSAGES.restoring)
        const deleted = await deleteBackupRow(tx, officeId, id)
        await recordOfficeAudit(c, { action: 'backup.delete', entity: 'backup', entityId: id }, tx)
        return deleted
      })
      if (removed?.storageKey) await getStorage(c.get('deps').env).delete('backups', removed.storageKey)
      return c.body(null, 204)
    },
  )
