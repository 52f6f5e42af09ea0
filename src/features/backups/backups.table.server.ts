import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'
import {
  BACKUP_PARTS,
  BACKUP_SOURCES,
  BACKUP_STATUSES,
  BACKUP_TIPOS,
  RESTORE_STATUSES,
  type RestoreResult,
} from './backups.constants'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * One backup archive of an office (spec §3 "Backup record", issue 12): made by the backup job (manual or the
 * 02:00 schedule) or uploaded by a sócio to restore from. The zip itself lives in the 'backups' storage area
 * under storage_key; size and sha256 are the archive's, computed while it streamed into storage, and checked
 * on every download and restore. progress (0–100) is written by the job while status is in_progress.
 * counts: rows per table in the archive (what the history and the restore confirmation show).
 * restore_*: the last restore FROM this archive, run by the backups.restore job (issue 24: never inside a
 * request): queued → running (restore_progress 0–100) → success (restore_result) | error (restore_error, pt-BR).
 */
export const officeBackups = pgTable(
  'office_backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    tipo: text('tipo', { enum: BACKUP_TIPOS }).notNull(),
    source: text('source', { enum: BACKUP_SOURCES }).notNull().default('generated'),
    status: text('status', { enum: BACKUP_STATUSES }).notNull().default('in_progress'),
    /** Why a run failed, pt-BR, shown in the history (never a stack or SQL). */
    error: text('error'),
    scope: text('scope', { enum: BACKUP_PARTS }).array().notNull(),
    progress: smallint('progress').notNull().default(0),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    storageKey: text('storage_key'),
    counts: jsonb('counts').$type<Record<string, number>>(),
    /** The office the archive was made from (another one's only for an uploaded archive). */
    sourceOfficeId: uuid('source_office_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The last time this archive was restored into the office. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoreStatus: text('restore_status', { enum: RESTORE_STATUSES }),
    restoreProgress: smallint('restore_progress').notNull().default(0),
    /** Why the last restore failed or was refused, pt-BR (never a stack or SQL). */
    restoreError: text('restore_error'),
    restoreResult: jsonb('restore_result').$type<RestoreResult>(),
    restoreRequestedAt: timestamp('restore_requested_at', { withTimezone: true }),
    restoreRequestedBy: text('restore_requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('office_backups_storage_key_uq').on(table.storageKey),
    check('office_backups_tipo_check', sql`${table.tipo} in (${inList(BACKUP_TIPOS)})`),
    check('office_backups_source_check', sql`${table.source} in (${inList(BACKUP_SOURCES)})`),
    check('office_backups_status_check', sql`${table.status} in (${inList(BACKUP_STATUSES)})`),
    check('office_backups_scope_check', sql`${table.scope} <@ array[${inList(BACKUP_PARTS)}]::text[]`),
    check('office_backups_progress_check', sql`${table.progress} between 0 and 100`),
    check('office_backups_nome_len', sql`char_length(${table.nome}) between 1 and 255`),
    check('office_backups_error_len', sql`char_length(${table.error}) <= 1000`),
    check(
      'office_backups_restore_status_check',
      sql`${table.restoreStatus} in (${inList(RESTORE_STATUSES)})`,
    ),
    check('office_backups_restore_progress_check', sql`${table.restoreProgress} between 0 and 100`),
    check('office_backups_restore_error_len', sql`char_length(${table.restoreError}) <= 1000`),
    check('office_backups_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    // The history, newest first, and the retention scan (created_at per office).
    index('office_backups_office_created_idx').on(table.officeId, table.createdAt.desc(), table.id.desc()),
  ],
)
