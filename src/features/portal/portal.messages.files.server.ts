import { createReadStream } from 'node:fs'
import { pipeline, Readable } from 'node:stream'
import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Database, Executor } from '../../db/client.server'
import type { AppEnv } from '../../platform/app-env.server'
import { contentDisposition } from '../../platform/content-disposition.server'
import { ApiError } from '../../platform/http-error.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import {
  getStorage,
  hashingStream,
  newStorageKey,
  verifyingStream,
  type FileStorage,
} from '../../platform/storage.server'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import {
  FileTooLargeError,
  spoolUpload,
  UploadAbortedError,
  type SpooledFile,
} from '../../platform/upload-spool.server'
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from '../documents/documents.public'
import { sniffDocumentFile } from '../documents/documents.public.server'
import { PORTAL_MESSAGE_TEXTS, type PortalMessageFile } from './portal.messages.schema'
import { portalMessageFiles } from './portal.table.server'

// The bytes of message attachments, both ways, under exactly the documents' rules (issue 8): one file per
// request as the raw body, spooled to a temp file (10 MB cap, hashed), judged by its content (PDF, DOC, DOCX,
// XLS, XLSX, JPG, PNG), streamed to storage under a random key, then recorded unattached (message_id null)
// until the message that carries it is sent. Downloads are verified against the recorded checksum.

/** The storage area: message files are office documents of a kind (the backup and sweeper know it). */
const AREA = 'documents'

/** Unattached uploads older than this are purged (the composer was abandoned). */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000

export interface UploadOwner {
  officeId: string
  clientId: string
  userId: string
}

/**
 * Stores one file from the request body and records it as the user's pending upload for this client's
 * thread. 413 past 10 MB, 415 for an empty file or any other content; nothing is left behind on failure.
 */
export async function receiveMessageFile(
  c: Context<AppEnv>,
  owner: UploadOwner,
  fileName: string,
): Promise<PortalMessageFile> {
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
  const storage = getStorage(c.get('deps').env)
  const storageKey = newStorageKey()
  let stored = false
  try {
    if (spooled.size === 0) throw new ApiError(415, 'unsupported_type', DOCUMENT_MESSAGES.emptyFile)
    const type = await sniffDocumentFile(spooled.path)
    if (!type) throw new ApiError(415, 'unsupported_type', DOCUMENT_MESSAGES.unsupportedType)
    const hashed = hashingStream()
    // pipeline, not pipe: a failed store closes the temp file too (storage.put reports the error).
    const source = pipeline(createReadStream(spooled.path), hashed.stream, () => {})
    await storage.put(AREA, storageKey, source, { contentType: type.mimeType })
    stored = true
    const result = hashed.result()
    // What reached storage must be what was hashed while the request streamed in.
    if (result.sha256 !== spooled.sha256 || result.size !== spooled.size) {
      throw new Error('stored message file differs from the uploaded bytes')
    }
    const [row] = await c
      .get('db')
      .insert(portalMessageFiles)
      .values({
        officeId: owner.officeId,
        clientId: owner.clientId,
        uploadedBy: owner.userId,
        storageKey,
        fileName,
        mimeType: type.mimeType,
        size: result.size,
        sha256: result.sha256,
      })
      .returning({ id: portalMessageFiles.id })
    if (!row) throw new Error('message file not recorded')
    return { id: row.id, fileName, size: result.size }
  } catch (error) {
    if (stored) {
      await storage.delete(AREA, storageKey).catch((cleanupError: unknown) => {
        log.error('message file cleanup failed', { error: cleanupError })
      })
    }
    throw error
  } finally {
    await spooled.cleanup()
  }
}

export interface StoredMessageFile {
  id: string
  messageId: string | null
  uploadedBy: string | null
  storageKey: string
  fileName: string
  mimeType: string
  size: number
  sha256: string
}

