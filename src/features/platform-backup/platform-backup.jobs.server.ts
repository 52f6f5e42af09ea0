import os from 'node:os'
import path from 'node:path'
import fsp from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { AppDeps } from '../../platform/app-env.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { getStorage, newStorageKey, verifyingStream } from '../../platform/storage.server'
import { recordPlatformEvent } from '../platform-logs/platform-logs.public.server'
import { writePlatformArchive } from './platform-backup.archive.server'
import { DumpToolError } from './platform-backup.dump.server'
import {
  archiveToTempFile,
  PlatformRestoreError,
  restorePostgresArchive,
} from './platform-backup.restore.server'
import { dueSlot } from './platform-backup.schedule.server'
import {
  applyRetention,
  failStaleRuns,
  getPlatformBackup,
  insertPlatformBackup,
  listSchedules,
} from './platform-backup.service.server'
import { platformBackups, platformBackupState } from './platform-backup.table.server'

export const PLATFORM_BACKUP_CREATE_JOB = 'platform-backup.create'
export const PLATFORM_BACKUP_SCHEDULE_JOB = 'platform-backup.schedule'
export const PLATFORM_BACKUP_RESTORE_JOB = 'platform-backup.restore'

/** Makes the archive of one platform_backups row. Idempotent: a row no longer 'processando' is left alone. */
export async function runPlatformBackup(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'env'>,
  backupId: string,
): Promise<void> {
  const { db } = deps
  const row = await getPlatformBackup(db, backupId)
  if (!row || row.status !== 'processando') return
  const storage = getStorage(deps.env)
  if (row.storageKey) await storage.delete('backups', row.storageKey)
  const storageKey = newStorageKey('zip')
  await db.update(platformBackups).set({ storageKey }).where(eq(platformBackups.id, backupId))
  try {
    const written = await writePlatformArchive({
      handle: { db, kind: deps.dbKind },
      storage,
      storageKey,
    })
    await db
      .update(platformBackups)
      .set({
        status: 'concluido',
        size: written.size,
        sha256: written.sha256,
        schemaVersion: written.manifest.schemaVersion,
        dbBytes: written.manifest.database.size,
        fileCount: written.manifest.files.count,
        finishedAt: new Date(),
      })
      .where(eq(platformBackups.id, backupId))
    await recordPlatformEvent(db, {
      kind: 'backup',
      actorUserId: row.createdBy,
      details: { scope: 'plataforma', tipo: row.tipo, backupId, size: written.size },
    })
  } catch (error) {
    const code = error instanceof DumpToolError ? error.tool : 'inesperado'
    log.error('platform backup failed', { error })
    await db
      .update(platformBackups)
      .set({ status: 'falhou', error: code, storageKey: null, finishedAt: new Date() })
      .where(eq(platformBackups.id, backupId))
    await recordPlatformEvent(db, {
      kind: 'backup_falhou',
      actorUserId: row.createdBy,
      details: { scope: 'plataforma', tipo: row.tipo, backupId, reason: code },
    })
  }
}

/** The 5-minute check: stale runs failed, each due slot started once, retention applied. */
export async function runScheduleCheck(deps: AppDeps, now = new Date()): Promise<string[]> {
  await failStaleRuns(deps.db, now)
  const started: string[] = []
  for (const schedule of await listSchedules(deps.db)) {
    const slotKey = dueSlot(schedule, now)
    if (!slotKey) continue
    // The unique slot key: on every node, in every overlapping check, only one insert wins.
    const id = await insertPlatformBackup(deps.db, { tipo: schedule.tipo, dbKind: deps.dbKind, slotKey })
    if (!id) continue
    await deps.jobs.send(PLATFORM_BACKUP_CREATE_JOB, { backupId: id })
    started.push(id)
  }
  await applyRetention(deps.db, deps.env, now)
  return started
}

/** PostgreSQL restore, run by the job the panel queues; the state row holds the 503 guard meanwhile. */
export async function runPlatformRestore(deps: AppDeps, backupId: string, actorUserId: string | null) {
  const { db } = deps
  const row = await getPlatformBackup(db, backupId)
  const finish = async (status: 'ok' | 'falhou') => {
    await db
      .update(platformBackupState)
      .set({
        restoringBackupId: null,
        restoreStartedAt: null,
        lastRestoreStatus: status,
        lastRestoreAt: new Date(),
      })
      .where(eq(platformBackupState.id, 1))
  }
  if (!row || row.status !== 'concluido' || !row.storageKey || !row.sha256 || row.size === null) {
    await finish('falhou')
    return
  }
  const tempDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'jc-platform-restore-'))
  const storage = getStorage(deps.env)
  try {
    const file = await archiveToTempFile(
      storage,
      row.storageKey,
      { size: row.size, sha256: row.sha256 },
      tempDir,
      verifyingStream,
    )
    await restorePostgresArchive({ db, kind: deps.dbKind }, storage, file)
    await db.update(platformBackups).set({ restoredAt: new Date() }).where(eq(platformBackups.id, backupId))
    await finish('ok')
    await recordPlatformEvent(db, {
      kind: 'backup',
      actorUserId,
      details: { scope: 'restauracao', backupId },
    })
  } catch (error) {
    log.error('platform restore failed', { error })
    await finish('falhou')
    const reason = error instanceof PlatformRestoreError ? error.reason : 'inesperado'
    await recordPlatformEvent(db, {
      kind: 'backup_falhou',
      actorUserId,
      details: { scope: 'restauracao', backupId, reason },
    })
  } finally {
    await fsp.rm(tempDir, { recursive: true, force: true })
  }
}

export const platformBackupJobs: JobDefinition[] = [
  {
    name: PLATFORM_BACKUP_CREATE_JOB,
    // A failed archive is recorded on its row (and the event log): no blind retry of a multi-minute dump.
    retryLimit: 0,
    expireInSeconds: 6 * 60 * 60,
    handler: async ({ deps, data }) => {
      await runPlatformBackup(deps, (data as { backupId: string }).backupId)
    },
  },
  {
    name: PLATFORM_BACKUP_SCHEDULE_JOB,
    schedule: '*/5 * * * *',
    retryLimit: 0,
    expireInSeconds: 240,
    handler: async ({ deps }) => {
      await runScheduleCheck(deps)
    },
  },
  {
    name: PLATFORM_BACKUP_RESTORE_JOB,
    retryLimit: 0,
    expireInSeconds: 6 * 60 * 60,
    policy: 'exclusive',
    handler: async ({ deps, data }) => {
      const { backupId, actorUserId } = data as { backupId: string; actorUserId: string | null }
      await runPlatformRestore(deps, backupId, actorUserId)
    },
  },
]
