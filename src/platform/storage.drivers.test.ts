import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { createCipheriv, createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnvError, loadEnv } from './env.server'
import { createLocalStorage } from './storage-local.server'
import { createS3Storage, type S3Settings } from './storage-s3.server'
import { sweepOrphanFiles } from './storage-sweeper.server'
import {
  ChecksumMismatchError,
  getStorage,
  isStorageKey,
  newStorageKey,
  readAll,
  verifyingStream,
  type FileStorage,
  type StorageArea,
} from './storage.server'

// s3rver ships no types; this is the part of its API the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
}
type S3rverConstructor = new (options: {
  address: string
  port: number
  directory: string
  silent: boolean
}) => S3rverInstance
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor

interface DriverUnderTest {
  storage: FileStorage
  /** Changes the stored bytes behind the driver's back (disk rot, a tampered bucket). */
  corrupt(area: StorageArea, key: string, bytes: Uint8Array): Promise<void>
  /** Anything an unfinished upload could have left behind. */
  leftovers(area: StorageArea): Promise<string[]>
  close(): Promise<void>
}

async function tempDir(prefix: string) {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix))
}

async function localDriver(): Promise<DriverUnderTest> {
  const dataDir = await tempDir('jc-storage-local-')
  const folderOf = (area: StorageArea) => path.join(dataDir, 'files', area)
  return {
    storage: createLocalStorage(dataDir),
    corrupt: (area, key, bytes) => fs.writeFile(path.join(folderOf(area), key), bytes),
    leftovers: async (area) =>
      (await fs.readdir(folderOf(area)).catch(() => [])).filter((f) => f.startsWith('.')),
    close: () => fs.rm(dataDir, { recursive: true, force: true }),
  }
}

/** No S3 server can be installed on these machines: s3rver (a fake S3 in Node) on loopback stands in. */
async function s3Driver(): Promise<DriverUnderTest> {
  const directory = await tempDir('jc-storage-s3-')
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true })
  const { port } = await server.run()
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'jusconecta-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  }
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  })
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }))
  return {
    storage: createS3Storage(settings),
    corrupt: async (area, key, bytes) => {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: `${area}/${key}`, Body: bytes }))
    },
    // Multipart parts are invisible as objects; an upload aborted mid-way must not have produced the object.
    leftovers: async () => [],
    close: async () => {
      client.destroy()
      await server.close()
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Deterministic, incompressible bytes (AES-CTR keystream, chunk number as IV), 1 MB by default. */
function chunkOf(index: number, size = 1024 * 1024) {
  const iv = Buffer.alloc(16)
  iv.writeUInt32BE(index, 12)
  return createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), iv).update(Buffer.alloc(size))
}

function bigStream(megabytes: number) {
  const hash = createHash('sha256')
  for (let i = 0; i < megabytes; i++) hash.update(chunkOf(i))
  const expected = { size: megabytes * 1024 * 1024, sha256: hash.digest('hex') }
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < megabytes; i++) yield chunkOf(i)
    })(),
  )
  return { stream, expected }
}

/** Sends `megabytes` then fails, as a request body does when the client goes away mid-upload. */
function abortedStream(megabytes: number) {
  let sent = 0
  return new Readable({
    read() {
      if (sent < megabytes) this.push(chunkOf(sent++))
      else this.destroy(new Error('client aborted'))
    },
  })
}

async function sha256Of(stream: Readable) {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of stream) {
    hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  return { size, sha256: hash.digest('hex') }
}

const drivers = { local: localDriver, s3: s3Driver }

