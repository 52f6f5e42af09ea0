import { inflateRawSync } from 'node:zlib'
import { ApiError } from '../../platform/http-error.server'

/**
 * An uploaded .docx is a zip that pizzip, docxtemplater and mammoth inflate whole in memory. Before any of them
 * sees it, its central directory is read here and every entry is inflated once with a hard cap at the size the
 * directory declares, so a zip bomb (a tiny file that inflates to gigabytes, or an entry lying about its size)
 * is refused having cost at most MAX_INFLATED_BYTES. The backups feature bounds its archives the same way but
 * keeps that inside its own feature; a Word template needs far smaller numbers.
 */

/** A real template (text, styles, a logo) inflates to a few MB; 20 MB leaves room for a heavy letterhead image. */
export const MAX_INFLATED_BYTES = 20 * 1024 * 1024
/** A .docx has a dozen or so parts; a few hundred allows for many images. */
export const MAX_ENTRIES = 1000

export const NOT_DOCX_MESSAGE = 'O arquivo não é um documento Word (.docx) válido.'
export const TOO_LARGE_MESSAGE =
  'O documento Word é grande demais depois de descompactado (máximo de 20 MB). Reduza as imagens e envie novamente.'

const notDocx = () => new ApiError(400, 'invalid_docx', NOT_DOCX_MESSAGE, { file: NOT_DOCX_MESSAGE })
const tooLarge = () => new ApiError(400, 'docx_too_large', TOO_LARGE_MESSAGE, { file: TOO_LARGE_MESSAGE })

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

interface Entry {
  name: string
  method: number
  compressedSize: number
  uncompressedSize: number
  localOffset: number
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65 535 bytes, at the very end of the file.
  const stop = Math.max(0, zip.length - 22 - 0xffff)
  for (let offset = zip.length - 22; offset >= stop; offset--) {
    if (zip.readUInt32LE(offset) === EOCD) return offset
  }
  throw notDocx()
}

function readEntries(zip: Buffer): Entry[] {
  if (zip.length < 22) throw notDocx()
  const end = findEndOfCentralDirectory(zip)
  const count = zip.readUInt16LE(end + 10)
  const size = zip.readUInt32LE(end + 12)
  const start = zip.readUInt32LE(end + 16)
  // ZIP64 markers: no Word file needs them, and their sizes would escape the checks below.
  if (count === 0xffff || size === 0xffffffff || start === 0xffffffff) throw tooLarge()
  if (count > MAX_ENTRIES) throw tooLarge()
  if (start + size > end) throw notDocx()
  const entries: Entry[] = []
  let offset = start
  for (let i = 0; i < count; i++) {
    if (offset + 46 > end || zip.readUInt32LE(offset) !== CENTRAL) throw notDocx()
    const nameLength = zip.readUInt16LE(offset + 28)
    entries.push({
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      uncompressedSize: zip.readUInt32LE(offset + 24),
      localOffset: zip.readUInt32LE(offset + 42),
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
    })
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32)
  }
  return entries
}

/** The entry's compressed bytes, found through its local header as every zip reader finds them. */
function entryData(zip: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw notDocx()
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28)
  if (start + entry.compressedSize > zip.length) throw notDocx()
  return zip.subarray(start, start + entry.compressedSize)
}

/**
 * Refuses (400, pt-BR) a buffer that is not a .docx or would inflate past the bounds; returns the entry names.
 * Costs one inflation of the file, each entry capped at its declared size.
 */
export function checkDocxArchive(zip: Buffer): string[] {
  const entries = readEntries(zip)
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0)
  if (declared > MAX_INFLATED_BYTES) throw tooLarge()
  const names = entries.map((entry) => entry.name)
  if (!names.includes('word/document.xml') || !names.includes('[Content_Types].xml')) throw notDocx()
  for (const entry of entries) {
    const data = entryData(zip, entry)
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw notDocx()
    } else if (entry.method === 8) {
      try {
        // An entry that inflates past what it declared is a lie meant to get past the sum above.
        inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) })
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge()
        throw notDocx()
      }
    } else throw notDocx()
  }
  return names
}