/** A file of this client's thread, by id (the route then decides whether the reader may have it). */
export async function findMessageFile(
  db: Executor,
  officeId: string,
  fileId: string,
): Promise<(StoredMessageFile & { clientId: string }) | null> {
  const [row] = await db
    .select({
      id: portalMessageFiles.id,
      clientId: portalMessageFiles.clientId,
      messageId: portalMessageFiles.messageId,
      uploadedBy: portalMessageFiles.uploadedBy,
      storageKey: portalMessageFiles.storageKey,
      fileName: portalMessageFiles.fileName,
      mimeType: portalMessageFiles.mimeType,
      size: portalMessageFiles.size,
      sha256: portalMessageFiles.sha256,
    })
    .from(portalMessageFiles)
    .where(and(eq(portalMessageFiles.officeId, officeId), eq(portalMessageFiles.id, fileId)))
  return row ? { ...row, size: Number(row.size) } : null
}

/** The download: storage → checksum verification → response, always as an attachment, never in memory. */
export async function messageFileResponse(c: Context<AppEnv>, file: StoredMessageFile): Promise<Response> {
  const source = await getStorage(c.get('deps').env).getStream(AREA, file.storageKey)
  if (!source) {
    log.error('message file missing', { error: new Error(`missing ${AREA}/${file.storageKey}`) })
    throw new ApiError(500, 'file_unavailable', DOCUMENT_MESSAGES.fileUnavailable)
  }
  const verified = pipeline(source, verifyingStream({ size: file.size, sha256: file.sha256 }), (error) => {
    if (error) log.error('message file download failed', { error })
  })
  return new Response(Readable.toWeb(verified) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': file.mimeType,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition('attachment', file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}

export const fileNotFound = () => new ApiError(404, 'not_found', PORTAL_MESSAGE_TEXTS.fileNotFound)

const PURGE_BATCH = 200

/** Deletes uploads never attached to a message and older than `olderThan`: file first, then the row. */
export async function purgeUnattachedMessageFiles(
  deps: { db: Database; storage: FileStorage },
  olderThan: Date,
): Promise<number> {
  let purged = 0
  for (;;) {
    const batch = await deps.db
      .select({ id: portalMessageFiles.id, storageKey: portalMessageFiles.storageKey })
      .from(portalMessageFiles)
      .where(and(isNull(portalMessageFiles.messageId), lt(portalMessageFiles.createdAt, olderThan)))
      .limit(PURGE_BATCH)
    if (batch.length === 0) return purged
    for (const file of batch) await deps.storage.delete(AREA, file.storageKey)
    // Only rows still unattached: a message sent meanwhile keeps its row (its file reads as unavailable).
    const removed = await deps.db
      .delete(portalMessageFiles)
      .where(
        and(
          inArray(
            portalMessageFiles.id,
            batch.map((file) => file.id),
          ),
          isNull(portalMessageFiles.messageId),
        ),
      )
      .returning({ id: portalMessageFiles.id })
    purged += removed.length
    if (batch.length < PURGE_BATCH) return purged
  }
}

/** The portal's scheduled jobs (src/server/jobs.server.ts runs them). */
export const portalJobs: JobDefinition[] = [
  {
    name: 'portal.purge_files',
    // Daily at 03:20 in São Paulo, among the other nightly purges.
    schedule: '20 3 * * *',
    async handler({ deps }) {
      await purgeUnattachedMessageFiles(
        { db: deps.db, storage: getStorage(deps.env) },
        new Date(Date.now() - UNATTACHED_TTL_MS),
      )
    },
  },
]

/** The orphan sweeper's view of the message files ('documents' area): every recorded attachment. */
export const portalMessageStorageReferences: StorageReferences = {
  area: AREA,
  column: 'portal_message_files.storage_key',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ key: portalMessageFiles.storageKey })
      .from(portalMessageFiles)
      .where(inArray(portalMessageFiles.storageKey, [...keys]))
    return rows.map((row) => row.key)
  },
}
