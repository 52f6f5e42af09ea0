import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { log } from '../../platform/log.server'
import { newStorageKey, type FileStorage } from '../../platform/storage.server'
import { backupCatalog, type CatalogTable } from './backups.catalog.server'
import type { RestoreResult } from './backups.constants'
import { boundedLines } from './backups.lines.server'
import {
  checkManifest,
  declaredBytes,
  InvalidBackupError,
  openArchive,
  verifyEveryEntry,
  type OpenedArchive,
} from './backups.reader.server'

// Restores an office from a backup archive, all or nothing:
// 1. validate: manifest, format and schema version, office, and the SHA-256 of EVERY entry — before anything;
// 2. stage the documents' files into storage under NEW keys (the current files stay untouched);
// 3. ONE transaction: delete the office's rows of the archive's parts (reverse FK order) and insert the
//    archive's (FK order; ids kept, office_id rewritten to this office, file keys to the staged ones);
// 4. only after the commit, delete the files the old rows pointed at.
// Any failure before the commit deletes the staged files and leaves the office exactly as it was.

/** Rows per INSERT: one JSON parameter each, expanded by jsonb_populate_recordset on the server. */
const INSERT_BATCH = 1_000
/** …and at most this many bytes of them (rows may be up to 1 MB each): the restore's largest buffer. */
const INSERT_BATCH_BYTES = 4 * 1024 * 1024
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface RestoreInput {
  db: Database
  storage: FileStorage
  archivePath: string
  officeId: string
  importInto: boolean
  /** Runs inside the restore's transaction (the audit row), so it commits with the data or not at all. */
  onCommit?: (tx: Database, result: RestoreResult) => Promise<void>
  /**
   * The share of the work done (0–1), as inflated bytes pass: verifying every entry, staging the files,
   * reading the rows. `inTransaction` is true while the rows are inserted (on PGlite nothing else may
   * query the database then: the single connection belongs to the transaction).
   */
  onProgress?: (fraction: number, inTransaction: boolean) => Promise<void>
}

/** Validates an archive on disk without changing anything (the upload route's check). */
export async function validateArchive(archivePath: string): Promise<OpenedArchive['manifest']> {
  const archive = await openArchive(archivePath)
  try {
    // Another office's archive is kept: the restore asks for 'Importar para este escritório'.
    checkManifest(archive.manifest, { officeId: archive.manifest.office.id, importInto: true })
    await verifyEveryEntry(archive)
    return archive.manifest
  } finally {
    archive.close()
  }
}

export async function restoreArchive(input: RestoreInput): Promise<RestoreResult> {
  if (!UUID.test(input.officeId)) throw new Error('invalid office id')
  const archive = await openArchive(input.archivePath)
  const staged = new Map<string, string>()
  try {
    const { manifest } = archive
    checkManifest(manifest, input)
    const rowBytes = manifest.tables.reduce((sum, t) => sum + (manifest.entries[t.entry]?.size ?? 0), 0)
    const fileBytes = manifest.files.reduce((sum, file) => sum + file.size, 0)
    const total = declaredBytes(archive) + fileBytes + rowBytes || 1
    let done = 0
    const advance = async (bytes: number, inTransaction = false) => {
      done += bytes
      await input.onProgress?.(Math.min(1, done / total), inTransaction)
    }
    await verifyEveryEntry(archive, (bytes) => advance(bytes))

    for (const file of manifest.files) {
      const key = newStorageKey()
      staged.set(file.storageKey, key)
      const stored = await input.storage.put('documents', key, await archive.openEntry(file.entry))
      if (stored.sha256 !== file.sha256 || stored.size !== file.size) throw new InvalidBackupError('checksum')
      await advance(file.size)
    }

    const archived = new Set(manifest.tables.map((table) => table.name))
    const tables = backupCatalog().filter((table) => archived.has(table.name))
    if (tables.length !== archived.size) throw new InvalidBackupError('schemaVersion')
    const counts: Record<string, number> = {}
    const oldKeys: string[] = []

    await input.db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      // One restore or backup write per office at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`backup:${input.officeId}`}))`)
      for (const table of tables) {
        if (!table.hasFiles) continue
        const current = await tx.execute<{ storage_key: string }>(
          sql.raw(`select storage_key from "${table.name}" where office_id = '${input.officeId}'`),
        )
        for (const row of current.rows) oldKeys.push(row.storage_key)
      }
      for (const table of [...tables].reverse()) {
        if (table.policy === 'replace')
          await tx.execute(sql.raw(`delete from "${table.name}" where office_id = '${input.officeId}'`))
      }
      const keyMap = JSON.stringify(Object.fromEntries(staged))
      for (const table of tables) {
        const entry = manifest.tables.find((t) => t.name === table.name)
        if (!entry) continue
        counts[table.name] = await insertTable(tx, table, await archive.openEntry(entry.entry), {
          officeId: input.officeId,
          keyMap,
          onBytes: (bytes) => advance(bytes, true),
        })
        // The manifest's count is what the history and the confirmation showed: it must be the truth.
        if (counts[table.name] !== entry.rows) throw new InvalidBackupError('manifest')
      }
      await input.onCommit?.(tx, { counts, files: manifest.files.length })
    })

    staged.clear()
    for (const key of oldKeys) {
      await input.storage.delete('documents', key).catch((error: unknown) => {
        log.error('backup restore: old file cleanup failed', { error })
      })
    }
    return { counts, files: manifest.files.length }
  } finally {
    archive.close()
    for (const key of staged.values()) {
      await input.storage.delete('documents', key).catch((error: unknown) => {
        log.error('backup restore: staged file cleanup failed', { error })
      })
    }
  }
}

