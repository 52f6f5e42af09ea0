import { createHash } from 'node:crypto'
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import yauzl from 'yauzl'
import {
  BACKUP_FORMAT_VERSION,
  currentSchemaVersion,
  MANIFEST_ENTRY,
  manifestSchema,
  type BackupManifest,
} from './backups.manifest.server'
import type { RESTORE_REFUSALS } from './backups.schema'

// Reads a backup archive for a restore, and refuses it before anything changes when it is not exactly what
// its manifest says: the checks run on the whole archive (every entry hashed) before a restore begins.

export type RestoreRefusal = keyof typeof RESTORE_REFUSALS

export class InvalidBackupError extends Error {
  constructor(readonly reason: RestoreRefusal) {
    super(`backup refused: ${reason}`)
    this.name = 'InvalidBackupError'
  }
}

/** A manifest is a few KB per table and ~150 bytes per file: 64 MB is far past any real one. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

export interface OpenedArchive {
  manifest: BackupManifest
  /** The entry's bytes, checked against the manifest's SHA-256 (the stream errors on a mismatch). */
  openEntry(name: string): Promise<Readable>
  close(): void
}

function verifying(expected: { size: number; sha256: string }): Transform {
  const hash = createHash('sha256')
  let size = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length
      if (size > expected.size) return callback(new InvalidBackupError('checksum'))
      hash.update(chunk)
      callback(null, chunk)
    },
    flush(callback: TransformCallback) {
      if (size !== expected.size || hash.digest('hex') !== expected.sha256)
        return callback(new InvalidBackupError('checksum'))
      callback()
    },
  })
}

async function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve())
    zip.once('error', reject)
    zip.readEntry()
  })
  return entries
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<BackupManifest> {
  if (!entry) throw new InvalidBackupError('manifest')
  if (entry.uncompressedSize > MAX_MANIFEST_BYTES) throw new InvalidBackupError('manifest')
  const chunks: Buffer[] = []
  try {
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    const parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')))
    if (!parsed.success) throw new InvalidBackupError('manifest')
    return parsed.data
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error
    throw new InvalidBackupError('manifest')
  }
}

/** Opens a zip file on disk and reads its manifest; not a zip, or no valid manifest → InvalidBackupError. */
export async function openArchive(filePath: string): Promise<OpenedArchive> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false })
  } catch {
    throw new InvalidBackupError('notZip')
  }
  try {
    const entries = await listEntries(zip).catch(() => {
      throw new InvalidBackupError('notZip')
    })
    const manifest = await readManifest(zip, entries.get(MANIFEST_ENTRY))
    // Every entry is listed with its hash, and nothing is in the zip that the manifest does not vouch for.
    const listed = new Set(Object.keys(manifest.entries))
    for (const name of entries.keys())
      if (name !== MANIFEST_ENTRY && !listed.has(name)) throw new InvalidBackupError('checksum')
    for (const name of listed) if (!entries.has(name)) throw new InvalidBackupError('checksum')
    for (const table of manifest.tables)
      if (!listed.has(table.entry) || !listed.has(table.csv)) throw new InvalidBackupError('manifest')
    for (const file of manifest.files) if (!listed.has(file.entry)) throw new InvalidBackupError('manifest')
    return {
      manifest,
      async openEntry(name) {
        const entry = entries.get(name)
        const expected = manifest.entries[name]
        if (!entry || !expected) throw new InvalidBackupError('manifest')
        const source = await zip.openReadStreamPromise(entry)
        const checked = source.pipe(verifying(expected))
        source.once('error', () => checked.destroy(new InvalidBackupError('checksum')))
        return checked
      },
      close: () => zip.close(),
    }
  } catch (error) {
    zip.close()
    throw error
  }
}

export interface ArchiveChecks {
  officeId: string
  /** The sócio chose 'importar para este escritório' for another office's archive. */
  importInto: boolean
}

/** The version and ownership checks (cheap: manifest only). */
export function checkManifest(manifest: BackupManifest, checks: ArchiveChecks): void {
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) throw new InvalidBackupError('formatVersion')
  if (manifest.schemaVersion !== currentSchemaVersion()) throw new InvalidBackupError('schemaVersion')
  if (manifest.office.id !== checks.officeId && !checks.importInto)
    throw new InvalidBackupError('otherOffice')
}

/** Hashes every entry against the manifest; throws InvalidBackupError('checksum') at the first difference. */
export async function verifyEveryEntry(archive: OpenedArchive): Promise<void> {
  for (const name of Object.keys(archive.manifest.entries)) {
    const stream = await archive.openEntry(name)
    try {
      for await (const chunk of stream) void chunk
    } catch {
      throw new InvalidBackupError('checksum')
    }
  }
}