describe.each(['local', 's3'] as const)('%s storage driver', (name) => {
  let d: DriverUnderTest
  beforeAll(async () => {
    d = await drivers[name]()
  })
  afterAll(() => d?.close())

  it('reports its driver', () => {
    expect(d.storage.driver).toBe(name)
  })

  it('round-trips bytes with put, getStream and get, returning size and sha256', async () => {
    const bytes = new TextEncoder().encode('Procuração ad judicia — cópia')
    const key = newStorageKey('pdf')
    const stored = await d.storage.put('documents', key, bytes, { contentType: 'application/pdf' })
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) })
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(await d.storage.get('documents', key)).toEqual(Buffer.from(bytes))
    const stream = await d.storage.getStream('documents', key)
    expect(stream).not.toBeNull()
    expect(await readAll(stream!)).toEqual(Buffer.from(bytes))
  })

  it('stores an empty file', async () => {
    const key = newStorageKey()
    expect(await d.storage.put('documents', key, new Uint8Array())).toEqual({
      size: 0,
      sha256: sha256(new Uint8Array()),
    })
    expect(await d.storage.get('documents', key)).toEqual(Buffer.alloc(0))
  })

  it('streams a 12 MB body in and out intact', async () => {
    const { stream, expected } = bigStream(12)
    const key = newStorageKey()
    expect(await d.storage.put('documents', key, stream)).toEqual(expected)
    expect(await sha256Of((await d.storage.getStream('documents', key))!)).toEqual(expected)
  })

  it('accepts a web ReadableStream body', async () => {
    const bytes = chunkOf(7, 1000)
    const key = newStorageKey()
    const web = Readable.toWeb(Readable.from([bytes])) as ReadableStream<Uint8Array>
    expect(await d.storage.put('avatars', key, web)).toEqual({ size: 1000, sha256: sha256(bytes) })
    expect(await d.storage.get('avatars', key)).toEqual(bytes)
  })

  it('answers null for a missing file', async () => {
    const key = newStorageKey('pdf')
    expect(await d.storage.get('documents', key)).toBeNull()
    expect(await d.storage.getStream('documents', key)).toBeNull()
  })

  it('keeps areas apart', async () => {
    const key = newStorageKey('webp')
    await d.storage.put('avatars', key, new Uint8Array([1, 2, 3]))
    expect(await d.storage.get('documents', key)).toBeNull()
  })

  it('deletes, and deleting a missing file is not an error', async () => {
    const key = newStorageKey()
    await d.storage.put('documents', key, new Uint8Array([1, 2, 3]))
    await d.storage.delete('documents', key)
    expect(await d.storage.get('documents', key)).toBeNull()
    await expect(d.storage.delete('documents', key)).resolves.toBeUndefined()
    await expect(d.storage.delete('documents', newStorageKey())).resolves.toBeUndefined()
  })

  it('replaces a file atomically: a second put under the key wins whole', async () => {
    const key = newStorageKey()
    await d.storage.put('documents', key, new Uint8Array([1, 2, 3]))
    await d.storage.put('documents', key, new Uint8Array([4, 5]))
    expect(await d.storage.get('documents', key)).toEqual(Buffer.from([4, 5]))
  })

  it.each([1, 7])('leaves nothing behind when the body aborts after %i MB', async (megabytes) => {
    const key = newStorageKey()
    await expect(d.storage.put('documents', key, abortedStream(megabytes))).rejects.toThrow()
    expect(await d.storage.getStream('documents', key)).toBeNull()
    expect(await d.storage.get('documents', key)).toBeNull()
    expect(await d.leftovers('documents')).toEqual([])
  })

  it('leaves the previous file intact when a replacing upload aborts', async () => {
    const key = newStorageKey()
    await d.storage.put('documents', key, new Uint8Array([9, 9, 9]))
    await expect(d.storage.put('documents', key, abortedStream(1))).rejects.toThrow()
    expect(await d.storage.get('documents', key)).toEqual(Buffer.from([9, 9, 9]))
  })

  it.each([
    ['documents', '../../etc/passwd'],
    ['documents', 'AAAAAAAAAAAAAAAAAAAAAAAA/../x'],
    ['documents', '..'],
    ['documents', ''],
    ['documents', 'AAAAAAAAAAAAAAAAAAAAAAA%2f'],
    ['documents', 'contrato final.pdf'],
    ['documents', 'AAAAAAAAAAAAAAAAAAAAAAAA.PDF/'],
    ['../documents', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['uploads', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('refuses area %j key %j before any I/O', async (area, key) => {
    const a = area as StorageArea
    await expect(d.storage.put(a, key, new Uint8Array([1]))).rejects.toThrow(/invalid storage location/)
    await expect(d.storage.get(a, key)).rejects.toThrow(/invalid storage location/)
    await expect(d.storage.getStream(a, key)).rejects.toThrow(/invalid storage location/)
    await expect(d.storage.delete(a, key)).rejects.toThrow(/invalid storage location/)
  })

  // 'backups' is this test's own area here: no other test of the suite stores there.
  it('lists an area: every key in order across pages, only our keys, nothing deleted, no unknown area', async () => {
    const list = async (area: StorageArea) => {
      const keys: string[] = []
      for await (const key of d.storage.list(area)) keys.push(key)
      return keys
    }
    expect(await list('backups')).toEqual([])
    const stored = [newStorageKey('zip'), newStorageKey(), newStorageKey('zip')]
    for (const key of stored) await d.storage.put('backups', key, new Uint8Array([1]))
    // More than one S3 page (1000 keys): written behind the driver's back, 50 at a time.
    const many = Array.from({ length: 1001 }, () => newStorageKey())
    for (let i = 0; i < many.length; i += 50)
      await Promise.all(many.slice(i, i + 50).map((key) => d.corrupt('backups', key, new Uint8Array([2]))))
    // Not ours: a name that is no storage key (an operator's note, an upload's temp file).
    await d.corrupt('backups', 'LEIA-ME.txt', new Uint8Array([3]))
    await d.corrupt('backups', `.${stored[0]}.abc123.tmp`, new Uint8Array([3]))
    const listed = await list('backups')
    expect(listed).toEqual([...stored, ...many].sort())
    await d.storage.delete('backups', stored[1]!)
    expect(await list('backups')).not.toContain(stored[1])
    expect(await list('avatars')).not.toContain(stored[0])
    await expect(list('../backups' as StorageArea)).rejects.toThrow(/invalid storage location/)
  }, 60_000)

  it('verifyingStream passes an intact file and detects a corrupted one', async () => {
    const { stream, expected } = bigStream(2)
    const key = newStorageKey('pdf')
    const stored = await d.storage.put('documents', key, stream)
    const drain = async (source: AsyncIterable<unknown>) => {
      for await (const _ of source);
    }
    const readVerified = async () =>
      pipeline((await d.storage.getStream('documents', key))!, verifyingStream(stored), drain)
    await expect(readVerified()).resolves.toBeUndefined()

    // Same size, one byte flipped.
    const corrupted = Buffer.concat([chunkOf(0), chunkOf(1)])
    corrupted[12345] = corrupted[12345]! ^ 0xff
    await d.corrupt('documents', key, corrupted)
    await expect(readVerified()).rejects.toBeInstanceOf(ChecksumMismatchError)
    // Truncated, and grown.
    await d.corrupt('documents', key, chunkOf(0))
    await expect(readVerified()).rejects.toBeInstanceOf(ChecksumMismatchError)
    await d.corrupt('documents', key, Buffer.concat([chunkOf(0), chunkOf(1), Buffer.from([0])]))
    await expect(readVerified()).rejects.toBeInstanceOf(ChecksumMismatchError)
    expect(stored).toEqual(expected)
  })

  it('lists entries with the time each file was last written', async () => {
    const before = Date.now()
    const key = newStorageKey()
    await d.storage.put('documents', key, new Uint8Array([1]))
    const after = Date.now()
    const entries = []
    for await (const entry of d.storage.listEntries('documents')) entries.push(entry)
    expect(entries.map((entry) => entry.key)).toEqual(entries.map((entry) => entry.key).sort())
    const entry = entries.find((item) => item.key === key)
    // S3 reports whole seconds.
    expect(entry?.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(entry?.modifiedAt.getTime()).toBeLessThanOrEqual(after + 1000)
    await expect(
      (async () => {
        for await (const _ of d.storage.listEntries('../documents' as StorageArea));
      })(),
    ).rejects.toThrow(/invalid storage location/)
  })

  // Issue 24: files no row points at (a failed delete after an account deletion, a crash mid-upload).
  it('sweeps orphans past the grace period; keeps referenced and fresh files; stops while paused', async () => {
    const orphan = newStorageKey('pdf')
    const stubborn = newStorageKey('pdf')
    const referenced = newStorageKey('pdf')
    for (const key of [orphan, stubborn, referenced])
      await d.storage.put('documents', key, new TextEncoder().encode(`arquivo ${key}`))
    // Older than the grace period below, even with S3's whole-second times.
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const now = new Date()
    const fresh = newStorageKey('pdf')
    await d.storage.put('documents', fresh, new Uint8Array([1]))

    const asked: string[] = []
    const sweep = (storage = d.storage, paused?: () => Promise<boolean>) =>
      sweepOrphanFiles({
        storage,
        area: 'documents',
        now,
        graceMs: 1500,
        paused,
        async referencedAmong(keys) {
          asked.push(...keys)
          return new Set(keys.filter((key) => key === referenced))
        },
      })
    const exists = async (key: string) => (await d.storage.get('documents', key)) !== null

    // A platform restore is putting files back: nothing is deleted.
    const paused = await sweep(d.storage, async () => true)
    expect(paused).toMatchObject({ stopped: true, deleted: 0 })
    expect(await exists(orphan)).toBe(true)

    // One delete fails: logged and counted, the others still go, and the next sweep tries it again.
    const failing = {
      ...d.storage,
      delete: async (area: StorageArea, key: string) => {
        if (key === stubborn) throw Object.assign(new Error('EACCES'), { code: 'EACCES' })
        return d.storage.delete(area, key)
      },
    }
    const first = await sweep(failing)
    expect(first.failed).toBe(1)
    expect(first.deleted).toBeGreaterThanOrEqual(1)
    expect(await exists(orphan)).toBe(false)
    expect(await exists(stubborn)).toBe(true)

    const second = await sweep()
    expect(second).toMatchObject({ failed: 0, stopped: false })
    expect(await exists(stubborn)).toBe(false)
    expect(await exists(referenced)).toBe(true)
    expect(await exists(fresh)).toBe(true)
    // A file younger than the grace period is never even looked up.
    expect(asked).toContain(referenced)
    expect(asked).not.toContain(fresh)
  })
})

describe('storage keys', () => {
  it('makes random 24-character url-safe keys, with an optional extension', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newStorageKey()))
    expect(keys.size).toBe(200)
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(newStorageKey('webp')).toMatch(/^[A-Za-z0-9_-]{24}\.webp$/)
    expect(() => newStorageKey('../x')).toThrow()
    expect(isStorageKey('AAAAAAAAAAAAAAAAAAAAAAAA.docx')).toBe(true)
    expect(isStorageKey('AAAAAAAAAAAAAAAAAAAAAAA')).toBe(false)
  })
})