/** The SELECT list that turns an archived row into this office's row. */
function selectList(table: CatalogTable): { columns: string; expressions: string } {
  const insertable = table.columns.filter((column) => column.insertable)
  const expressions = insertable.map((column) => {
    const name = `x."${column.name}"`
    if (column.name === 'office_id') return '$2::uuid'
    if (table.hasFiles && column.name === 'storage_key') return `($3::jsonb ->> ${name})`
    if (table.policy === 'merge-members') {
      // A member restored from the archive is a record without access (see RestorePolicy).
      if (column.name === 'user_id' || column.name === 'selected_at' || column.name === 'last_seen_at')
        return 'null'
      if (column.name === 'ativo') return 'false'
      if (column.name === 'email')
        return `case when exists (select 1 from office_members m where m.office_id = $2::uuid and m.email = ${name}) then null else ${name} end`
    }
    const ref = column.outsideReference
    if (ref)
      return `case when exists (select 1 from "${ref.table}" r where r."${ref.column}" = ${name}) then ${name} end`
    return name
  })
  return {
    columns: insertable.map((column) => `"${column.name}"`).join(', '),
    expressions: expressions.join(', '),
  }
}

async function insertTable(
  tx: Database,
  table: CatalogTable,
  lines: AsyncIterable<Buffer>,
  params: { officeId: string; keyMap: string; onBytes: (bytes: number) => Promise<void> },
): Promise<number> {
  const { columns, expressions } = selectList(table)
  const onlyMissing =
    table.policy === 'merge-members'
      ? ` where not exists (select 1 from "${table.name}" e where e.id = x.id)`
      : ''
  // Identifiers from our own schema; values travel as parameters.
  const statement = `insert into "${table.name}" (${columns}) select ${expressions} from jsonb_populate_recordset(null::"${table.name}", $1::jsonb) x${onlyMissing}`
  let batch: string[] = []
  let batchBytes = 0
  let rows = 0
  const flush = async () => {
    if (batch.length === 0) return
    await tx.execute(sqlWithParams(statement, [`[${batch.join(',')}]`, params.officeId, params.keyMap]))
    rows += batch.length
    await params.onBytes(batchBytes)
    batch = []
    batchBytes = 0
  }
  // Never readline: it buffers a line until its end, however long (backups.lines.server.ts).
  for await (const line of boundedLines(lines)) {
    batch.push(line)
    // Characters, not bytes: close enough for pacing the batches and the progress.
    batchBytes += line.length + 1
    if (batch.length >= INSERT_BATCH || batchBytes >= INSERT_BATCH_BYTES) await flush()
  }
  await flush()
  return rows
}

/** A raw statement with $1…$n bound to `values` (drizzle's sql`` would number its own placeholders). */
function sqlWithParams(statement: string, values: unknown[]) {
  const parts = statement.split(/\$(\d+)/)
  const chunks = parts.map((part, index) =>
    index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`,
  )
  return sql.join(chunks, sql.raw(''))
}
