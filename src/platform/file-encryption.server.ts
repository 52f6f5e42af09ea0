import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import type { Env } from './env.server'

/**
 * Encryption at rest (issue 12: an office's "Criptografia de documentos", the office SMTP password).
 * AES-256-GCM with one key per installation: FILES_ENCRYPTION_KEY (32 bytes, base64 or hex) or, when absent,
 * a key generated once under DATA_DIR (mode 0600). Losing that key makes the encrypted files unreadable, so
 * production should set the variable and keep it with the database backups.
 */
const KEY_FILE = 'files-encryption.key'
const KEY_BYTES = 32

/** Parses FILES_ENCRYPTION_KEY: 64 hex characters or base64 of 32 bytes; null when it is neither. */
export function parseEncryptionKey(text: string): Buffer | null {
  const value = text.trim()
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex')
  const decoded = Buffer.from(value, 'base64')
  return decoded.length === KEY_BYTES ? decoded : null
}

const keysByDir = new Map<string, Promise<Buffer>>()

/** The installation's key (read or created once per process). */
export function getEncryptionKey(env: Pick<Env, 'dataDir' | 'FILES_ENCRYPTION_KEY'>): Promise<Buffer> {
  if (env.FILES_ENCRYPTION_KEY) {
    const key = parseEncryptionKey(env.FILES_ENCRYPTION_KEY)
    if (!key) throw new Error('FILES_ENCRYPTION_KEY must be 32 bytes (base64 or hex)')
    return Promise.resolve(key)
  }
  let key = keysByDir.get(env.dataDir)
  if (!key) {
    key = readOrCreateKeyFile(env.dataDir)
    keysByDir.set(env.dataDir, key)
    key.catch(() => keysByDir.delete(env.dataDir))
  }
  return key
}

async function readOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE)
  await mkdir(dataDir, { recursive: true })
  try {
    // 'wx': only the first process to get here writes; the others read what it wrote.
    await writeFile(file, randomBytes(KEY_BYTES).toString('base64'), { flag: 'wx', mode: 0o600 })
    await chmod(file, 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const key = parseEncryptionKey(await readFile(file, 'utf8'))
  if (!key) throw new Error(`${file} does not hold a 32-byte key`)
  return key
}

// ---- Small secrets (the SMTP password): "v1:" + base64(iv ‖ tag ‖ ciphertext). ----

export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`
}

export function decryptSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('unknown secret format')
  const raw = Buffer.from(sealed.slice(3), 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

// ---- Files: a stream of GCM frames, each authenticated before a byte of it is released. ----
//
// Layout: MAGIC (4) ‖ nonce prefix (8) ‖ frames. A frame is its plaintext length (4, big-endian) ‖ ciphertext ‖
// tag (16). Frame i's IV is prefix ‖ i (4, big-endian); its additional data is i and whether it is the last
// frame, so frames cannot be reordered, dropped or the file truncated without the check failing.

const MAGIC = Buffer.from('JCE1')
const HEADER_BYTES = MAGIC.length + 8
const FRAME_BYTES = 64 * 1024
const TAG_BYTES = 16

function frameIv(prefix: Buffer, index: number): Buffer {
  const iv = Buffer.alloc(12)
  prefix.copy(iv, 0)
  iv.writeUInt32BE(index, 8)
  return iv
}

function frameAad(index: number, last: boolean): Buffer {
  const aad = Buffer.alloc(5)
  aad.writeUInt32BE(index, 0)
  aad.writeUInt8(last ? 1 : 0, 4)
  return aad
}

export class EncryptedFileError extends Error {
  constructor(reason: string) {
    super(`encrypted file rejected: ${reason}`)
    this.name = 'EncryptedFileError'
  }
}

/** Plaintext in, encrypted file out (always at least one frame, so an empty file is authenticated too). */
export function encryptingStream(key: Buffer): Transform {
  const prefix = randomBytes(8)
  let index = 0
  let pending = Buffer.alloc(0)
  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, frameIv(prefix, index))
    cipher.setAAD(frameAad(index, last))
    index += 1
    const length = Buffer.alloc(4)
    length.writeUInt32BE(plain.length, 0)
    return Buffer.concat([length, cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  }
  return new Transform({
    construct(callback) {
      this.push(Buffer.concat([MAGIC, prefix]))
      callback()
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = Buffer.concat([pending, chunk])
      // Full frames go out as they fill; the rest waits for the end, when the last frame is sealed as such.
      while (pending.length > FRAME_BYTES) {
        this.push(seal(pending.subarray(0, FRAME_BYTES), false))
        pending = pending.subarray(FRAME_BYTES)
      }
      callback()
    },
    flush(callback: TransformCallback) {
      // The last frame is the one shorter than a full frame (the reader tells it by that): a file ending on
      // a frame boundary gets an empty last frame.
      if (pending.length === FRAME_BYTES) {
        this.push(seal(pending, false))
        pending = Buffer.alloc(0)
      }
      callback(null, seal(pending, true))
    },
  })
}

/** Encrypted file in, plaintext out; any tampering, truncation or wrong key errors (EncryptedFileError). */
export function decryptingStream(key: Buffer): Transform {
  let buffered = Buffer.alloc(0)
  let prefix: Buffer | null = null
  let index = 0
  let finished = false
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered = Buffer.concat([buffered, chunk])
      try {
        if (!prefix) {
          if (buffered.length < HEADER_BYTES) return callback()
          if (!buffered.subarray(0, MAGIC.length).equals(MAGIC)) throw new EncryptedFileError('header')
          prefix = Buffer.from(buffered.subarray(MAGIC.length, HEADER_BYTES))
          buffered = buffered.subarray(HEADER_BYTES)
        }
        while (buffered.length >= 4) {
          const length = buffered.readUInt32BE(0)
          if (length > FRAME_BYTES) throw new EncryptedFileError('frame length')
          const total = 4 + length + TAG_BYTES
          if (buffered.length < total) break
          if (finished) throw new EncryptedFileError('data after the last frame')
          // A full frame followed by nothing yet may still be the last one: only the end of input tells.
          const last = length < FRAME_BYTES
          this.push(open(buffered.subarray(0, total), last))
          buffered = buffered.subarray(total)
        }
        callback()
      } catch (error) {
        callback(error as Error)
      }
    },
    flush(callback: TransformCallback) {
      if (finished && buffered.length === 0) return callback()
      callback(new EncryptedFileError('truncated'))
    },
  })

  function open(frame: Buffer, last: boolean): Buffer {
    const length = frame.readUInt32BE(0)
    const decipher = createDecipheriv('aes-256-gcm', key, frameIv(prefix as Buffer, index))
    decipher.setAAD(frameAad(index, last))
    decipher.setAuthTag(frame.subarray(4 + length))
    try {
      const plain = Buffer.concat([decipher.update(frame.subarray(4, 4 + length)), decipher.final()])
      index += 1
      if (last) finished = true
      return plain
    } catch {
      throw new EncryptedFileError('authentication')
    }
  }
}
