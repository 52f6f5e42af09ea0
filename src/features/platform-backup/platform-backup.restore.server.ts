import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import { sql } from 'drizzle-orm'
import { AUTH_CHANGE_CHANNEL } from '../../platform/user-cache.server'
import type { DbHandle } from '../../db/client.server'
import { isStorageKey, type FileStorage, type StorageArea } from '../../platform/storage.server'
import {
  ARCHIVED_AREAS,
  archiveHoldsFiles,
  MANIFEST_ENTRY,
  PLATFORM_BACKUP_FORMAT,
  type PlatformManifest,
} from './platform-backup.archive.server'
import {
  buildSchemaVersion,
  connectionStringOf,
  countCheckedRows,
  spawnPgRestore,
} from './platform-backup.dump.server'
import { applyRevocations, blocksInForce } from './platform-backup.revocations.server'

/** Why an archive is refused before anything changes (codes; the screen and the script say them in pt-BR). */
export type RestoreRefusal = 'formato' | 'banco_diferente' | 'versao' | 'verificacao'

export class PlatformRestoreError extends Error {
  constructor(readonly reason: RestoreRefusal | 'pg_restore') {
    super(`platform restore refused: ${reason}`)
    this.name = 'PlatformRestoreError'
  }
}

export const RESTORE_MESSAGES: Record<RestoreRefusal | 'pg_restore', string> = {
  formato: 'O arquivo não é um backup da plataforma JusConecta.',
  banco_diferente: 'Este backup foi feito em outro tipo de banco de dados (PostgreSQL × PGlite).',
  versao: 'Este backup é de outra versão do sistema: restaure-o com a mesma versão em que foi feito.',
  verificacao: 'A verificação após a restauração encontrou dados diferentes dos do backup.',
  pg_restore: 'O pg_restore falhou; nada foi alterado no banco de dados.',
}

export interface OpenedPlatformArchive {
  manifest: PlatformManifest
  entries: Map<string, yauzl.Entry>
  openEntry(name: string): Promise<Readable>
  close(): void
}

const MAX_MANIFEST_BYTES = 1024 * 1024

/** Opens a platform archive (a zip on disk: yauzl needs random access) and reads its manifest. */
export async function openPlatformArchive(file: string): Promise<OpenedPlatformArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error ? reject(new PlatformRestoreError('formato')) : resolve(opened),
    ),
  )
  const entries = new Map<string, yauzl.Entry>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve())
    zip.once('error', () => reject(new PlatformRestoreError('formato')))
    zip.readEntry()
  })
  const openEntry = (name: string) =>
    new Promise<Readable>((resolve, reject) => {
      const entry = entries.get(name)
      if (!entry) return reject(new PlatformRestoreError('formato'))
      zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)))
    })
  const manifestEntry = entries.get(MANIFEST_ENTRY)
  if (!manifestEntry || manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES) {
    zip.close()
    throw new PlatformRestoreError('formato')
  }
  const chunks: Buffer[] = []
  for await (const chunk of await openEntry(MANIFEST_ENTRY)) chunks.push(chunk as Buffer)
  let manifest: PlatformManifest
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PlatformManifest
  } catch {
    zip.close()
    throw new PlatformRestoreError('formato')
  }
  if (manifest.format !== PLATFORM_BACKUP_FORMAT || !entries.has(manifest.database?.entry)) {
    zip.close()
    throw new PlatformRestoreError('formato')
  }
  return { manifest, entries, openEntry, close: () => zip.close() }
}

/** Refuses an archive of another database kind or another schema version, before anything changes. */
export function checkCompatible(manifest: PlatformManifest, kind: DbHandle['kind']): void {
  if (manifest.dbKind !== kind) throw new PlatformRestoreError('banco_diferente')
  if (manifest.schemaVersion !== buildSchemaVersion().tag) throw new PlatformRestoreError('versao')
}

export async function extractEntry(
  archive: OpenedPlatformArchive,
  name: string,
  target: string,
): Promise<void> {
  await pipeline(await archive.openEntry(name), fs.createWriteStream(target))
}

/**
 * Puts back every stored file of the archive (same area, same key: the restored rows point at them), then
 * removes files of those areas that the archive does not hold (their rows are gone with the restore). Any
 * driver, either way (an archive of a local installation restores into a bucket too). An archive without
 * files (made on S3 before buckets were copied) leaves the storage alone.
 */
