import { open } from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import { pipeline, Readable } from 'node:stream'
import type { AppEnv } from '../../platform/app-env.server'
import { contentDisposition } from '../../platform/content-disposition.server'
import { ApiError } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { getStorage, newStorageKey, verifyingStream } from '../../platform/storage.server'
import {
  FileTooLargeError,
  UploadAbortedError,
  spoolUpload,
  type SpooledFile,
} from '../../platform/upload-spool.server'
import { CV_MAX_BYTES } from './jobs.constants'
import { JOB_MESSAGES } from './jobs.schema'
import type { StoredCv } from './jobs.applications.server'

// CVs (issue 13) follow the house upload pattern (documents.files.server.ts): raw body spooled to a temp
// file (size capped, hashed), sniffed by content, then streamed to storage under a random key. They live
// in the private 'documents' area: only the candidate and the job's entity ever get them back.

const AREA = 'documents'

async function isPdf(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(5)
    const { bytesRead } = await handle.read(head, 0, 5, 0)
    return bytesRead === 5 && head.toString('latin1') === '%PDF-'
  } finally {
    await handle.close()
  }
}

/** Stores the request's PDF; `record` runs after, and the file is removed if it fails. */
/** What these helpers read of a request's context (any route's, whatever its middleware added). */
interface FileContext {
  req: { raw: Request }
  var: { deps: AppEnv['Variables']['deps'] }
}

export async function receiveCv<T>(
  c: FileContext,
  nome: string,
  record: (cv: StoredCv) => Promise<T>,
): Promise<T> {
  const body = c.req.raw.body
  if (!body) throw new ApiError(400, 'validation', JOB_MESSAGES.cvRequired)
  let spooled: SpooledFile
  try {
    spooled = await spoolUpload(c.var.deps.env.dataDir, body, { maxBytes: CV_MAX_BYTES })
  } catch (error) {
    if (error instanceof FileTooLargeError) throw new ApiError(413, 'too_large', JOB_MESSAGES.cvTooLarge)
    if (error instanceof UploadAbortedError)
      throw new ApiError(400, 'upload_aborted', JOB_MESSAGES.uploadAborted)
    throw error
  }
  const storage = getStorage(c.var.deps.env)
  let storageKey: string
  try {
    if (spooled.size === 0) throw new ApiError(400, 'validation', JOB_MESSAGES.cvRequired)
    if (!(await isPdf(spooled.path))) throw new ApiError(415, 'unsupported_type', JOB_MESSAGES.cvNotPdf)
    storageKey = newStorageKey('pdf')
    const stored = await storage.put(AREA, storageKey, createReadStream(spooled.path), {
      contentType: 'application/pdf',
    })
    if (stored.sha256 !== spooled.sha256 || stored.size !== spooled.size) {
      await storage.delete(AREA, storageKey)
      throw new Error('stored CV differs from the uploaded bytes')
    }
  } finally {
    await spooled.cleanup()
  }
  try {
    return await record({ storageKey, nome, size: spooled.size, sha256: spooled.sha256 })
  } catch (error) {
    await storage.delete(AREA, storageKey).catch((cleanupError: unknown) => {
      log.error('cv cleanup failed', { error: cleanupError })
    })
    throw error
  }
}

/** The stored CV, verified on the way out, always as a download (never rendered in our origin). */
export async function cvResponse(
  c: FileContext,
  cv: { key: string; nome: string; size: number; sha256: string },
): Promise<Response> {
  const source = await getStorage(c.var.deps.env).getStream(AREA, cv.key)
  if (!source) {
    log.error('cv file missing', { error: new Error('missing cv file') })
    throw new ApiError(500, 'file_unavailable', JOB_MESSAGES.fileUnavailable)
  }
  const verified = pipeline(source, verifyingStream({ size: cv.size, sha256: cv.sha256 }), (error) => {
    if (error) log.error('cv download failed', { error })
  })
  const nome = cv.nome.toLowerCase().endsWith('.pdf') ? cv.nome : `${cv.nome}.pdf`
  return new Response(Readable.toWeb(verified) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(cv.size),
      'Content-Disposition': contentDisposition('attachment', nome),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}
