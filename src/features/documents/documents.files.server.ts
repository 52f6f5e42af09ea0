import { contentDisposition } from '../../platform/content-disposition.server'
import { createReadStream } from 'node:fs'
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream'
import type { Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { decryptingStream, encryptingStream, getEncryptionKey } from '../../platform/file-encryption.server'
import {
  getStorage,
  hashingStream,
  newStorageKey,
  verifyingStream,
  type FileStorage,
} from '../../platform/storage.server'
import {
  FileTooLargeError,
  UploadAbortedError,
  spoolUpload,
  type SpooledFile,
} from '../../platform/upload-spool.server'
import { getOfficeSettings } from '../office-settings/office-settings.public.server'
import { DOCUMENT_MESSAGES, INLINE_FILE_TYPES, MAX_DOCUMENT_BYTES } from './documents.schema'
import type { StoredFile } from './documents.write.server'
import type { VersionFile } from './documents.service.server'
import { sniffDocumentFile } from './file-sniff.server'

// The bytes of documents, both ways. Upload: the raw request body is spooled to a temp file (size
// capped, hashed), sniffed there, then streamed to storage under a random key; the caller records it.
// Download: storage → checksum verification → response, never a whole file in memory.

export function documentStorage(c: Context<AppEnv>): FileStorage {
  return getStorage(c.get('deps').env)
}

export interface ReceivedFile {
  file: StoredFile
  /** Removes the stored file: the caller's transaction failed, so no row points at it. */
  discard(): Promise<void>
}

/**
 * Reads one file from the request body into storage. 413 past 10 MB, 415 for an empty file or any
 * content but PDF, DOC, DOCX, XLS, XLSX, JPG, PNG; nothing is left behind on any failure (a client
 * abort included: the spool deletes its temp file, and storage.put is atomic).
 */
export async function receiveFile(c: Context<AppEnv>, originalName: string): Promise<ReceivedFile> {
  const body = c.req.raw.body
  if (!body) throw new ApiError(415, 'unsupported_type', DOCUMENT_MESSAGES.emptyFile)
  let spooled: SpooledFile
  try {
    spooled = await spoolUpload(c.get('deps').env.dataDir, body, { maxBytes: MAX_DOCUMENT_BYTES })
  } catch (error) {
    if (error instanceof FileTooLargeError) throw new ApiError(413, 'too_large', DOCUMENT_MESSAGES.tooLarge)
    if (error instanceof UploadAbortedError)
      throw new ApiError(400, 'upload_aborted', DOCUMENT_MESSAGES.aborted)
    throw error
  }
  try {
    if (spooled.size === 0) throw new ApiError(415, 'unsupported_type', DOCUMENT_MESSAGES.emptyFile)
    const type = await sniffDocumentFile(spooled.path)
    if (!type) throw new ApiError(415, 'unsupported_type', DOCUMENT_MESSAGES.unsupportedType)
    const storage = documentStorage(c)
    const storageKey = newStorageKey()
    // The office may keep new uploads encrypted at rest (Configurações Avançadas, issue 12): the plaintext is
    // hashed on its way into the cipher, so the row keeps the plaintext's size and SHA-256 either way.
    const { encryptDocuments: encrypted } = await getOfficeSettings(c.get('db'), c.get('office').id)
    const key = encrypted ? await getEncryptionKey(c.get('deps').env) : null
    const plain = hashingStream()
    // pipeline, not pipe: a failed store closes the temp file too (storage.put reports the error).
    const source = pipeline(createReadStream(spooled.path), plain.stream, () => {})
    const body = key ? pipeline(source, encryptingStream(key), () => {}) : source
    await storage.put('documents', storageKey, body, { contentType: type.mimeType })
    const stored = plain.result()
    const discard = () => storage.delete('documents', storageKey)
    // The temp file is ours, but it is read twice: the hash of what reached storage must be the one
    // computed while the request streamed in.
    if (stored.sha256 !== spooled.sha256 || stored.size !== spooled.size) {
      await discard()
      throw new Error('stored document differs from the uploaded bytes')
    }
    return {
      file: { storageKey, size: stored.size, sha256: stored.sha256, ...type, originalName, encrypted },
      discard,
    }
  } finally {
    await spooled.cleanup()
  }
}

/** Runs `record` (the rows + audit transaction); on any failure the stored file goes too. */
export async function recordReceived<T>(received: ReceivedFile, record: () => Promise<T>): Promise<T> {
  try {
    return await record()
  } catch (error) {
    await received.discard().catch((cleanupError: unknown) => {
      log.error('document file cleanup failed', { error: cleanupError })
    })
    throw error
  }
}

/**
 * Passes chunks on one step late and drops the last one on error: when the checksum check fails at
 * the end, the client never receives the whole file (the response is cut short and fails) instead of
 * a complete-looking corrupted one.
 */
function holdBackLastChunk(): Transform {
  let held: Buffer | null = null
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const previous = held
      held = chunk
      callback(null, previous ?? undefined)
    },
    flush(callback: TransformCallback) {
      callback(null, held ?? undefined)
    },
  })
}

/**
 * What a document is served with when shown inline: a sandboxed, script-less document that may only
 * show itself (a PDF that is really something else can't run or load anything in our origin).
 */
export const INLINE_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"

/** The response of GET /api/documents/:id/file: the stored bytes, verified on the way out. */
export async function fileResponse(
  c: Context<AppEnv>,
  version: VersionFile,
  disposition: 'inline' | 'attachment',
): Promise<Response> {
  const source = await documentStorage(c).getStream('documents', version.storageKey)
  if (!source) {
    log.error('document file missing', { error: new Error(`missing documents/${version.storageKey}`) })
    throw new ApiError(500, 'file_unavailable', DOCUMENT_MESSAGES.fileUnavailable)
  }
  const key = version.encrypted ? await getEncryptionKey(c.get('deps').env) : null
  const verified = pipeline(
    // A tampered file fails authentication here, before its frame is released (and the source is closed).
    key ? pipeline(source, decryptingStream(key), () => {}) : source,
    verifyingStream({ size: version.size, sha256: version.sha256 }),
    holdBackLastChunk(),
    (error) => {
      if (error) log.error('document download failed', { error })
    },
  )
  const inline = disposition === 'inline' && INLINE_FILE_TYPES.includes(version.tipo)
  const headers = new Headers({
    'Content-Type': version.mimeType,
    'Content-Length': String(version.size),
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', version.originalName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  })
  if (inline) headers.set('Content-Security-Policy', INLINE_CSP)
  return new Response(Readable.toWeb(verified) as ReadableStream<Uint8Array>, { status: 200, headers })
}
