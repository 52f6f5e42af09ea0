import { and, count, eq, inArray, isNull, lt, ne, notInArray, or, sql, sum } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { addDaysISO, BR_TIME_ZONE, dayOfWeekISO, todayISO } from '../../lib/br/dates'
import type { FileStorage } from '../../platform/storage.server'
import { getOfficeBackupSettings } from '../office-settings/office-settings.public.server'
import type { BackupPart, BackupTipo } from './backups.constants'
import { BACKUP_PAGE_SIZE, type BackupList, type BackupRow, type BackupStats } from './backups.schema'
import { officeBackups } from './backups.table.server'

// The office_backups rows: the history, the cards, and the bookkeeping of the job and the scheduler.

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>
type Row = typeof officeBackups.$inferSelect

/** The scheduled runs happen at 02:00 São Paulo time; weekly offices on Sundays (spec §9). */
export const SCHEDULE_HOUR = 2
export const WEEKLY_DAY = 0

function toRow(row: Row, officeId: string): BackupRow {
  return {
    id: row.id,
    nome: row.nome,
    tipo: row.tipo,
    source: row.source,
    status: row.status,
    error: row.error,
    scope: row.scope,
    progress: row.progress,
    size: row.size,
    counts: row.counts,
    fromOtherOffice: row.sourceOfficeId !== null && row.sourceOfficeId !== officeId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    restoredAt: row.restoredAt?.toISOString() ?? null,
    restore: row.restoreStatus
      ? {
          status: row.restoreStatus,
          progress: row.restoreProgress,
          error: row.restoreError,
          result: row.restoreResult,
          requestedAt: row.restoreRequestedAt?.toISOString() ?? null,
        }
      : null,
  }
}

export async function listBackups(db: Executor, officeId: string, page: number): Promise<BackupList> {
  const rows = await db
    .select()
    .from(officeBackups)
    .where(eq(officeBackups.officeId, officeId))
    .orderBy(sql`${officeBackups.createdAt} desc nulls last`, sql`${officeBackups.id} desc nulls last`)
    .limit(BACKUP_PAGE_SIZE)
    .offset((page - 1) * BACKUP_PAGE_SIZE)
  const [total] = await db
    .select({ n: count() })
    .from(officeBackups)
    .where(eq(officeBackups.officeId, officeId))
  return { items: rows.map((row) => toRow(row, officeId)), total: total?.n ?? 0 }
}

export async function getBackupRow(db: Executor, officeId: string, id: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(officeBackups)
    .where(and(eq(officeBackups.officeId, officeId), eq(officeBackups.id, id)))
    .limit(1)
  return row ?? null
}

export async function getBackup(db: Executor, officeId: string, id: string): Promise<BackupRow | null> {
  const row = await getBackupRow(db, officeId, id)
  return row ? toRow(row, officeId) : null
}

/** The São Paulo wall time `date` 02:00 as an instant (São Paulo has had no DST since 2019, but ask Intl). */
function scheduleInstant(date: string): Date {
  const guess = new Date(`${date}T${String(SCHEDULE_HOUR).padStart(2, '0')}:00:00Z`)
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: BR_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(guess)
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value)
  const asWall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
  return new Date(guess.getTime() - (asWall - guess.getTime()))
}

/** When the scheduler will next back this office up, or null when automatic backup is off. */
export function nextScheduledRun(
  settings: { automatico: boolean; frequencia: 'diario' | 'semanal' },
  now: Date = new Date(),
): Date | null {
  if (!settings.automatico) return null
  const today = todayISO({ now })
  for (let offset = 0; offset <= 8; offset++) {
    const date = addDaysISO(today, offset)
    if (settings.frequencia === 'semanal' && dayOfWeekISO(date) !== WEEKLY_DAY) continue
    const instant = scheduleInstant(date)
    if (instant > now) return instant
  }
  return null
}

