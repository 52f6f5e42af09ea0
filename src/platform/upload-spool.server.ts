import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload exceeds ${maxBytes} bytes`)
    this.name = 'FileTooLargeError'
  }
}

/** The body ended in an error before its end: the client aborted (or its connection dropped). */
export class UploadAbortedError extends Error {
  constructor() {
    super('upload aborted by the client')
    this.name = 'UploadAbortedError'
  }
}

/**
 * Removes what a crashed server left in the spool. Only call it while holding the DATA_DIR lock: then no
 * other process can be spooling into this folder.
 */
export async function clearSpool(dataDir: string): Promise<void> {
  await fs.rm(path.join(dataDir, 'tmp'), { recursive: true, force: true })
}

export interface SpooledFile {
  path: string
  size: number
  /** Lowercase hex. */
  sha256: string
  /** Removes the temp file (idempotent). Call it once the file is stored or refused. */
  cleanup(): Promise<void>
}

/**
 * Streams a request body to a temp file under DATA_DIR/tmp, hashing and counting as it goes, so the route can
 * sniff the content and check the size before anything reaches storage. Stops reading and deletes the temp file
 * past `maxBytes` (FileTooLargeError) or when the body errors (the client aborted). Never holds the file in memory.
 */
export async function spoolUpload(
  dataDir: string,
  body: ReadableStream<Uint8Array> | Readable,
  options: { maxBytes: number },
): Promise<SpooledFile> {
  const directory = path.join(dataDir, 'tmp')
  await fs.mkdir(directory, { recursive: true })
  const file = path.join(directory, `${randomBytes(12).toString('base64url')}.upload`)
  const hash = createHash('sha256')
  let size = 0
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length
      // Checked per chunk: the file never grows past the limit by more than one chunk.
      if (size > options.maxBytes) return callback(new FileTooLargeError(options.maxBytes))
      hash.update(chunk)
      callback(null, chunk)
    },
  })
  const source =
    body instanceof Readable ? body : Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0])
  let aborted = false
  source.once('error', () => (aborted = true))
  try {
    await pipeline(source, counting, createWriteStream(file, { flags: 'wx' }))
  } catch (error) {
    await fs.rm(file, { force: true })
    // A user pressing 'Cancelar' is not a server error: callers answer it quietly.
    if (aborted && !(error instanceof FileTooLargeError)) throw new UploadAbortedError()
    throw error
  }
  return {
    path: file,
    size,
    sha256: hash.digest('hex'),
    cleanup: () => fs.rm(file, { force: true }),
  }
}
