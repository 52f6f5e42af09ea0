import { PassThrough, Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import type pg from 'pg'
import yazl from 'yazl'
import type { DbHandle } from '../../db/client.server'
import type { FileStorage, StorageArea } from '../../platform/storage.server'
import {
  buildSchemaVersion,
  CHECKED_TABLES,
  connectionStringOf,
  countCheckedRows,
  DUMP_EXCLUDED_SCHEMAS,
  DUMP_EXCLUDED_TABLES,
  pgliteOf,
  sessionBoundTables,
  spawnPgDump,
} from './platform-backup.dump.server'

export const PLATFORM_BACKUP_FORMAT = 'jusconecta-platform-backup'
export const MANIFEST_ENTRY = 'manifest.json'
/** The database entry: pg_dump's custom format, or PGlite's data directory as a gzipped tar. */
export const DB_ENTRY = { postgres: 'database.dump', pglite: 'database.tar.gz' } as const
/** Areas copied into the archive ('backups' is where the archives themselves live). */
export const ARCHIVED_AREAS: readonly StorageArea[] = ['avatars', 'documents']

export interface PlatformManifest {
  format: typeof PLATFORM_BACKUP_FORMAT
  formatVersion: 1
  dbKind: 'postgres' | 'pglite'
  schemaVersion: string
  migrations: number
  createdAt: string
  database: { entry: string; size: number }
  /** Row counts of a few tables at the dump's snapshot: what a restore checks. */
  counts: Record<string, number>
  /**
   * The stored files copied into the archive (`files/<area>/<key>` entries) and the driver they came from.
   * `archived` is missing from archives made before S3 buckets were copied: those hold files only when
   * made on local storage (see `archiveHoldsFiles`).
   */
  files: { count: number; bytes: number; storage: 'local' | 's3'; archived?: boolean }
  /** `data`: tables whose rows were left out (sessions, verifications…; missing in older archives). */
  excluded: { schemas: readonly string[]; tables: readonly string[]; data?: readonly string[] }
}

/** Whether an archive carries the stored files (a restore then makes the storage match it exactly). */
export function archiveHoldsFiles(manifest: PlatformManifest): boolean {
  return manifest.files.archived ?? manifest.files.storage === 'local'
}

export interface WrittenPlatformArchive {
  size: number
  sha256: string
  manifest: PlatformManifest
}

interface WriteInput {
  handle: Pick<DbHandle, 'db' | 'kind'>
  storage: FileStorage
  storageKey: string
}

/**
 * Writes one platform archive (a zip) straight into storage: the database entry first, then every stored
 * file, then manifest.json. Nothing is held whole in memory on PostgreSQL (pg_dump's stdout streams into the
 * zip entry); PGlite's dumpDataDir() returns its tarball as one Blob, so on PGlite the database part is
 * in memory once (embedded installations are small by definition). On any failure nothing stays in storage.
 */
export async function writePlatformArchive(input: WriteInput): Promise<WrittenPlatformArchive> {
  const { handle, storage } = input
  const zip = new yazl.ZipFile()
  // The failure path destroys the zip stream with the error so that storage.put fails too. A fast failure
  // (pg_dump not installed) can come before put has attached its own listener (it creates folders first), and
  // an 'error' with no listener crashes the process: this one only keeps it an ordinary stream error.
  ;(zip.outputStream as Readable).on('error', () => {})
  let failure: Error | undefined
  const stored = storage.put('backups', input.storageKey, zip.outputStream, {
    contentType: 'application/zip',
  })
  const storedOrFailure = stored.catch((error: unknown) => {
    failure = error as Error
    throw error
  })
  storedOrFailure.catch(() => {})
  const storageFailed = storedOrFailure.then(() => new Promise<never>(() => {}))
  storageFailed.catch(() => {})

  /** Adds one entry and resolves once the zip consumed it: entries go one at a time (one open file). */
  const addEntry = async (name: string, source: Readable) => {
    let size = 0
    const counter = new PassThrough()
    counter.on('data', (chunk: Buffer) => (size += chunk.length))
    const piped = source.pipe(counter)
    source.once('error', (error) => piped.destroy(error))
    // Dumps are compressed already and documents are PDFs/images: stored, not deflated again.
    zip.addReadStream(piped, name, { compress: false, mtime: new Date() })
    await Promise.race([finished(piped), storageFailed])
    if (failure) throw failure
    return size
  }

  const schema = buildSchemaVersion()
  try {
    let dbSize: number
    let counts: Record<string, number>
    let migrations: number
    // PGlite's dump is its whole data directory: the restore empties these tables instead.
    let excludedData: readonly string[] = []
    if (handle.kind === 'postgres') {
      ;({ dbSize, counts, migrations, excludedData } = await dumpPostgres(handle, addEntry))
    } else {
      ;({ counts, migrations } = await countCheckedRows(handle.db))
      const blob = await pgliteOf(handle.db).dumpDataDir('gzip')
      const source = Readable.fromWeb(blob.stream() as Parameters<typeof Readable.fromWeb>[0])
      dbSize = await addEntry(DB_ENTRY.pglite, source)
    }

    // Every stored file, whatever the driver: a bucket's own versioning is no backup of the platform (it
    // lives and dies with the bucket), and a restore must bring back the files the restored rows point at.
    let count = 0
    let bytes = 0
    for (const area of ARCHIVED_AREAS) {
      for await (const key of storage.list(area)) {
        const source = await storage.getStream(area, key)
        if (!source) continue // deleted since the listing: nothing to keep
        bytes += await addEntry(`files/${area}/${key}`, source)
        count++
      }
    }
    const manifest: PlatformManifest = {
      format: PLATFORM_BACKUP_FORMAT,
      formatVersion: 1,
      dbKind: handle.kind,
      schemaVersion: schema.tag,
      migrations,
      createdAt: new Date().toISOString(),
      database: { entry: DB_ENTRY[handle.kind], size: dbSize },
      counts,
      files: { count, bytes, storage: storage.driver, archived: true },
      excluded: { schemas: DUMP_EXCLUDED_SCHEMAS, tables: DUMP_EXCLUDED_TABLES, data: excludedData },
    }
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY, { mtime: new Date() })
    zip.end()
    const result = await storedOrFailure
    return { ...result, manifest }
  } catch (error) {
    ;(zip.outputStream as Readable).destroy(error as Error)
    await stored.catch(() => {})
    await storage.delete('backups', input.storageKey).catch(() => {})
    throw error
  }
}

