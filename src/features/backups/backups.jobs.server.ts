import path from 'node:path'
import { and, eq, lt, sql } from 'drizzle-orm'
import { todayISO, dayOfWeekISO } from '../../lib/br/dates'
import type { AppDeps } from '../../platform/app-env.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { getStorage, newStorageKey } from '../../platform/storage.server'
import { recordAudit } from '../audit/audit.public.server'
import { recordPlatformEvent } from '../platform-logs/platform-logs.public.server'
import { createNotification } from '../notifications/notifications.public.server'
import { getOfficeBackupSettings } from '../office-settings/office-settings.public.server'
import { officeMembers, offices } from '../offices/offices.table.server'
import { MissingBackupFileError, writeBackupArchive } from './backups.archive.server'
import { BACKUP_PARTS } from './backups.constants'
import {
  BACKUP_RESTORE_JOB,
  failStaleRestores,
  runRestoreJob,
  type RestoreJobData,
} from './backups.restore-job.server'
import {
  applyRetention,
  hasActiveRestore,
  hasRunningBackup,
  insertBackupRow,
  WEEKLY_DAY,
} from './backups.service.server'
import { officeBackups } from './backups.table.server'

export const BACKUP_CREATE_JOB = 'backups.create'
export const BACKUP_SCHEDULE_JOB = 'backups.schedule'
const LINK = '/dashboard/data-backup'
/**
 * A run (or a restore) still in_progress (queued/running) after this long died with its node (the jobs are
 * not retried): mark it failed.
 */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000

const FAILURE_REASONS = {
  missingFile: 'Um arquivo de documento está ausente ou corrompido no armazenamento.',
  interrupted: 'O backup foi interrompido antes de terminar.',
  unexpected: 'Erro inesperado ao gerar o arquivo de backup.',
} as const

/** Who hears about a run: whoever asked for it, or the office's active sócios for a scheduled one. */
async function recipients(deps: AppDeps, officeId: string, createdBy: string | null): Promise<string[]> {
  if (createdBy) return [createdBy]
  const rows = await deps.db
    .select({ userId: officeMembers.userId })
    .from(officeMembers)
    .where(
      and(
        eq(officeMembers.officeId, officeId),
        eq(officeMembers.nivelAcesso, 'socio'),
        eq(officeMembers.ativo, true),
      ),
    )
  return rows.flatMap((row) => (row.userId ? [row.userId] : []))
}

/** Makes the archive of one office_backups row. Idempotent: a finished row is left alone. */
export async function runBackupJob(deps: AppDeps, backupId: string): Promise<void> {
  const { db } = deps
  const [row] = await db
    .select({ backup: officeBackups, officeNome: offices.nome })
    .from(officeBackups)
    .innerJoin(offices, eq(offices.id, officeBackups.officeId))
    .where(eq(officeBackups.id, backupId))
    .limit(1)
  if (!row || row.backup.status !== 'in_progress') return
  const { backup } = row
  const storage = getStorage(deps.env)
  // A retry after a crash starts over under a new key; the previous attempt's file (if any) goes.
  if (backup.storageKey) await storage.delete('backups', backup.storageKey)
  const storageKey = newStorageKey('zip')
  await db.update(officeBackups).set({ storageKey, progress: 0 }).where(eq(officeBackups.id, backupId))
  let outcome: { ok: true } | { ok: false; reason: string }
  try {
    const written = await writeBackupArchive({
      db,
      storage,
      tempDir: path.join(deps.env.dataDir, 'tmp'),
      office: { id: backup.officeId, nome: row.officeNome },
      parts: backup.scope,
      storageKey,
      onProgress: async (progress) => {
        await db.update(officeBackups).set({ progress }).where(eq(officeBackups.id, backupId))
      },
    })
    await db.transaction(async (tx) => {
      await tx
        .update(officeBackups)
        .set({
          status: 'success',
          progress: 100,
          size: written.size,
          sha256: written.sha256,
          counts: written.counts,
          finishedAt: new Date(),
        })
        .where(eq(officeBackups.id, backupId))
      await recordAudit(tx, {
        officeId: backup.officeId,
        actorUserId: backup.createdBy,
        action: 'backup.create',
        entity: 'backup',
        entityId: backupId,
        details: { tipo: backup.tipo, scope: backup.scope, size: written.size },
      })
    })
    outcome = { ok: true }
  } catch (error) {
    log.error('backup failed', { error })
    const reason =
      error instanceof MissingBackupFileError ? FAILURE_REASONS.missingFile : FAILURE_REASONS.unexpected
    await db
      .update(officeBackups)
      .set({ status: 'error', error: reason, storageKey: null, finishedAt: new Date() })
      .where(eq(officeBackups.id, backupId))
    outcome = { ok: false, reason }
  }
  // The platform's log (/admin/logs, issue 14): ids and the kind of run only.
  await recordPlatformEvent(db, {
    kind: outcome.ok ? 'backup' : 'backup_falhou',
    actorUserId: backup.createdBy,
    details: { backupId, officeId: backup.officeId, tipo: backup.tipo },
  })
  for (const userId of await recipients(deps, backup.officeId, backup.createdBy)) {
    await createNotification(db, {
      userId,
      officeId: backup.officeId,
      title: outcome.ok ? 'Backup concluído' : 'Erro ao criar backup',
      message: outcome.ok ? `${backup.nome} foi concluído com sucesso.` : outcome.reason,
      type: outcome.ok ? 'success' : 'error',
      link: LINK,
      sourceKey: `backup:${backupId}`,
    })
  }
}