describe('local driver: avatars stored before issue 8', () => {
  it('reads them from DATA_DIR/uploads/avatars and deletes them there', async () => {
    const dataDir = await tempDir('jc-storage-legacy-')
    try {
      const key = newStorageKey('webp')
      await fs.mkdir(path.join(dataDir, 'uploads', 'avatars'), { recursive: true })
      await fs.writeFile(path.join(dataDir, 'uploads', 'avatars', key), 'old avatar')
      const storage = createLocalStorage(dataDir)
      expect((await storage.get('avatars', key))?.toString()).toBe('old avatar')
      expect((await readAll((await storage.getStream('avatars', key))!)).toString()).toBe('old avatar')
      // Only avatars had a previous home.
      expect(await storage.get('documents', key)).toBeNull()
      await storage.delete('avatars', key)
      expect(await storage.get('avatars', key)).toBeNull()
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('choosing the driver from the environment', () => {
  const s3Env = {
    STORAGE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'escritorio',
    S3_REGION: 'sa-east-1',
    S3_ACCESS_KEY_ID: 'chave',
    S3_SECRET_ACCESS_KEY: 'segredo',
  }

  it('is local by default, one instance per DATA_DIR', () => {
    const env = loadEnv({ DATA_DIR: '/tmp/jc-a' })
    expect(env.STORAGE).toBe('local')
    expect(getStorage(env).driver).toBe('local')
    expect(getStorage(env)).toBe(getStorage(loadEnv({ DATA_DIR: '/tmp/jc-a' })))
    expect(getStorage(env)).not.toBe(getStorage(loadEnv({ DATA_DIR: '/tmp/jc-b' })))
  })

  it('is s3 with STORAGE=s3 and the five S3_* variables', () => {
    expect(getStorage(loadEnv(s3Env)).driver).toBe('s3')
  })

  it.each(['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])(
    'refuses to start with STORAGE=s3 and no %s, naming it in pt-BR',
    (name) => {
      const start = () => loadEnv({ ...s3Env, [name]: '' })
      expect(start).toThrow(EnvError)
      expect(start).toThrow(`Variável de ambiente inválida ${name}="": obrigatória quando STORAGE=s3`)
    },
  )

  it('refuses an unknown STORAGE and a malformed endpoint', () => {
    expect(() => loadEnv({ STORAGE: 'ftp' })).toThrow(/STORAGE/)
    expect(() => loadEnv({ ...s3Env, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/)
  })
})
