import type { BackupManifest } from './backups.manifest.server'
import { MANIFEST_ENTRY } from './backups.manifest.server'
import { InvalidBackupError } from './backups.errors.server'

// What a restore agrees to read (issue 24: no archive, however built, may exhaust the server). Checked on the
// zip's central directory and the manifest BEFORE anything is inflated; while inflating, the real bytes are
// counted against these same declared sizes (backups.reader.server.ts), so a lying header only gets as far
// as its lie. The numbers, and why:

/**
 * Zip entries: 2 per table + 1 per document file + the manifest. At this count the entry list and the
 * parsed manifest take ~120 MB + ~90 MB of heap (measured: 200 001 entries listed by yauzl, a 75 MB
 * manifest parsed), the most a restore may hold; a real office has a few thousand files.
 */
export const MAX_ARCHIVE_ENTRIES = 200_000

/** manifest.json is ~330 bytes per file: MAX_ARCHIVE_ENTRIES files fit. It is the only entry read whole. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

/** One JSON Lines row: the widest column is a 10 000-character text, so a real row is a few KB. */
export const MAX_LINE_BYTES = 1024 * 1024

/**
 * Inflated bytes per compressed byte. Rows with uuid keys deflate ~36:1, rows of nulls keyed by integers
 * ~160:1 (measured on 100 k synthetic rows); deflate itself stops near 1 032:1, which only a bomb reaches.
 * Applied to each entry above RATIO_FREE_BYTES and to the whole archive.
 */
export const MAX_COMPRESSION_RATIO = 200
/** Entries this small cannot hurt, whatever their ratio (an empty table's CSV header compresses badly). */
export const RATIO_FREE_BYTES = 1024 * 1024

/**
 * Absolute cap on the rows (JSON Lines + CSV copies, inflated), whatever the archive's size: more than
 * ten times the largest office measured (issue 12's bench: 100 k clients and 200 k cases). Rows are what
 * a restore parses and inserts, so this also bounds the restore's database work.
 */
export const MAX_ROWS_BYTES = 4 * 1024 ** 3

/**
 * Document files are stored uncompressed by our writer (1:1); another zip tool may deflate them (PDFs and
 * DOCX barely shrink). Their inflated total may not pass this multiple of the archive: it is what staging
 * writes to storage.
 */
export const MAX_FILES_RATIO = 8

/** What the central directory says of one entry (yauzl's Entry, reduced). */
export interface ZipEntryInfo {
  name: string
  offset: number
  compressedSize: number
  uncompressedSize: number
}

const isRows = (name: string) => name.startsWith('tables/') || name.startsWith('csv/')

/**
 * Refuses an archive that names the same data twice, declares sizes that disagree, or would inflate past
 * the caps. `entries` is every zip entry (the manifest included); `archiveSize` the zip file's bytes.
 */
export function checkArchiveBounds(
  entries: readonly ZipEntryInfo[],
  manifest: BackupManifest,
  archiveSize: number,
): void {
  checkNoSharedData(entries, archiveSize)
  checkUniqueReferences(manifest)

  let total = 0
  let rows = 0
  let files = 0
  for (const entry of entries) {
    if (entry.name !== MANIFEST_ENTRY) {
      // The manifest's size must be the central directory's: the reader counts real bytes against it.
      const declared = manifest.entries[entry.name]
      if (!declared || declared.size !== entry.uncompressedSize) throw new InvalidBackupError('checksum')
    }
    if (
      entry.uncompressedSize > RATIO_FREE_BYTES &&
      entry.uncompressedSize > entry.compressedSize * MAX_COMPRESSION_RATIO
    )
      throw new InvalidBackupError('tooLarge')
    total += entry.uncompressedSize
    if (isRows(entry.name)) rows += entry.uncompressedSize
    else if (entry.name !== MANIFEST_ENTRY) files += entry.uncompressedSize
  }
  if (total > archiveSize * MAX_COMPRESSION_RATIO + RATIO_FREE_BYTES) throw new InvalidBackupError('tooLarge')
  if (rows > MAX_ROWS_BYTES) throw new InvalidBackupError('tooLarge')
  if (files > archiveSize * MAX_FILES_RATIO) throw new InvalidBackupError('tooLarge')
}

/**
 * Two entries whose data overlap (a zip bomb's classic trick: many names, one deflated stream) are
 * refused. Each entry's local header (≥ 30 bytes) and data must end before the next entry starts.
 */
function checkNoSharedData(entries: readonly ZipEntryInfo[], archiveSize: number): void {
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset)
  for (let index = 0; index < byOffset.length; index++) {
    const entry = byOffset[index] as ZipEntryInfo
    const next = byOffset[index + 1]
    const end = entry.offset + 30 + entry.compressedSize
    if (end > (next ? next.offset : archiveSize)) throw new InvalidBackupError('duplicateEntries')
  }
}

/** Every table, CSV copy and file names its own entry, and every file its own storage key. */
function checkUniqueReferences(manifest: BackupManifest): void {
  const entries = new Set<string>()
  const claim = (name: string) => {
    if (entries.has(name)) throw new InvalidBackupError('duplicateEntries')
    entries.add(name)
  }
  const tables = new Set<string>()
  for (const table of manifest.tables) {
    if (tables.has(table.name)) throw new InvalidBackupError('duplicateEntries')
    tables.add(table.name)
    claim(table.entry)
    claim(table.csv)
  }
  const keys = new Set<string>()
  for (const file of manifest.files) {
    if (keys.has(file.storageKey)) throw new InvalidBackupError('duplicateEntries')
    keys.add(file.storageKey)
    claim(file.entry)
    const declared = manifest.entries[file.entry]
    if (!declared || declared.size !== file.size || declared.sha256 !== file.sha256)
      throw new InvalidBackupError('manifest')
  }
}
