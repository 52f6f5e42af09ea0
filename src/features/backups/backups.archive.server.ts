import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream'
import { finished } from 'node:stream/promises'
import yazl from 'yazl'
import type { Database } from '../../db/client.server'
import { csvRow, CSV_BOM } from '../../lib/csv'
import { verifyingStream, type FileStorage } from '../../platform/storage.server'
import { catalogFor, EXCLUDED_TABLES, type CatalogTable } from './backups.catalog.server'
import { LineSink, withSnapshot, type FileRef, type Snapshot } from './backups.rows.server'
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
// Rows are read in ONE repeatable-read snapshot (backups.rows.server.ts: binary COPY on PostgreSQL, a cursor
// on PGlite), so the archive is consistent (a document never points at a case the archive lacks) however
// busy the office is; the files follow after the snapshot's transaction ends (immutable under their keys).

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

async function write(stream: PassThrough | WriteStream, chunk: string | Buffer): Promise<void> {
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
    await withSnapshot(db, async (snapshot) => {
      for (const table of tables) {
        counts[table.name] = await streamTable(snapshot, table, office.id, {
          addEntry,
          storageFailed,
          tempDir: input.tempDir,
        })
        if (table.hasFiles) files.push(...(await snapshot.files(table, office.id)))
      }
    })
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

interface StreamTableOptions {
  addEntry: (name: string, source: Readable, compress?: boolean) => Promise<void>
  storageFailed: Promise<never>
  tempDir: string
}

/** One table: its rows as JSON Lines into the zip, and as CSV into a temp file added right after. */
async function streamTable(
  snapshot: Snapshot,
  table: CatalogTable,
  officeId: string,
  options: StreamTableOptions,
): Promise<number> {
  const columns = table.columns.filter((column) => column.insertable).map((column) => column.name)
  const jsonl = new PassThrough({ highWaterMark: 256 * 1024 })
  const csvPath = path.join(options.tempDir, `${randomBytes(9).toString('base64url')}.csv`)
  const csv = createWriteStream(csvPath, { flags: 'wx' })
  const jsonLines = new LineSink('\n')
  const csvLines = new LineSink('\r\n')
  // Writes what the sinks have filled, waiting whenever a stream is full (the zip, then storage, sets the pace).
  const drain = async (end = false) => {
    for (const chunk of jsonLines.take(end)) await Promise.race([write(jsonl, chunk), options.storageFailed])
    for (const chunk of csvLines.take(end)) await write(csv, chunk)
  }
  const entryDone = options.addEntry(`tables/${table.name}.jsonl`, jsonl)
  let rows: number
  try {
    await write(csv, CSV_BOM + csvRow(columns))
    rows = await snapshot.rows(table, officeId, jsonLines, csvLines, drain)
    await drain(true)
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
    await fs.rm(csvPath, { force: true })
  }
  return rows
}
