import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { migrationsFolder } from '../../db/migrate.server'
import { BACKUP_PARTS } from './backups.constants'

/**
 * manifest.json, the first thing a restore reads: what the archive is, which schema its rows follow, whose
 * office it is, and the SHA-256 of every other entry (a restore refuses an archive whose bytes differ).
 */

export const BACKUP_FORMAT = 'jusconecta-backup'
/** Bumped when the archive's layout changes; a restore accepts only its own version. */
export const BACKUP_FORMAT_VERSION = 1
export const MANIFEST_ENTRY = 'manifest.json'
export const ROWS_FORMAT =
  'JSON Lines: um registro por linha, um objeto JSON com as colunas da tabela (nomes do banco de dados)'

/** The schema the rows follow: the latest migration applied by this build. */
export function currentSchemaVersion(): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[]
  }
  const last = journal.entries.at(-1)
  if (!last) throw new Error('no migrations in the journal')
  return last.tag
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/)
const entryName = z
  .string()
  .regex(/^(tables\/[a-z0-9_]+\.jsonl|csv\/[a-z0-9_]+\.csv|files\/[A-Za-z0-9_.-]+)$/)

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  schemaVersion: z.string().min(1).max(200),
  office: z.object({ id: z.uuid(), nome: z.string().max(500) }),
  createdAt: z.iso.datetime({ offset: true }),
  parts: z.array(z.enum(BACKUP_PARTS)).min(1),
  rowsFormat: z.string(),
  tables: z
    .array(
      z.object({
        name: z.string().regex(/^[a-z0-9_]+$/),
        part: z.enum(BACKUP_PARTS),
        entry: entryName,
        csv: entryName,
        rows: z.number().int().min(0),
      }),
    )
    .max(500),
  files: z.array(
    z.object({ entry: entryName, storageKey: z.string(), size: z.number().int().min(0), sha256 }),
  ),
  entries: z.record(entryName, z.object({ size: z.number().int().min(0), sha256 })),
  excludedTables: z.record(z.string(), z.string()),
})

export type BackupManifest = z.infer<typeof manifestSchema>
