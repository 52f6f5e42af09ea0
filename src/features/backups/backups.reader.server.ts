import { createHash } from 'node:crypto'
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import yauzl from 'yauzl'
import {
  checkArchiveBounds,
  MAX_ARCHIVE_ENTRIES,
  MAX_MANIFEST_BYTES,
  type ZipEntryInfo,
} from './backups.bounds.server'
import { InvalidBackupError } from './backups.errors.server'
import { lineLengthGuard } from './backups.lines.server'
import {
  BACKUP_FORMAT_VERSION,
  currentSchemaVersion,
  MANIFEST_ENTRY,
  manifestSchema,
  type BackupManifest,
} from './backups.manifest.server'

// Reads a backup archive for a restore, and refuses it before anything changes when it is not exactly what
// its manifest says: the checks run on the whole archive (every entry hashed) before a restore begins.
// Nothing here trusts a declared size: the caps (backups.bounds.server.ts) are checked on the declared sizes
// first, then every entry's REAL inflated bytes are counted and the stream stops past its declared size.

export { InvalidBackupError, type RestoreRefusal } from './backups.errors.server'

export interface OpenedArchive {
  manifest: BackupManifest
  /** The entry's bytes, checked against the manifest's size and SHA-256 (the stream errors on a mismatch). */
  openEntry(name: string): Promise<Readable>
  close(): void
}

function verifying(expected: { size: number; sha256: string }, guard?: (chunk: Buffer) => void): Transform {
  const hash = createHash('sha256')
  let size = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length
      // Checked per chunk (≤ 64 KB past the declared size), before the bytes go anywhere.
      if (size > expected.size) return callback(new InvalidBackupError('checksum'))
      try {
        guard?.(chunk)
      } catch (error) {
        return callback(error as Error)
      }
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
      // Two entries under one name: which one a reader sees would depend on the reader.
      if (entries.has(entry.fileName)) return reject(new InvalidBackupError('duplicateEntries'))
      if (entries.size >= MAX_ARCHIVE_ENTRIES) return reject(new InvalidBackupError('tooManyEntries'))
      entries.set(entry.fileName, entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve())
    zip.once('error', () => reject(new InvalidBackupError('notZip')))
    zip.readEntry()
  })
  return entries
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<BackupManifest> {
  if (!entry) throw new InvalidBackupError('manifest')
  if (entry.uncompressedSize > MAX_MANIFEST_BYTES) throw new InvalidBackupError('manifest')
  const chunks: Buffer[] = []
  let size = 0
  try {
    const stream = await zip.openReadStreamPromise(entry)
    for await (const chunk of stream) {
      size += (chunk as Buffer).length
      // The real bytes, whatever the header said.
      if (size > MAX_MANIFEST_BYTES) {
        stream.destroy()
        throw new InvalidBackupError('manifest')
      }
      chunks.push(chunk as Buffer)
    }
    const parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')))
    if (!parsed.success) throw new InvalidBackupError('manifest')
    return parsed.data
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error
    throw new InvalidBackupError('manifest')
  }
}

const entryInfo = (entry: yauzl.Entry): ZipEntryInfo => ({
  name: entry.fileName,
  offset: entry.relativeOffsetOfLocalHeader,
  compressedSize: entry.compressedSize,
  uncompressedSize: entry.uncompressedSize,
})

/** Opens a zip file on disk and reads its manifest; not a zip, or no valid manifest → InvalidBackupError. */
export async function openArchive(filePath: string): Promise<OpenedArchive> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true })
  } catch {
    throw new InvalidBackupError('notZip')
  }
  // A broken zip may emit 'error' more than once: one without a listener would end the process.
  zip.on('error', () => {})
  try {
    // The central directory says how many entries follow: refuse before listing them.
    if (zip.entryCount > MAX_ARCHIVE_ENTRIES) throw new InvalidBackupError('tooManyEntries')
    const entries = await listEntries(zip)
    const manifest = await readManifest(zip, entries.get(MANIFEST_ENTRY))
    // Every entry is listed with its hash, and nothing is in the zip that the manifest does not vouch for.
    const listed = new Set(Object.keys(manifest.entries))
    for (const name of entries.keys())
      if (name !== MANIFEST_ENTRY && !listed.has(name)) throw new InvalidBackupError('checksum')
    for (const name of listed) if (!entries.has(name)) throw new InvalidBackupError('checksum')
    for (const table of manifest.tables)
      if (!listed.has(table.entry) || !listed.has(table.csv)) throw new InvalidBackupError('manifest')
    for (const file of manifest.files) if (!listed.has(file.entry)) throw new InvalidBackupError('manifest')
    checkArchiveBounds([...entries.values()].map(entryInfo), manifest, zip.fileSize)
    const jsonLines = new Set(manifest.tables.map((table) => table.entry))
    return {
      manifest,
      async openEntry(name) {
        const entry = entries.get(name)
        const expected = manifest.entries[name]
        if (!entry || !expected) throw new InvalidBackupError('manifest')
        const source = await zip.openReadStreamPromise(entry)
        const checked = source.pipe(verifying(expected, jsonLines.has(name) ? lineLengthGuard() : undefined))
        // Either side failing stops both: the inflater must not keep working for nobody.
        source.on('error', () => checked.destroy(new InvalidBackupError('checksum')))
        checked.once('close', () => source.destroy())
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

/** The declared bytes of every entry but the manifest: what verifyEveryEntry inflates. */
export function declaredBytes(archive: OpenedArchive): number {
  return Object.values(archive.manifest.entries).reduce((sum, entry) => sum + entry.size, 0)
}

/**
 * Hashes every entry against the manifest (and checks the JSON Lines' line lengths); throws
 * InvalidBackupError at the first difference. `onBytes` hears the inflated bytes as they pass.
 */
export async function verifyEveryEntry(
  archive: OpenedArchive,
  onBytes?: (bytes: number) => void | Promise<void>,
): Promise<void> {
  for (const name of Object.keys(archive.manifest.entries)) {
    try {
      const stream = await archive.openEntry(name)
      for await (const chunk of stream) await onBytes?.((chunk as Buffer).length)
    } catch (error) {
      if (error instanceof InvalidBackupError) throw error
      throw new InvalidBackupError('checksum')
    }
  }
}