export async function restoreFiles(archive: OpenedPlatformArchive, storage: FileStorage): Promise<number> {
  if (!archiveHoldsFiles(archive.manifest)) return 0
  const kept = new Set<string>()
  let count = 0
  for (const name of archive.entries.keys()) {
    const match = /^files\/([a-z]+)\/([^/]+)$/.exec(name)
    if (!match) continue
    const [, area, key] = match as unknown as [string, StorageArea, string]
    if (!ARCHIVED_AREAS.includes(area) || !isStorageKey(key)) continue
    await storage.put(area, key, await archive.openEntry(name))
    kept.add(`${area}/${key}`)
    count++
  }
  for (const area of ARCHIVED_AREAS) {
    const extra: string[] = []
    for await (const key of storage.list(area)) if (!kept.has(`${area}/${key}`)) extra.push(key)
    for (const key of extra) await storage.delete(area, key)
  }
  return count
}

/** The check after a restore: the same row counts and the same number of migrations as at the dump. */
export async function verifyRestored(db: DbHandle['db'], manifest: PlatformManifest): Promise<void> {
  const { counts, migrations } = await countCheckedRows(db)
  const same = Object.entries(manifest.counts).every(([table, n]) => counts[table] === n)
  if (!same || migrations !== manifest.migrations) throw new PlatformRestoreError('verificacao')
}

/**
 * PostgreSQL: pg_restore --clean --if-exists --single-transaction straight into the live database. Chosen
 * over "restore into a fresh database and swap" because the swap needs CREATE DATABASE rights, a rename
 * while every node's pool is connected, and each node's DATABASE_URL to follow; the single transaction gives
 * the same all-or-nothing outcome in place (other sessions wait on its locks, and the API answers 503 to
 * non-admins meanwhile). The tables this feature, the event log and pg-boss own are outside the dump.
 * Afterwards no session or pending link survives and today's blocks are written back (revocations.server.ts).
 */
export async function restorePostgresArchive(
  handle: Pick<DbHandle, 'db' | 'kind'>,
  storage: FileStorage,
  archiveFile: string,
): Promise<PlatformManifest> {
  const archive = await openPlatformArchive(archiveFile)
  const tempDump = `${archiveFile}.dump`
  try {
    checkCompatible(archive.manifest, 'postgres')
    await extractEntry(archive, archive.manifest.database.entry, tempDump)
    const signedIn = await handle.db.execute<{ id: string }>(sql`select distinct user_id as id from sessions`)
    // Today's blocks, before pg_restore rewinds user_blocks to the dump's (re-applied below).
    const blocks = await blocksInForce(handle.db)
    const run = spawnPgRestore(connectionStringOf(handle.db), tempDump)
    try {
      await run.done
    } catch {
      throw new PlatformRestoreError('pg_restore')
    }
    // Between pg_restore's commit and this one (milliseconds) the restore flag still answers 503 to all but
    // admins and sign-in is closed (platformGate), so a revived session or a lifted block is of no use.
    const revoked = await applyRevocations(handle.db, blocks)
    await evictCaches(handle.db, [...new Set([...signedIn.rows.map((row) => row.id), ...revoked.signedOut])])
    await restoreFiles(archive, storage)
    await verifyRestored(handle.db, archive.manifest)
    return archive.manifest
  } finally {
    archive.close()
    await fsp.rm(tempDump, { force: true })
  }
}

/**
 * pg_restore loads rows before it creates the triggers, so the tables' NOTIFY triggers (docs/decisions/009)
 * never fire: every node's session/membership caches are told here instead — each user who had a session
 * before the restore, and the platform settings entry ('jc:platform-settings', PLATFORM_SETTINGS_KEY of
 * features/platform-settings, whose row the restore replaced too).
 */
async function evictCaches(db: DbHandle['db'], userIds: string[]): Promise<void> {
  const payloads = [...userIds, 'jc:platform-settings']
  for (let i = 0; i < payloads.length; i += 500) {
    const batch = payloads.slice(i, i + 500)
    await db.execute(
      sql`select pg_notify(${AUTH_CHANGE_CHANNEL}, p) from json_array_elements_text(${JSON.stringify(batch)}::json) as p`,
    )
  }
}

/** Copies a stored archive to a temp file (checked against its recorded SHA-256 on the way). */
export async function archiveToTempFile(
  storage: FileStorage,
  storageKey: string,
  expected: { size: number; sha256: string },
  tempDir: string,
  verify: (expected: { size: number; sha256: string }) => NodeJS.ReadWriteStream,
): Promise<string> {
  await fsp.mkdir(tempDir, { recursive: true })
  const file = path.join(tempDir, `restore-${storageKey}`)
  const source = await storage.getStream('backups', storageKey)
  if (!source) throw new PlatformRestoreError('formato')
  await pipeline(source, verify(expected), fs.createWriteStream(file))
  return file
}
