import { createHash, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import yauzl from 'yauzl'
import yazl from 'yazl'
import type { Database } from '../../db/client.server'
import { jsonRequest } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import { getStorage, newStorageKey } from '../../platform/storage.server'
import { backupCatalog } from './backups.catalog.server'
import type { BackupRow, RestoreBackupInput } from './backups.schema'
import { officeBackups } from './backups.table.server'

// Test helpers of the backup feature: start a backup and wait for its job, read and rewrite archives, and
// take a row-by-row picture of an office to compare before and after a restore.

export async function startBackup(
  t: TestApp,
  cookie: string,
  parts = ['clientes', 'casos', 'documentos', 'configuracoes'],
): Promise<BackupRow> {
  const response = await t.app.request('/api/backups', jsonRequest('POST', { parts }, cookie))
  if (response.status !== 201)
    throw new Error(`backup not started: ${response.status} ${await response.text()}`)
  const { backup } = (await response.json()) as { backup: BackupRow }
  return waitForBackup(t, cookie, backup.id)
}

export async function waitForBackup(t: TestApp, cookie: string, id: string): Promise<BackupRow> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const response = await t.app.request(`/api/backups/${id}`, { headers: { cookie } })
    const { backup } = (await response.json()) as { backup: BackupRow }
    if (backup.status !== 'in_progress') return backup
    if (Date.now() > deadline) throw new Error('backup job did not finish')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export async function download(t: TestApp, cookie: string, id: string): Promise<Buffer> {
  const response = await t.app.request(`/api/backups/${id}/download`, { headers: { cookie } })
  if (response.status !== 200) throw new Error(`download failed: ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

/** Every entry of a zip, name → bytes (test archives are small). */
export async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true })
  const entries = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
        stream.on('error', reject)
      })
    })
    zip.once('end', () => resolve())
    zip.once('error', reject)
    zip.readEntry()
  })
  return entries
}

export async function writeZip(entries: Map<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name)
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** Rewrites the manifest with `change` and re-signs nothing: the entries' hashes stay as they were. */
export async function withManifest(
  archive: Buffer,
  change: (manifest: Record<string, unknown>) => void,
): Promise<Buffer> {
  const entries = await readZip(archive)
  const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8')) as Record<
    string,
    unknown
  >
  change(manifest)
  entries.set('manifest.json', Buffer.from(JSON.stringify(manifest)))
  return writeZip(entries)
}

export function uploadArchive(t: TestApp, cookie: string, bytes: Buffer, name = 'backup.zip') {
  return t.app.request(`/api/backups/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/zip' },
    body: bytes as unknown as BodyInit,
  })
}

/**
 * Every office table of the backup, row by row (all columns, generated ones included, in key order), plus
 * the SHA-256 of every document file as storage holds it now (keys differ after a restore; contents must not).
 */
export async function officePicture(db: Database, env: TestApp['env'], officeId: string) {
  const tables: Record<string, unknown[]> = {}
  for (const table of backupCatalog()) {
    const order = table.keyColumns.map((name) => `"${name}"`).join(', ')
    const { rows } = await db.execute<{ j: Record<string, unknown> }>(
      sql.raw(
        `select to_jsonb(t) - 'storage_key' as j from "${table.name}" t where office_id = '${officeId}' order by ${order}`,
      ),
    )
    tables[table.name] = rows.map((row) => row.j)
  }
  const { rows: versions } = await db.execute<{ id: string; storage_key: string }>(
    sql.raw(`select id, storage_key from document_versions where office_id = '${officeId}' order by id`),
  )
  const files: Record<string, string | null> = {}
  for (const version of versions) {
    const bytes = await getStorage(env).get('documents', version.storage_key)
    files[version.id] = bytes ? sha256(bytes) : null
  }
  return { tables, files }
}

