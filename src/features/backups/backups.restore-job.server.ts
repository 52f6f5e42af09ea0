import { and, eq, inArray, lt } from 'drizzle-orm'
import type { AppDeps } from '../../platform/app-env.server'
import { log } from '../../platform/log.server'
import { getStorage, verifyingStream } from '../../platform/storage.server'
import { spoolUpload, type SpooledFile } from '../../platform/upload-spool.server'
import { recordAudit } from '../audit/audit.public.server'
import { createNotification, type NotificationExecutor } from '../notifications/notifications.public.server'
import { InvalidBackupError } from './backups.errors.server'
import { restoreArchive } from './backups.restore.server'
import { BACKUP_MESSAGES, RESTORE_REFUSALS } from './backups.schema'
import { officeBackups } from './backups.table.server'

// The restore of an office from one of its archives, as a job (issue 24): a request only queues it, so no
// archive, however built, runs inside a request. The job validates the archive whole (bounded: see
// backups.bounds.server.ts), then restores it all or nothing (backups.restore.server.ts), recording its state
// on the archive's row (restore_status/progress/error/result) for the page, and tells the sócio.

export const BACKUP_RESTORE_JOB = 'backups.restore'
const LINK = '/dashboard/data-backup'
/** Progress is written at most this often, and only when it moved by a whole percent. */
const PROGRESS_EVERY_MS = 500

export interface RestoreJobData {
  backupId: string
  officeId: string
  importar: boolean
  /** Who asked: the audit row's actor and the notification's recipient. */
  userId: string
}

/** Copies the stored archive to a temp file, checked against its recorded hash (yauzl needs random access). */
async function spoolArchive(
  deps: AppDeps,
  row: { storageKey: string | null; size: number | null; sha256: string | null },
): Promise<SpooledFile> {
  if (!row.storageKey || row.size === null || !row.sha256) throw new ArchiveUnavailableError()
  const expected = { size: row.size, sha256: row.sha256 }
  const source = await getStorage(deps.env).getStream('backups', row.storageKey)
  if (!source) throw new ArchiveUnavailableError()
  const checked = source.pipe(verifyingStream(expected))
  source.on('error', (error) => checked.destroy(error))
  try {
    return await spoolUpload(deps.env.dataDir, checked, { maxBytes: expected.size })
  } catch (error) {
    log.error('backup archive unreadable', { error })
    throw new ArchiveUnavailableError()
  }
}

class ArchiveUnavailableError extends Error {
  constructor() {
    super('the backup archive is missing or corrupted in storage')
    this.name = 'ArchiveUnavailableError'
  }
}

/** Runs one queued restore. Idempotent: a restore no longer 'queued' (done, failed, running) is left alone. */
export async function runRestoreJob(deps: AppDeps, data: RestoreJobData): Promise<void> {
  const { db } = deps
  const [row] = await db
    .update(officeBackups)
    .set({ restoreStatus: 'running', restoreProgress: 0 })
    .where(
      and(
        eq(officeBackups.id, data.backupId),
        eq(officeBackups.officeId, data.officeId),
        eq(officeBackups.restoreStatus, 'queued'),
      ),
    )
    .returning()
  if (!row) return

  let reported = 0
  let reportedAt = 0
  const onProgress = async (fraction: number, inTransaction: boolean) => {
    // On PGlite the transaction holds the only connection: a write from outside it would wait forever.
    if (inTransaction && deps.dbKind === 'pglite') return
    const percent = Math.min(99, Math.floor(fraction * 100))
    if (percent <= reported || Date.now() - reportedAt < PROGRESS_EVERY_MS) return
    reported = percent
    reportedAt = Date.now()
    await db.update(officeBackups).set({ restoreProgress: percent }).where(eq(officeBackups.id, row.id))
  }

  // The notice commits with the outcome it tells (the row's status and the notification in one transaction), so
  // whoever sees 'success' or 'error' on the page also finds it in the bell.
  const notify = (tx: NotificationExecutor, outcome: { ok: true } | { ok: false; reason: string }) =>
    createNotification(tx, {
      userId: data.userId,
      officeId: data.officeId,
      title: outcome.ok ? 'Backup restaurado' : 'Erro ao restaurar backup',
      message: outcome.ok
        ? `Os dados do escritório foram substituídos pelos de ${row.nome}.`
        : outcome.reason,
      type: outcome.ok ? 'success' : 'error',
      link: LINK,
      // One notice per restore run (the same archive may be restored again later).
      sourceKey: `backup-restore:${row.id}:${row.restoreRequestedAt?.getTime() ?? 0}`,
    })

  let spooled: SpooledFile | undefined
  try {
    if (row.status !== 'success') throw new ArchiveUnavailableError()
    spooled = await spoolArchive(deps, row)
    await restoreArchive({
      db,
      storage: getStorage(deps.env),
      archivePath: spooled.path,
      officeId: data.officeId,
      importInto: data.importar,
      onProgress,
      onCommit: async (tx, restored) => {
        // In the restore's transaction: the data, its audit row, 'success' and the notice commit together.
        await tx
          .update(officeBackups)
          .set({
            restoredAt: new Date(),
            restoreStatus: 'success',
            restoreProgress: 100,
            restoreResult: restored,
            restoreError: null,
          })
          .where(eq(officeBackups.id, row.id))
        await recordAudit(tx, {
          officeId: data.officeId,
          actorUserId: data.userId,
          action: 'backup.restore',
          entity: 'backup',
          entityId: row.id,
          details: { importar: data.importar, counts: restored.counts },
        })
        await notify(tx, { ok: true })
      },
    })
  } catch (error) {
    let reason: string
    if (error instanceof InvalidBackupError) reason = RESTORE_REFUSALS[error.reason]
    else if (error instanceof ArchiveUnavailableError) reason = BACKUP_MESSAGES.fileUnavailable
    else {
      log.error('backup restore failed', { error })
      reason = BACKUP_MESSAGES.restoreFailed
    }
    await db.transaction(async (tx) => {
      await tx
        .update(officeBackups)
        .set({ restoreStatus: 'error', restoreError: reason })
        .where(eq(officeBackups.id, row.id))
      await notify(tx, { ok: false, reason })
    })
  } finally {
    await spooled?.cleanup()
  }
}

/** Restores still queued or running after `before` died with their node (the job is not retried). */
export async function failStaleRestores(deps: AppDeps, before: Date): Promise<void> {
  await deps.db
    .update(officeBackups)
    .set({ restoreStatus: 'error', restoreError: BACKUP_MESSAGES.restoreInterrupted })
    .where(
      and(
        inArray(officeBackups.restoreStatus, ['queued', 'running']),
        lt(officeBackups.restoreRequestedAt, before),
      ),
    )
}