export async function getBackupStats(db: Database, officeId: string): Promise<BackupStats> {
  const [totals] = await db
    .select({ n: count(), size: sum(officeBackups.size) })
    .from(officeBackups)
    .where(and(eq(officeBackups.officeId, officeId), ne(officeBackups.status, 'in_progress')))
  const [last] = await db
    .select({ createdAt: officeBackups.createdAt, status: officeBackups.status })
    .from(officeBackups)
    .where(and(eq(officeBackups.officeId, officeId), eq(officeBackups.source, 'generated')))
    .orderBy(sql`${officeBackups.createdAt} desc nulls last`, sql`${officeBackups.id} desc nulls last`)
    .limit(1)
  const settings = await getOfficeBackupSettings(db, officeId)
  return {
    total: totals?.n ?? 0,
    totalSize: Number(totals?.size ?? 0),
    last: last ? { createdAt: last.createdAt.toISOString(), status: last.status } : null,
    automatico: settings.automatico,
    frequencia: settings.frequencia,
    retencaoDias: settings.retencaoDias,
    nextRun: nextScheduledRun(settings)?.toISOString() ?? null,
  }
}

/** 'Backup manual 25/11/2026 14:03' — what the history names a run. */
export function backupName(tipo: BackupTipo, at: Date): string {
  const when = new Intl.DateTimeFormat('pt-BR', {
    timeZone: BR_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at)
  return `${tipo === 'manual' ? 'Backup manual' : 'Backup automático'} ${when.replace(',', '')}`
}

export async function insertBackupRow(
  db: Executor,
  input: { officeId: string; tipo: BackupTipo; parts: readonly BackupPart[]; createdBy: string | null },
  now: Date = new Date(),
): Promise<string> {
  const [row] = await db
    .insert(officeBackups)
    .values({
      officeId: input.officeId,
      nome: backupName(input.tipo, now),
      tipo: input.tipo,
      scope: [...input.parts],
      createdBy: input.createdBy,
      createdAt: now,
      sourceOfficeId: input.officeId,
    })
    .returning({ id: officeBackups.id })
  if (!row) throw new Error('backup row not inserted')
  return row.id
}

export async function hasRunningBackup(db: Executor, officeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: officeBackups.id })
    .from(officeBackups)
    .where(and(eq(officeBackups.officeId, officeId), eq(officeBackups.status, 'in_progress')))
    .limit(1)
  return row !== undefined
}

/** A restore waiting for its job or running: no backup, other restore, or delete of its archive meanwhile. */
const ACTIVE_RESTORE = ['queued', 'running'] as const
const restoreActive = () => inArray(officeBackups.restoreStatus, [...ACTIVE_RESTORE])

export async function hasActiveRestore(db: Executor, officeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: officeBackups.id })
    .from(officeBackups)
    .where(and(eq(officeBackups.officeId, officeId), restoreActive()))
    .limit(1)
  return row !== undefined
}

/**
 * Serialises the office's backup and restore requests (taken in their transactions): the check "nothing
 * runs" and the write "now this runs" happen as one.
 */
export async function lockOfficeBackups(db: Executor, officeId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`backup-queue:${officeId}`}))`)
}

/** Bytes of the office's uploaded archives: what BACKUP_UPLOAD_QUOTA_MB caps. */
export async function uploadedBytes(db: Executor, officeId: string): Promise<number> {
  const [row] = await db
    .select({ size: sum(officeBackups.size) })
    .from(officeBackups)
    .where(and(eq(officeBackups.officeId, officeId), eq(officeBackups.source, 'uploaded')))
  return Number(row?.size ?? 0)
}

/** Deletes the row; the caller deletes the file after the commit. Returns the row's storage key. */
export async function deleteBackupRow(
  db: Executor,
  officeId: string,
  id: string,
): Promise<{ storageKey: string | null } | null> {
  const [row] = await db
    .delete(officeBackups)
    .where(and(eq(officeBackups.officeId, officeId), eq(officeBackups.id, id)))
    .returning({ storageKey: officeBackups.storageKey })
  return row ?? null
}

/** Retention: every finished backup of the office older than `days` goes, row and file. Returns how many. */
export async function applyRetention(
  db: Database,
  storage: FileStorage,
  officeId: string,
  days: number,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
  const removed = await db
    .delete(officeBackups)
    .where(
      and(
        eq(officeBackups.officeId, officeId),
        ne(officeBackups.status, 'in_progress'),
        lt(officeBackups.createdAt, cutoff),
        // An archive a restore is reading stays until the restore ends.
        or(isNull(officeBackups.restoreStatus), notInArray(officeBackups.restoreStatus, [...ACTIVE_RESTORE])),
      ),
    )
    .returning({ storageKey: officeBackups.storageKey })
  for (const { storageKey } of removed) if (storageKey) await storage.delete('backups', storageKey)
  return removed.length
}
