// Enumerations of the backup feature (spec §3 "Backup record", §4), shared by the table, the zod contract and
// the page. No imports: the browser bundles this file.

/** The parts of the manual-backup checklist (spec §2 "Data Backup"): which office data goes in. */
export const BACKUP_PARTS = ['clientes', 'casos', 'documentos', 'configuracoes'] as const
export type BackupPart = (typeof BACKUP_PARTS)[number]

export const BACKUP_TIPOS = ['automatic', 'manual'] as const
export type BackupTipo = (typeof BACKUP_TIPOS)[number]

export const BACKUP_STATUSES = ['in_progress', 'success', 'error'] as const
export type BackupStatus = (typeof BACKUP_STATUSES)[number]

/** Where the archive came from: made by this server, or uploaded by a sócio to restore from. */
export const BACKUP_SOURCES = ['generated', 'uploaded'] as const
export type BackupSource = (typeof BACKUP_SOURCES)[number]

/** What a restore asks the sócio to type, so a click alone never replaces the office's data. */
export const RESTORE_CONFIRMATION_WORD = 'RESTAURAR'

/** The last restore from an archive, run as a job: waiting, running, done, or failed with a pt-BR reason. */
export const RESTORE_STATUSES = ['queued', 'running', 'success', 'error'] as const
export type RestoreStatus = (typeof RESTORE_STATUSES)[number]

/** What a finished restore brought back: rows per table and how many document files. */
export interface RestoreResult {
  counts: Record<string, number>
  files: number
}
