import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { PLATFORM_BACKUP_STATUSES, PLATFORM_BACKUP_TIPOS, SCHEDULE_TIPOS } from './platform-backup.constants'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * One backup of the WHOLE platform (issue 14, /admin/backup): the database (pg_dump custom format on
 * PostgreSQL, PGlite's data-dir dump when embedded) plus the stored files, in one zip in the 'backups' storage
 * area. Platform-wide, not office data (not in the office backup catalogue). These three tables, the event log
 * and pg-boss's schema are left out of the dump on purpose: a restore must not rewrite the backup history,
 * the schedules, the restore state it is running under, or the record of what happened.
 * slot_key ('diario:2026-11-25T02:00') is unique: a scheduled slot starts at most one backup, whatever
 * the number of nodes running the schedule check. created_by is plain text (no FK): the row outlives users.
 */
export const platformBackups = pgTable(
  'platform_backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    tipo: text('tipo', { enum: PLATFORM_BACKUP_TIPOS }).notNull(),
    status: text('status', { enum: PLATFORM_BACKUP_STATUSES }).notNull().default('processando'),
    /** A short code of why it failed ('pg_dump', 'storage', 'interrupted', 'unexpected'); never a message. */
    error: text('error'),
    slotKey: text('slot_key').unique(),
    /** 'postgres' | 'pglite': a dump restores only into the same kind of database. */
    dbKind: text('db_kind').notNull(),
    /** The latest migration applied when it was made: a restore needs the same schema version. */
    schemaVersion: text('schema_version'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    storageKey: text('storage_key').unique(),
    dbBytes: bigint('db_bytes', { mode: 'number' }),
    fileCount: integer('file_count'),
    createdBy: text('created_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [
    check('platform_backups_tipo_check', sql`${table.tipo} in (${inList(PLATFORM_BACKUP_TIPOS)})`),
    check('platform_backups_status_check', sql`${table.status} in (${inList(PLATFORM_BACKUP_STATUSES)})`),
    check('platform_backups_db_kind_check', sql`${table.dbKind} in ('postgres', 'pglite')`),
    check('platform_backups_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    // The history (newest first) and retention (completed ones older than N days).
    index('platform_backups_started_idx').on(table.startedAt.desc(), table.id.desc()),
  ],
)

/** The two schedules of spec §9 (daily 02:00, weekly Sunday 01:00), São Paulo wall time; editable. */
export const platformBackupSchedules = pgTable(
  'platform_backup_schedules',
  {
    tipo: text('tipo', { enum: SCHEDULE_TIPOS }).primaryKey(),
    /** 'HH:MM' in America/Sao_Paulo. */
    hora: text('hora').notNull(),
    /** 0 = Sunday … 6 = Saturday; only for 'semanal'. */
    diaSemana: smallint('dia_semana'),
    ativo: boolean('ativo').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('platform_backup_schedules_tipo_check', sql`${table.tipo} in (${inList(SCHEDULE_TIPOS)})`),
    check('platform_backup_schedules_hora_check', sql`${table.hora} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('platform_backup_schedules_dia_check', sql`${table.diaSemana} between 0 and 6`),
  ],
)

/**
 * One row (id = 1): the retention in days and the restore in progress. While restoring_backup_id is set the
 * API answers 503 to everyone but admins (the platform gate, platform-settings.gate.server.ts). It lives
 * outside the dump, so the restore that replaces every other table can't clear or revive it.
 */
export const platformBackupState = pgTable(
  'platform_backup_state',
  {
    id: smallint('id').primaryKey().default(1),
    retencaoDias: integer('retencao_dias').notNull().default(30),
    restoringBackupId: uuid('restoring_backup_id'),
    restoreStartedAt: timestamp('restore_started_at', { withTimezone: true }),
    /** 'ok' | 'falhou' of the last restore, for the panel. */
    lastRestoreStatus: text('last_restore_status'),
    lastRestoreAt: timestamp('last_restore_at', { withTimezone: true }),
  },
  (table) => [
    check('platform_backup_state_single', sql`${table.id} = 1`),
    check('platform_backup_state_retencao_check', sql`${table.retencaoDias} between 1 and 3650`),
  ],
)
