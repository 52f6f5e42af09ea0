import fs from 'node:fs/promises'
import CFB from 'cfb'
import { fileTypeFromFile } from 'file-type'
import type { DocumentFileType } from './documents.schema'

// What a stored document really is, judged by its bytes (issue 8: "a renamed executable is refused; a
// DOCX must really be an OOXML package"). The name the browser sent is never trusted: an OLE compound
// file (CFB) is a Word document when it holds a 'WordDocument' stream, an Excel one with 'Workbook'
// (or 'Book', Excel 5/95), and anything else (an Outlook .msg, an installer .msi) is refused.

export interface SniffedType {
  tipo: DocumentFileType
  /** The Content-Type the file is served with (from the detected type, never from the request). */
  mimeType: string
}

const BY_DETECTED_EXT: Readonly<Record<string, SniffedType>> = {
  pdf: { tipo: 'PDF', mimeType: 'application/pdf' },
  // file-type says docx/xlsx only for a zip whose [Content_Types].xml declares that main part (or, when
  // it can't be parsed, whose parts live under word/ or xl/); a plain zip, or a macro-enabled docm/xlsm,
  // comes back as something else and is refused.
  docx: {
    tipo: 'DOCX',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: { tipo: 'XLSX', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  jpg: { tipo: 'JPG', mimeType: 'image/jpeg' },
  png: { tipo: 'PNG', mimeType: 'image/png' },
}

const WORD_97: SniffedType = { tipo: 'DOC', mimeType: 'application/msword' }
const EXCEL_97: SniffedType = { tipo: 'XLS', mimeType: 'application/vnd.ms-excel' }

/**
 * Which legacy Office document a compound file is, from its directory. `cfb` reads the whole file (at most
 * the 10 MB upload cap, once, for these rare legacy files); everything else is sniffed from its first bytes.
 */
async function legacyOfficeType(filePath: string): Promise<SniffedType | null> {
  let container: CFB.CFB$Container
  try {
    container = CFB.read(await fs.readFile(filePath), { type: 'buffer' })
  } catch {
    return null
  }
  if (CFB.find(container, 'WordDocument')) return WORD_97
  if (CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book')) return EXCEL_97
  return null
}

/**
 * The accepted type of the file at `filePath`, or null when its content is none of PDF, DOC, DOCX,
 * XLS, XLSX, JPG or PNG (an executable, a plain zip, text, an empty file…). Reads only the first
 * bytes it needs (a zip's directory entries for OOXML), never the whole file into memory.
 */
export async function sniffDocumentFile(filePath: string): Promise<SniffedType | null> {
  const detected = await fileTypeFromFile(filePath)
  if (!detected) return null
  if (detected.ext === 'cfb') return legacyOfficeType(filePath)
  return BY_DETECTED_EXT[detected.ext] ?? null
}

const EXTENSION: Readonly<Record<DocumentFileType, string>> = {
  PDF: '.pdf',
  DOC: '.doc',
  DOCX: '.docx',
  XLS: '.xls',
  XLSX: '.xlsx',
  JPG: '.jpg',
  PNG: '.png',
}

/** The usual extension of a type ('.pdf'), for a download name that lacks one. */
export function extensionOf(tipo: DocumentFileType): string {
  return EXTENSION[tipo]
}