/**
 * pg_dump at an exported snapshot: the counts the manifest records are read in the very snapshot the dump
 * copies, so the restore's check compares like with like however busy the platform is.
 */
async function dumpPostgres(
  handle: Pick<DbHandle, 'db'>,
  addEntry: (name: string, source: Readable) => Promise<number>,
): Promise<{
  dbSize: number
  counts: Record<string, number>
  migrations: number
  excludedData: string[]
}> {
  const url = connectionStringOf(handle.db)
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client
  const client = await pool.connect()
  try {
    await client.query('begin isolation level repeatable read read only')
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id
    const counts: Record<string, number> = {}
    for (const table of CHECKED_TABLES) {
      const result = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)
      counts[table] = Number(result.rows[0]?.n ?? 0)
    }
    const applied = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    )
    const excludedData = await sessionBoundTables((text) => client.query<{ name: string }>(text))
    const dump = spawnPgDump(url, snapshot, excludedData)
    const written = addEntry(DB_ENTRY.postgres, dump.child.stdout)
    // Whichever fails first: a missing or failing pg_dump rejects `done` even if stdout just ends.
    await Promise.all([written, dump.done])
    const dbSize = await written
    return { dbSize, counts, migrations: Number(applied.rows[0]?.n ?? 0), excludedData }
  } finally {
    await client.query('rollback').catch(() => {})
    client.release()
  }
}