/** Queues a restore (POST) and, when it was accepted, waits for its job: the row as the job left it. */
export async function restoreAndWait(
  t: TestApp,
  cookie: string,
  id: string,
  body: Partial<RestoreBackupInput> = { confirmacao: 'RESTAURAR' },
): Promise<{ response: Response; backup: BackupRow | null }> {
  const response = await t.app.request(`/api/backups/${id}/restore`, jsonRequest('POST', body, cookie))
  if (response.status !== 200) return { response, backup: null }
  const deadline = Date.now() + 60_000
  for (;;) {
    const answer = await t.app.request(`/api/backups/${id}`, { headers: { cookie } })
    const { backup } = (await answer.json()) as { backup: BackupRow }
    if (backup.restore?.status === 'success' || backup.restore?.status === 'error')
      return { response, backup }
    if (Date.now() > deadline) throw new Error('restore job did not finish')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Puts an archive straight into the office's history, as if it had been stored before the upload checks
 * existed (the restore job must hold its own line, whatever reached storage).
 */
export async function storeArchiveRow(t: TestApp, officeId: string, bytes: Buffer): Promise<string> {
  const storageKey = newStorageKey('zip')
  await getStorage(t.env).put('backups', storageKey, Readable.from([bytes]))
  const [row] = await t.handle.db
    .insert(officeBackups)
    .values({
      officeId,
      nome: `armazenado-${randomUUID()}.zip`,
      tipo: 'manual',
      source: 'uploaded',
      status: 'success',
      scope: ['clientes'],
      progress: 100,
      size: bytes.length,
      sha256: sha256(bytes),
      storageKey,
      sourceOfficeId: officeId,
      finishedAt: new Date(),
    })
    .returning({ id: officeBackups.id })
  return (row as { id: string }).id
}

export interface RawZipEntry {
  name: string
  data: Buffer
  /** Deflate the data (default: stored). */
  deflate?: boolean
  /** What the headers claim the inflated size is (default: the truth). */
  claimedSize?: number
  /** Point this entry's central record at an earlier entry's local header instead (overlapping data). */
  sameDataAs?: number
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(data: Buffer): number {
  let crc = 0xffffffff
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/**
 * A zip written byte by byte, so a test can build what no zip library would: duplicate names, entries
 * sharing data, sizes that lie, and more entries than yazl writes in reasonable time (zip64 end records).
 */
export function rawZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  const offsets: number[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const data = entry.deflate ? zlib.deflateRawSync(entry.data) : entry.data
    const size = entry.claimedSize ?? entry.data.length
    const crc = crc32(entry.data)
    const method = entry.deflate ? 8 : 0
    let localOffset = offset
    if (entry.sameDataAs === undefined) {
      const local = Buffer.alloc(30)
      local.writeUInt32LE(0x04034b50, 0)
      local.writeUInt16LE(20, 4)
      local.writeUInt16LE(0x800, 6)
      local.writeUInt16LE(method, 8)
      local.writeUInt32LE(crc, 14)
      local.writeUInt32LE(data.length, 18)
      local.writeUInt32LE(size, 22)
      local.writeUInt16LE(name.length, 26)
      locals.push(local, name, data)
      offset += 30 + name.length + data.length
    } else localOffset = offsets[entry.sameDataAs] as number
    offsets.push(localOffset)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(localOffset, 42)
    centrals.push(central, name)
  }
  const directory = Buffer.concat(centrals)
  const count = BigInt(entries.length)
  const zip64End = Buffer.alloc(56)
  zip64End.writeUInt32LE(0x06064b50, 0)
  zip64End.writeBigUInt64LE(44n, 4)
  zip64End.writeUInt16LE(45, 12)
  zip64End.writeUInt16LE(45, 14)
  zip64End.writeBigUInt64LE(count, 24)
  zip64End.writeBigUInt64LE(count, 32)
  zip64End.writeBigUInt64LE(BigInt(directory.length), 40)
  zip64End.writeBigUInt64LE(BigInt(offset), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8)
  locator.writeUInt32LE(1, 16)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(0xffff, 8)
  end.writeUInt16LE(0xffff, 10)
  end.writeUInt32LE(0xffffffff, 12)
  end.writeUInt32LE(0xffffffff, 16)
  return Buffer.concat([...locals, directory, zip64End, locator, end])
}
