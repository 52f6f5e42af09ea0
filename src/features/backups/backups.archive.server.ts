import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream'
import { finished } from 'node:stream/promises'
import { sql } from 'drizzle-orm'
import yazl from 'yazl'
import type { Database } from '../../db/client.server'
import { csvRow, CSV_BOM, CSV_SEPARATOR } from '../../lib/csv'
import { verifyingStream, type FileStorage } from '../../platform/storage.server'
import { catalogFor, EXCLUDED_TABLES, type CatalogTable } from './backups.catalog.server'
import type { BackupPart } from './backups.constants'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  currentSchemaVersion,
  MANIFEST_ENTRY,
  ROWS_FORMAT,
  type BackupManifest,
} from './backups.manifest.server'

// Writes an office's backup: one zip streamed straight into storage (never whole in memory or on disk).
// Rows are read in ONE repeatable-read snapshot through server-side cursors, so the archive is consistent
// (a document never points at a case the archive lacks) however busy the office is; the files follow
// after the snapshot's transaction ends (they are immutable under their keys).

/** Rows per FETCH: big enough for throughput, small enough that memory stays flat. */
const PAGE_ROWS = 1_000
/**
 * Text is handed to the streams in pieces of about this many characters. A string past ~128 KB lives in
 * V8's large-object space, which only a full GC frees: 1 000 rows joined in one string each page made the
 * process grow by ~200 MB over 300 k rows before the collector caught up.
 */
const FLUSH_CHARS = 32 * 1024
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export class MissingBackupFileError extends Error {
  constructor() {
    super('a document file is missing from storage')
    this.name = 'MissingBackupFileError'
  }
}

export interface WriteArchiveInput {
  db: Database
  storage: FileStorage
  /** Where the CSV copies wait while their table's JSON Lines stream into the zip. */
  tempDir: string
  office: { id: string; nome: string }
  parts: readonly BackupPart[]
  storageKey: string
  /** Called with 0–100 as the work advances (outside any transaction). */
  onProgress?: (percent: number) => Promise<void>
}

export interface WrittenArchive {
  size: number
  sha256: string
  counts: Record<string, number>
}

interface FileRef {
  storageKey: string
  size: number
  sha256: string
  /** Stored encrypted at rest: the row's size/sha256 are the plaintext's, so the bytes are hashed as they are. */
  encrypted: boolean
}

/** A pass-through that hashes and counts an entry's uncompressed bytes for the manifest. */
function entryHasher(): { stream: Transform; digest: () => { size: number; sha256: string } } {
  const hash = createHash('sha256')
  let size = 0
  return {
    stream: new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        hash.update(chunk)
        size += chunk.length
        callback(null, chunk)
      },
    }),
    digest: () => ({ size, sha256: hash.digest('hex') }),
  }
}

/**
 * One CSV cell computed by PostgreSQL, with the rules of src/lib/csv.ts (csvCell): a leading = + - @ tab or CR
 * gets a quote (no formula runs in Excel), and a cell with ; " CR or LF is quoted. Done in SQL so that no row
 * is parsed in JavaScript just to copy it: at 100 k rows that garbage alone doubled the backup's memory.
 */
function csvCellSql(column: { name: string; boolean: boolean }): string {
  const value = column.boolean
    ? `case when "${column.name}" then 'sim' else 'não' end`
    : `"${column.name}"::text`
  const neutral = `(case when ${value} ~ ('^[=+@' || chr(9) || chr(13) || '-]') then '''' || ${value} else ${value} end)`
  return `coalesce(case when ${neutral} ~ ('[;"' || chr(13) || chr(10) || ']') then '"' || replace(${neutral}, '"', '""') || '"' else ${neutral} end, '')`
}

async function write(stream: PassThrough | WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once('drain', resolve))
}

