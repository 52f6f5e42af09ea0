import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { BR_TIME_ZONE } from '../../lib/br/dates'
import { getStorage, type StorageEnv } from '../../platform/storage.server'
import {
  DEFAULT_SCHEDULES,
  SCHEDULE_TIPOS,
  type PlatformBackupTipo,
  type ScheduleTipo,
} from './platform-backup.constants'
import type { PlatformBackupItem, PlatformBackupOverview, ScheduleUpdate } from './platform-backup.schema'
import { platformBackups, platformBackupSchedules, platformBackupState } from './platform-backup.table.server'

type DbKind = 'postgres' | 'pglite'

/** The schedules and the state row exist from the first read on (spec §9 defaults), on every node. */
export async function ensureDefaults(db: Database): Promise<void> {
  await db
    .insert(platformBackupSchedules)
    .values(SCHEDULE_TIPOS.map((tipo) => ({ tipo, ...DEFAULT_SCHEDULES[tipo] })))
    .onConflictDoNothing()
  await db.insert(platformBackupState).values({ id: 1 }).onConflictDoNothing()
}

export async function getState(db: Database) {
  await ensureDefaults(db)
  const [state] = await db.select().from(platformBackupState).where(eq(platformBackupState.id, 1))
  if (!state) throw new Error('platform_backup_state missing')
  return state
}

export async function listSchedules(db: Database) {
  await ensureDefaults(db)
  return db.select().from(platformBackupSchedules).orderBy(platformBackupSchedules.tipo)
}

export async function updateSchedule(db: Database, tipo: ScheduleTipo, patch: ScheduleUpdate) {
  await ensureDefaults(db)
  const values = {
    ...(patch.hora !== undefined ? { hora: patch.hora } : {}),
    ...(patch.ativo !== undefined ? { ativo: patch.ativo } : {}),
    ...(patch.diaSemana !== undefined && tipo === 'semanal' ? { diaSemana: patch.diaSemana } : {}),
    updatedAt: new Date(),
  }
  await db.update(platformBackupSchedules).set(values).where(eq(platformBackupSchedules.tipo, tipo))
}

export async function setRetention(db: Database, retencaoDias: number) {
  await ensureDefaults(db)
  await db.update(platformBackupState).set({ retencaoDias }).where(eq(platformBackupState.id, 1))
}

const stampFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** 'backup-plataforma-manual-2026-11-25-142808': São Paulo wall time, as the history's Data/Hora shows it. */
export function backupName(tipo: PlatformBackupTipo, at = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    stampFormat.formatToParts(at).find((p) => p.type === type)?.value ?? '00'
  const stamp = `${part('year')}-${part('month')}-${part('day')}-${part('hour')}${part('minute')}${part('second')}`
  return `backup-plataforma-${tipo}-${stamp}`
}

/** A new 'processando' row; with a slot key, null when that slot already has its backup. */
export async function insertPlatformBackup(
  db: Database,
  input: { tipo: PlatformBackupTipo; dbKind: DbKind; createdBy?: string | null; slotKey?: string | null },
): Promise<string | null> {
  const [row] = await db
    .insert(platformBackups)
    .values({
      nome: backupName(input.tipo),
      tipo: input.tipo,
      dbKind: input.dbKind,
      createdBy: input.createdBy ?? null,
      slotKey: input.slotKey ?? null,
    })
    .onConflictDoNothing({ target: platformBackups.slotKey })
    .returning({ id: platformBackups.id })
  return row?.id ?? null
}

export async function getPlatformBackup(db: Database, id: string) {
  const [row] = await db.select().from(platformBackups).where(eq(platformBackups.id, id)).limit(1)
  return row ?? null
}

const HISTORY_LIMIT = 100

