import { randomBytes } from 'node:crypto'
import { mkdtemp, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import {
  EncryptedFileError,
  decryptSecret,
  decryptingStream,
  encryptSecret,
  encryptingStream,
  getEncryptionKey,
  parseEncryptionKey,
} from './file-encryption.server'

const key = randomBytes(32)

async function run(input: Buffer, transform: NodeJS.ReadWriteStream, chunk = 7_919): Promise<Buffer> {
  const parts: Buffer[] = []
  for (let i = 0; i < input.length; i += chunk) parts.push(input.subarray(i, i + chunk))
  const out: Buffer[] = []
  await pipeline(Readable.from(parts), transform, async (source: AsyncIterable<string | Buffer>) => {
    for await (const piece of source) out.push(Buffer.from(piece))
  })
  return Buffer.concat(out)
}

const encrypt = (plain: Buffer) => run(plain, encryptingStream(key))
const decrypt = (sealed: Buffer, withKey = key) => run(sealed, decryptingStream(withKey), 4_099)

describe('encrypted file streams (AES-256-GCM frames)', () => {
  it('round-trips every size around the 64 KiB frame boundary', async () => {
    for (const size of [0, 1, 65_535, 65_536, 65_537, 131_072, 200_001]) {
      const plain = randomBytes(size)
      const sealed = await encrypt(plain)
      expect(sealed.length, String(size)).toBeGreaterThan(size)
      expect((await decrypt(sealed)).equals(plain), String(size)).toBe(true)
    }
  })

  it('never stores the plaintext', async () => {
    const plain = Buffer.from('segredo profissional '.repeat(5_000))
    const sealed = await encrypt(plain)
    expect(sealed.includes(Buffer.from('segredo profissional'))).toBe(false)
  })

  it('refuses a flipped byte, a truncation, a dropped frame, appended data and the wrong key', async () => {
    const plain = randomBytes(150_000)
    const sealed = await encrypt(plain)
    const flipped = Buffer.from(sealed)
    flipped[70_000] = (flipped[70_000] ?? 0) ^ 1
    const frame = 4 + 65_536 + 16
    const dropped = Buffer.concat([sealed.subarray(0, 12), sealed.subarray(12 + frame)])
    for (const bad of [
      flipped,
      sealed.subarray(0, sealed.length - 1),
      sealed.subarray(0, 12 + frame),
      dropped,
      Buffer.concat([sealed, sealed.subarray(12, 12 + 40)]),
    ]) {
      await expect(decrypt(bad)).rejects.toBeInstanceOf(EncryptedFileError)
    }
    await expect(decrypt(sealed, randomBytes(32))).rejects.toBeInstanceOf(EncryptedFileError)
  })
})

describe('secrets and the installation key', () => {
  it('seals a secret that only the key opens', () => {
    const sealed = encryptSecret(key, 'senha-smtp')
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('senha')
    expect(decryptSecret(key, sealed)).toBe('senha-smtp')
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow()
  })

  it('reads FILES_ENCRYPTION_KEY (hex or base64), else creates one under DATA_DIR with mode 0600', async () => {
    const hex = key.toString('hex')
    expect(parseEncryptionKey(hex)?.equals(key)).toBe(true)
    expect(parseEncryptionKey(key.toString('base64'))?.equals(key)).toBe(true)
    expect(parseEncryptionKey('curta')).toBeNull()
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jc-key-'))
    expect((await getEncryptionKey({ dataDir, FILES_ENCRYPTION_KEY: hex })).equals(key)).toBe(true)
    const generated = await getEncryptionKey({ dataDir, FILES_ENCRYPTION_KEY: undefined })
    expect(generated).toHaveLength(32)
    const file = path.join(dataDir, 'files-encryption.key')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    // The same key on the next start (a fresh process reads the file).
    expect((await getEncryptionKey({ dataDir, FILES_ENCRYPTION_KEY: undefined })).equals(generated)).toBe(
      true,
    )
  })
})