export async function writeBackupArchive(input: WriteArchiveInput): Promise<WrittenArchive> {
  const { db, storage, office } = input
  if (!UUID.test(office.id)) throw new Error('invalid office id')
  const tables = catalogFor(input.parts)
  const zip = new yazl.ZipFile()
  const entries: BackupManifest['entries'] = {}
  const counts: Record<string, number> = {}
  const files: FileRef[] = []
  let failure: Error | undefined
  zip.on('error', (error: Error) => {
    failure = error
    ;(zip.outputStream as Readable).destroy(error)
  })
  const stored = storage.put('backups', input.storageKey, zip.outputStream, {
    contentType: 'application/zip',
  })
  // A storage failure stops the zip's reader: every wait below races it so nothing hangs.
  const storedOrFailure = stored.catch((error: unknown) => {
    failure = error as Error
    throw error
  })
  storedOrFailure.catch(() => {})
  // Rejects when storage fails (never resolves otherwise): every wait races it so nothing hangs.
  const storageFailed = storedOrFailure.then(() => new Promise<never>(() => {}))
  storageFailed.catch(() => {})
  const untilConsumed = async (stream: Readable | PassThrough) => {
    await Promise.race([finished(stream), storageFailed])
    if (failure) throw failure
  }

  /** Adds one entry whose bytes come from `source`, hashing them; resolves once the zip has consumed it. */
  const addEntry = async (name: string, source: Readable, compress = true) => {
    const hasher = entryHasher()
    const piped = source.pipe(hasher.stream)
    source.once('error', (error) => hasher.stream.destroy(error))
    zip.addReadStream(piped, name, { compress, mtime: new Date() })
    await untilConsumed(piped)
    entries[name] = hasher.digest()
  }

  await fs.mkdir(input.tempDir, { recursive: true })
  try {
    await db.transaction(
      async (tx) => {
        for (const table of tables) {
          counts[table.name] = await streamTable(tx as unknown as Database, table, office.id, {
            addEntry,
            storageFailed,
            tempDir: input.tempDir,
            onRow: table.hasFiles ? (row) => files.push(fileRef(row)) : undefined,
          })
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    await input.onProgress?.(10)

    const totalBytes = files.reduce((sum, file) => sum + file.size, 0) || 1
    let doneBytes = 0
    let reported = 10
    for (const file of files) {
      const source = await storage.getStream('documents', file.storageKey)
      if (!source) throw new MissingBackupFileError()
      // A document whose stored bytes no longer match its record must not be archived as if it were fine.
      const checked = file.encrypted ? source : source.pipe(verifyingStream(file))
      if (checked !== source) source.once('error', (error) => checked.destroy(error))
      // Documents are PDFs, DOCX and images: already compressed, so stored as they are (much faster).
      await addEntry(`files/${file.storageKey}`, checked, false)
      doneBytes += file.size
      const percent = 10 + Math.floor((85 * doneBytes) / totalBytes)
      if (percent >= reported + 5) {
        reported = percent
        await input.onProgress?.(percent)
      }
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      schemaVersion: currentSchemaVersion(),
      office,
      createdAt: new Date().toISOString(),
      parts: [...input.parts],
      rowsFormat: ROWS_FORMAT,
      tables: tables.map((table) => ({
        name: table.name,
        part: table.part,
        entry: `tables/${table.name}.jsonl`,
        csv: `csv/${table.name}.csv`,
        rows: counts[table.name] ?? 0,
      })),
      files: files.map((file) => {
        const entry = `files/${file.storageKey}`
        const digest = entries[entry] as { size: number; sha256: string }
        return { entry, storageKey: file.storageKey, ...digest }
      }),
      entries,
      excludedTables: { ...EXCLUDED_TABLES },
    }
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY, { mtime: new Date() })
    zip.end()
    const result = await storedOrFailure
    return { ...result, counts }
  } catch (error) {
    ;(zip.outputStream as Readable).destroy(error as Error)
    await stored.catch(() => {})
    // storage.put is atomic, but a put that completed before a later failure leaves a file: remove it.
    await storage.delete('backups', input.storageKey).catch(() => {})
    throw error
  }
}

function fileRef(row: Record<string, unknown>): FileRef {
  return {
    storageKey: String(row.storage_key),
    size: Number(row.size),
    sha256: String(row.sha256),
    encrypted: row.encrypted === true,
  }
}

interface StreamTableOptions {
  addEntry: (name: string, source: Readable, compress?: boolean) => Promise<void>
  storageFailed: Promise<never>
  tempDir: string
  onRow: ((row: Record<string, unknown>) => void) | undefined
}

/** One table: its rows as JSON Lines into the zip, and as CSV into a temp file added right after. */
async function streamTable(
  tx: Database,
  table: CatalogTable,
  officeId: string,
  options: StreamTableOptions,
): Promise<number> {
  const insertable = table.columns.filter((column) => column.insertable)
  const columns = insertable.map((column) => column.name)
  const list = columns.map((name) => `"${name}"`).join(', ')
  const csvLine = `concat_ws('${CSV_SEPARATOR}', ${insertable.map(csvCellSql).join(', ')})`
  const order = table.keyColumns.map((name) => `"${name}"`).join(', ')
  // Identifiers come from our own schema and the office id was checked as a uuid: nothing user-typed here.
  await tx.execute(
    sql.raw(
      `declare backup_rows no scroll cursor for select row_to_json(t)::text as j, ${csvLine} as c from (select ${list} from "${table.name}" where office_id = '${officeId}' order by ${order}) t`,
    ),
  )
  const jsonl = new PassThrough({ highWaterMark: 256 * 1024 })
  const csvPath = path.join(options.tempDir, `${randomBytes(9).toString('base64url')}.csv`)
  const csv = createWriteStream(csvPath, { flags: 'wx' })
  let rows = 0
  const entryDone = options.addEntry(`tables/${table.name}.jsonl`, jsonl)
  try {
    await write(csv, CSV_BOM + csvRow(columns))
    for (;;) {
      const page = await tx.execute<{ j: string; c: string }>(
        sql.raw(`fetch forward ${PAGE_ROWS} from backup_rows`),
      )
      if (page.rows.length === 0) break
      let lines = ''
      let csvLines = ''
      for (const { j, c } of page.rows) {
        lines += `${j}\n`
        csvLines += `${c}\r\n`
        if (options.onRow) options.onRow(JSON.parse(j) as Record<string, unknown>)
        if (lines.length >= FLUSH_CHARS) {
          await Promise.race([write(jsonl, lines), options.storageFailed])
          lines = ''
        }
        if (csvLines.length >= FLUSH_CHARS) {
          await write(csv, csvLines)
          csvLines = ''
        }
      }
      rows += page.rows.length
      if (lines) await Promise.race([write(jsonl, lines), options.storageFailed])
      if (csvLines) await write(csv, csvLines)
    }
    jsonl.end()
    await entryDone
    csv.end()
    await finished(csv)
    await options.addEntry(`csv/${table.name}.csv`, createReadStream(csvPath))
  } catch (error) {
    jsonl.destroy()
    csv.destroy()
    await entryDone.catch(() => {})
    throw error
  } finally {
    await tx.execute(sql.raw('close backup_rows')).catch(() => {})
    await fs.rm(csvPath, { force: true })
  }
  return rows
}
