import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { pipeline, Readable } from 'node:stream'
import type { Context } from 'hono'
import type { AppDeps, AppEnv } from '../../platform/app-env.server'
import { encryptingStream, getEncryptionKey } from '../../platform/file-encryption.server'
import { ApiError } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { getStorage, newStorageKey, type FileStorage } from '../../platform/storage.server'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import { FileTooLargeError, UploadAbortedError, spoolUpload } from '../../platform/upload-spool.server'
import type { StoredFile } from '../documents/documents.public.server'
import { getOfficeSettings } from '../office-settings/office-settings.public.server'
import { inArray } from 'drizzle-orm'
import { MAX_TEMPLATE_DOCX_BYTES, TEMPLATE_MESSAGES } from './templates.schema'
import type { Executor } from './templates.service.server'
import { documentTemplates } from './templates.table.server'

// The bytes of templates and of the documents generated from them. An uploaded Word template is kept in the
// 'documents' storage area (its key in document_templates.docx_storage_key); the generated PDF and DOCX become
// ordinary document versions, stored exactly as an upload would be (encrypted at rest when the office says so).

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
export const PDF_MIME = 'application/pdf'

export function templateStorage(deps: Pick<AppDeps, 'env'>): FileStorage {
  return getStorage(deps.env)
}

/**
 * The request's raw body (one .docx, ≤ 5 MB) in memory: spooled to a temp file first so the size is capped
 * while it streams in. 413 past the limit, a quiet 400 for an aborted upload, 400 for an empty body.
 */
export async function receiveTemplateFile(c: Context<AppEnv>): Promise<Buffer> {
  const body = c.req.raw.body
  if (!body)
    throw new ApiError(400, 'validation', TEMPLATE_MESSAGES.notDocx, { file: TEMPLATE_MESSAGES.notDocx })
  let spooled
  try {
    spooled = await spoolUpload(c.get('deps').env.dataDir, body, { maxBytes: MAX_TEMPLATE_DOCX_BYTES })
  } catch (error) {
    if (error instanceof FileTooLargeError) throw new ApiError(413, 'too_large', TEMPLATE_MESSAGES.tooLarge)
    if (error instanceof UploadAbortedError)
      throw new ApiError(400, 'upload_aborted', TEMPLATE_MESSAGES.aborted)
    throw error
  }
  try {
    if (spooled.size === 0)
      throw new ApiError(400, 'validation', TEMPLATE_MESSAGES.notDocx, { file: TEMPLATE_MESSAGES.notDocx })
    return await readFile(spooled.path)
  } finally {
    await spooled.cleanup()
  }
}

/** Runs `record` after `key` was stored; on any failure the stored file goes too (no row points at it). */
export async function discardOnFailure<T>(
  storage: FileStorage,
  keys: readonly string[],
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record()
  } catch (error) {
    for (const key of keys) {
      await storage.delete('documents', key).catch((cleanupError: unknown) => {
        log.error('template file cleanup failed', { error: cleanupError })
      })
    }
    throw error
  }
}

/** Stores a Word template's bytes as they came; returns its key. */
export async function storeTemplateDocx(storage: FileStorage, bytes: Buffer): Promise<string> {
  const key = newStorageKey()
  await storage.put('documents', key, bytes, { contentType: DOCX_MIME })
  return key
}

/** A Word template's bytes; null when the file is gone (the caller answers that the file is unavailable). */
export function loadTemplateDocx(storage: FileStorage, key: string): Promise<Buffer | null> {
  return storage.get('documents', key)
}

/**
 * Stores a generated file as a document version would be (the office's at-rest encryption included: size
 * and SHA-256 are the plaintext's, as for an upload). Returns what insertDocument records.
 */
export async function storeGeneratedFile(
  deps: Pick<AppDeps, 'env'>,
  db: Executor,
  officeId: string,
  bytes: Buffer,
  file: { tipo: 'PDF' | 'DOCX'; originalName: string },
): Promise<StoredFile> {
  const storage = templateStorage(deps)
  const mimeType = file.tipo === 'PDF' ? PDF_MIME : DOCX_MIME
  const { encryptDocuments: encrypted } = await getOfficeSettings(db, officeId)
  const key = encrypted ? await getEncryptionKey(deps.env) : null
  const storageKey = newStorageKey()
  const body = key ? pipeline(Readable.from([bytes]), encryptingStream(key), () => {}) : bytes
  await storage.put('documents', storageKey, body, { contentType: mimeType })
  return {
    storageKey,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    tipo: file.tipo,
    mimeType,
    originalName: file.originalName,
    encrypted,
  }
}

/** The orphan sweeper's view of the templates' files: every Word template's (deleted ones too). */
export const templateStorageReferences: StorageReferences = {
  area: 'documents',
  column: 'document_templates.docx_storage_key',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ key: documentTemplates.docxStorageKey })
      .from(documentTemplates)
      .where(inArray(documentTemplates.docxStorageKey, [...keys]))
    return rows.flatMap((row) => (row.key ? [row.key] : []))
  },
}
