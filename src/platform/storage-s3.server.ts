import { Readable } from 'node:stream'
import {
  assertStorageArea,
  assertStorageLocation,
  hashingStream,
  isStorageKey,
  readAll,
  toNodeReadable,
  type FileStorage,
  type StorageArea,
} from './storage.server'

export interface S3Settings {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/** 5 MB parts (S3's minimum), two in flight: an upload holds at most ~10 MB in memory whatever its size. */
const PART_SIZE = 5 * 1024 * 1024
const QUEUE_SIZE = 2

async function loadSdk(settings: S3Settings) {
  const [{ DeleteObjectCommand, GetObjectCommand, ListObjectsCommand, S3Client }, { Upload }] =
    await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')])
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default (CRC32 on every request, sent as aws-chunked trailers) is refused or mangled by several
    // S3-compatible servers; we verify content with our own SHA-256 anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return { client, Upload, GetObjectCommand, DeleteObjectCommand, ListObjectsCommand }
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
}

/**
 * Objects `<area>/<key>` in one bucket of any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Backblaze B2).
 * Path-style addressing (`endpoint/bucket/key`), which all of them accept and which needs no wildcard DNS.
 * The bucket must exist: creating it is the operator's job (and needs rights the app should not have).
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  // The SDK costs ~350 ms and ~20 MB to load: only servers with STORAGE=s3 pay for it, on first use.
  let sdk: Promise<Sdk> | undefined
  const load = () => (sdk ??= loadSdk(settings))

  const Bucket = settings.bucket
  const objectKey = (area: StorageArea, key: string) => {
    assertStorageLocation(area, key)
    return `${area}/${key}`
  }

  const storage: FileStorage = {
    driver: 's3',

    async put(area, key, body, options) {
      const Key = objectKey(area, key)
      const { client, Upload } = await load()
      const hashing = hashingStream()
      const source = toNodeReadable(body)
      // pipe() does not forward errors: an aborted body must fail the upload, not leave it waiting forever.
      source.once('error', (error) => hashing.stream.destroy(error))
      source.pipe(hashing.stream)
      // A multipart upload only becomes an object when completed, and Upload aborts it on error: a failed or
      // aborted body leaves nothing under the key (a small body is one PutObject, sent only once fully read).
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: hashing.stream, ContentType: options?.contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
      } catch (error) {
        source.destroy()
        throw error
      }
      return hashing.result()
    },

    async getStream(area, key) {
      const Key = objectKey(area, key)
      const { client, GetObjectCommand } = await load()
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }))
        if (!Body) return null
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        return Body instanceof Readable ? Body : Readable.fromWeb(Body.transformToWebStream() as never)
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async get(area, key) {
      const stream = await storage.getStream(area, key)
      return stream ? readAll(stream) : null
    },

    async delete(area, key) {
      const Key = objectKey(area, key)
      const { client, DeleteObjectCommand } = await load()
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket, Key }))
    },

    async *list(area) {
      for await (const entry of storage.listEntries(area)) yield entry.key
    },

    async *listEntries(area) {
      assertStorageArea(area)
      const Prefix = `${area}/`
      const { client, ListObjectsCommand } = await load()
      // S3 lists keys in ascending UTF-8 order, up to 1000 a page; each page is asked for only when needed.
      // ListObjects (v1) with Marker = the last key seen: every S3-compatible service pages it alike, while
      // v2's continuation tokens are opaque per vendor (s3rver's can't even be made on Node ≥ 17).
      let Marker: string | undefined
      do {
        const page = await client.send(new ListObjectsCommand({ Bucket, Prefix, Marker }))
        const objects = page.Contents ?? []
        for (const object of objects) {
          const key = object.Key?.slice(Prefix.length)
          // No date (no service omits it, but the type allows it): counted as just written, never swept.
          if (key && isStorageKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date() }
        }
        Marker = page.IsTruncated ? objects.at(-1)?.Key : undefined
      } while (Marker)
    },
  }
  return storage
}