export async function getOverview(db: Database, dbKind: DbKind): Promise<PlatformBackupOverview> {
  const state = await getState(db)
  const schedules = await listSchedules(db)
  const [stats] = await db
    .select({
      total: sql<number>`count(*)::int`,
      totalSize: sql<number>`coalesce(sum(${platformBackups.size}) filter (where ${platformBackups.status} = 'concluido'), 0)::bigint`,
      last: sql<
        string | null
      >`max(${platformBackups.finishedAt}) filter (where ${platformBackups.status} = 'concluido')`,
    })
    .from(platformBackups)
  const rows = await db
    .select()
    .from(platformBackups)
    .orderBy(sql`${platformBackups.startedAt} desc nulls last`, sql`${platformBackups.id} desc nulls last`)
    .limit(HISTORY_LIMIT)
  const items: PlatformBackupItem[] = rows.map((row) => ({
    id: row.id,
    nome: row.nome,
    tipo: row.tipo,
    status: row.status,
    error: row.error,
    size: row.size,
    fileCount: row.fileCount,
    dbKind: row.dbKind as DbKind,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    restoredAt: row.restoredAt?.toISOString() ?? null,
  }))
  const last = stats?.last ? new Date(stats.last).toISOString() : null
  return {
    stats: {
      total: Number(stats?.total ?? 0),
      lastBackupAt: last,
      totalSize: Number(stats?.totalSize ?? 0),
      scheduled: schedules.filter((s) => s.ativo).length,
    },
    items,
    schedules: schedules.map((s) => ({ tipo: s.tipo, hora: s.hora, diaSemana: s.diaSemana, ativo: s.ativo })),
    retencaoDias: state.retencaoDias,
    dbKind,
    restore: {
      mode: dbKind === 'postgres' ? 'painel' : 'comando',
      restoringBackupId: state.restoringBackupId,
      lastStatus: (state.lastRestoreStatus as 'ok' | 'falhou' | null) ?? null,
      lastAt: state.lastRestoreAt?.toISOString() ?? null,
    },
  }
}

/**
 * Retention: completed backups older than the configured days go, file first then row (a crash in between
 * leaves a row whose download says the file is gone, never an orphan file nobody lists). Failed runs older
 * than that go too (they have no file). Returns how many rows were removed.
 */
export async function applyRetention(db: Database, env: StorageEnv, now = new Date()): Promise<number> {
  const { retencaoDias } = await getState(db)
  const cutoff = new Date(now.getTime() - retencaoDias * 24 * 60 * 60 * 1000)
  const old = await db
    .select({ id: platformBackups.id, storageKey: platformBackups.storageKey })
    .from(platformBackups)
    .where(and(lt(platformBackups.startedAt, cutoff), sql`${platformBackups.status} <> 'processando'`))
  const storage = getStorage(env)
  for (const row of old) {
    if (row.storageKey) await storage.delete('backups', row.storageKey)
    await db.delete(platformBackups).where(eq(platformBackups.id, row.id))
  }
  return old.length
}

/** Runs left 'processando' by a node that died: failed after this long (the create job is not retried). */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000

export async function failStaleRuns(db: Database, now = new Date()): Promise<void> {
  // A restore whose node died would keep the platform in maintenance for ever: released (and marked failed).
  await db
    .update(platformBackupState)
    .set({ restoringBackupId: null, restoreStartedAt: null, lastRestoreStatus: 'falhou', lastRestoreAt: now })
    .where(
      and(
        eq(platformBackupState.id, 1),
        lt(platformBackupState.restoreStartedAt, new Date(now.getTime() - STALE_AFTER_MS)),
      ),
    )
  await db
    .update(platformBackups)
    .set({ status: 'falhou', error: 'interrompido', finishedAt: now })
    .where(
      and(
        eq(platformBackups.status, 'processando'),
        lt(platformBackups.startedAt, new Date(now.getTime() - STALE_AFTER_MS)),
      ),
    )
}

export async function isRestoring(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: platformBackupState.id })
    .from(platformBackupState)
    .where(and(eq(platformBackupState.id, 1), isNotNull(platformBackupState.restoringBackupId)))
  return rows.length > 0
}
