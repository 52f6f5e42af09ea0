import { createHash, randomBytes } from 'node:crypto'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import type { Env } from './env.server'
import { createLocalStorage } from './storage-local.server'
import { createS3Storage, type S3Settings } from './storage-s3.server'

/**
 * Stored files (DESIGN §6, §8 "Files", issue 8). Files live in named areas under random keys that the caller
 * keeps in its own row, together with the size and SHA-256 `put` returns. Two drivers, one interface:
 * `local` (DATA_DIR/files, the default) and `s3` (any S3-compatible service), chosen by `STORAGE`.
 * Bytes stream both ways: only `get` (small files such as avatars) reads a whole file into memory.
 */
export const STORAGE_AREAS = ['avatars', 'documents', 'backups'] as const
export type StorageArea = (typeof STORAGE_AREAS)[number]

export interface StoredObject {
  size: number
  /** Lowercase hex. */
  sha256: string
}

/** A stored file as a listing sees it: its key and when it was last written. */
export interface StoredEntry {
  key: string
  modifiedAt: Date
}

export type StorageBody = NodeJS.ReadableStream | Readable | ReadableStream<Uint8Array> | Uint8Array

export interface FileStorage {
  readonly driver: 'local' | 's3'
  /** Streams body to area/key. Atomic: on error or abort nothing remains under the key. */
  put(
    area: StorageArea,
    key: string,
    body: StorageBody,
    options?: { contentType?: string },
  ): Promise<StoredObject>
  /** A stream of the bytes, or null when there is no such file. */
  getStream(area: StorageArea, key: string): Promise<Readable | null>
  /** Whole file (small files only: avatars). */
  get(area: StorageArea, key: string): Promise<Buffer | null>
  /** Deleting a missing file is not an error (the row and the file may already disagree). */
  delete(area: StorageArea, key: string): Promise<void>
  /**
   * Every key stored in an area, in ascending order, page by page (a bucket may hold millions): for copies
   * of the whole platform (its backup and restore). Only our keys — never an upload still in progress.
   */
  list(area: StorageArea): AsyncIterable<string>
  /**
   * `list` with each file's last write time, for the orphan sweeper (storage-sweeper.server.ts): a file younger
   * than the grace period may be an upload whose row is not committed yet.
   */
  listEntries(area: StorageArea): AsyncIterable<StoredEntry>
}

/** 24 url-safe characters (18 random bytes), optionally '.ext' with a short lowercase extension. */
const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{24}(\.[a-z0-9]{1,8})?$/

export function newStorageKey(extension?: string): string {
  const key = randomBytes(18).toString('base64url')
  const full = extension ? `${key}.${extension}` : key
  if (!isStorageKey(full)) throw new Error(`invalid storage key extension: ${extension}`)
  return full
}

/** Keys are ours (never a user's file name), so '/', '..', '%' and friends can never reach a path or URL. */
export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key)
}

export class InvalidStorageKeyError extends Error {
  constructor(area: string, key: string) {
    super(`invalid storage location: ${JSON.stringify(area)}/${JSON.stringify(key)}`)
    this.name = 'InvalidStorageKeyError'
  }
}

/** Every driver calls this first: an unknown area or a key we did not make is refused before any I/O. */
export function assertStorageLocation(area: string, key: string): void {
  if (!(STORAGE_AREAS as readonly string[]).includes(area) || !isStorageKey(key))
    throw new InvalidStorageKeyError(area, key)
}

/** `list` checks its area the same way (there is no key). */
export function assertStorageArea(area: string): void {
  if (!(STORAGE_AREAS as readonly string[]).includes(area)) throw new InvalidStorageKeyError(area, '')
}

/** The body as a Node stream, whatever form the caller had it in. */
export function toNodeReadable(body: StorageBody): Readable {
  if (body instanceof Uint8Array) return Readable.from([body])
  if (body instanceof Readable) return body
  if (typeof (body as ReadableStream<Uint8Array>).getReader === 'function')
    return Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0])
  return new Readable().wrap(body as NodeJS.ReadableStream)
}

/** A pass-through that hashes and counts what flows through it; `result()` is final once it has ended. */
export function hashingStream(): { stream: Transform; result: () => StoredObject } {
  const hash = createHash('sha256')
  let size = 0
  let sha256: string | undefined
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      hash.update(chunk)
      size += chunk.length
      callback(null, chunk)
    },
    flush(callback: TransformCallback) {
      sha256 = hash.digest('hex')
      callback()
    },
  })
  return {
    stream,
    result: () => {
      if (sha256 === undefined) throw new Error('hashingStream read before its end')
      return { size, sha256 }
    },
  }
}

export class ChecksumMismatchError extends Error {
  constructor(
    readonly expected: StoredObject,
    readonly actual: { size: number; sha256?: string },
  ) {
    super(
      actual.sha256 === undefined
        ? `stored file is larger than its recorded ${expected.size} bytes`
        : `stored file differs from its record (size ${actual.size}/${expected.size}, sha256 mismatch: ${actual.sha256 !== expected.sha256})`,
    )
    this.name = 'ChecksumMismatchError'
  }
}

/**
 * Passes the bytes through and errors (ChecksumMismatchError) when they differ from the record: too many bytes
 * as soon as that is known, a wrong size or hash at the end. A download then breaks off instead of delivering a
 * corrupted file as if it were fine.
 */
export function verifyingStream(expected: StoredObject): Transform {
  const hash = createHash('sha256')
  let size = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length
      if (size > expected.size) return callback(new ChecksumMismatchError(expected, { size }))
      hash.update(chunk)
      callback(null, chunk)
    },
    flush(callback: TransformCallback) {
      const sha256 = hash.digest('hex')
      if (size !== expected.size || sha256 !== expected.sha256.toLowerCase())
        return callback(new ChecksumMismatchError(expected, { size, sha256 }))
      callback()
    },
  })
}

/** Reads a whole stream into one Buffer (for `get`: small files only). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

export type StorageEnv = Pick<Env, 'dataDir'> &
  Partial<
    Pick<
      Env,
      'STORAGE' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
    >
  >

function s3SettingsOf(env: StorageEnv): S3Settings {
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env
  // env.server.ts already refuses to start without them; this guards callers that build an env by hand.
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY)
    throw new Error(
      'STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    )
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  }
}

const cache = new Map<string, FileStorage>()

/** The storage of this server: one per DATA_DIR (so each test app gets its own folder) or per bucket. */
export function getStorage(env: StorageEnv): FileStorage {
  const s3 = env.STORAGE === 's3' ? s3SettingsOf(env) : undefined
  const cacheKey = s3 ? `s3:${s3.endpoint}/${s3.bucket}/${s3.accessKeyId}` : `local:${env.dataDir}`
  let storage = cache.get(cacheKey)
  if (!storage) {
    storage = s3 ? createS3Storage(s3) : createLocalStorage(env.dataDir)
    cache.set(cacheKey, storage)
  }
  return storage
}