/**
 * The 02:00 run: for each office whose settings say automatic — every day when 'diario', on Sundays when
 * 'semanal' (the spec's weekly backup day) — queue one automatic backup (at most one per São Paulo day),
 * then apply every office's retention. Runs cluster-wide once per occurrence (pg-boss schedule).
 */
export async function runBackupSchedule(deps: AppDeps, now: Date = new Date()): Promise<void> {
  const { db } = deps
  const storage = getStorage(deps.env)
  await db
    .update(officeBackups)
    .set({ status: 'error', error: FAILURE_REASONS.interrupted, finishedAt: now })
    .where(
      and(
        eq(officeBackups.status, 'in_progress'),
        lt(officeBackups.createdAt, new Date(now.getTime() - STALE_AFTER_MS)),
      ),
    )
  await failStaleRestores(deps, new Date(now.getTime() - STALE_AFTER_MS))
  const today = todayISO({ now })
  const isWeeklyDay = dayOfWeekISO(today) === WEEKLY_DAY
  const officeRows = await db.select({ id: offices.id }).from(offices)
  for (const { id: officeId } of officeRows) {
    const settings = await getOfficeBackupSettings(db, officeId)
    await applyRetention(db, storage, officeId, settings.retencaoDias, now)
    if (!settings.automatico) continue
    if (settings.frequencia === 'semanal' && !isWeeklyDay) continue
    const [already] = await db
      .select({ id: officeBackups.id })
      .from(officeBackups)
      .where(
        and(
          eq(officeBackups.officeId, officeId),
          eq(officeBackups.tipo, 'automatic'),
          sql`(${officeBackups.createdAt} at time zone 'America/Sao_Paulo')::date = ${today}::date`,
        ),
      )
      .limit(1)
    if (already || (await hasRunningBackup(db, officeId)) || (await hasActiveRestore(db, officeId))) continue
    const backupId = await insertBackupRow(
      db,
      { officeId, tipo: 'automatic', parts: BACKUP_PARTS, createdBy: null },
      now,
    )
    await deps.jobs.send(BACKUP_CREATE_JOB, { backupId })
  }
}

export const backupJobs: JobDefinition[] = [
  {
    name: BACKUP_CREATE_JOB,
    // The handler records its own failure on the row (and tells the sócio); a retry would only repeat it.
    retryLimit: 0,
    expireInSeconds: 4 * 60 * 60,
    async handler({ deps, data }) {
      const { backupId } = data as { backupId: string }
      await runBackupJob(deps, backupId)
    },
  },
  {
    name: BACKUP_RESTORE_JOB,
    // Records its own failure on the row (and tells the sócio); a retry would only repeat it.
    retryLimit: 0,
    expireInSeconds: 4 * 60 * 60,
    async handler({ deps, data }) {
      await runRestoreJob(deps, data as RestoreJobData)
    },
  },
  {
    name: BACKUP_SCHEDULE_JOB,
    // Daily at 02:00 in São Paulo (spec §9); weekly offices are backed up on the Sunday run.
    schedule: '0 2 * * *',
    async handler({ deps }) {
      await runBackupSchedule(deps)
    },
  },
]
