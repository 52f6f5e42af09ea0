import { createHash } from 'node:crypto'
import { pipeline } from 'node:stream'
import type { Env } from '../../platform/env.server'
import { decryptingStream, encryptingStream, getEncryptionKey } from '../../platform/file-encryption.server'
import { getStorage, newStorageKey, readAll, toNodeReadable } from '../../platform/storage.server'
import type { StoredFile, VersionFile } from '../documents/documents.public.server'

// The bytes a signature works on: the document's version read whole (a PDF of at most 10 MB: pdf-lib needs it
// in memory anyway) and the signed copy stored as the next version, encrypted at rest like the original was.

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The plaintext of a stored version, checked against the hash its row records. */
export async function readVersionBytes(env: Env, version: VersionFile): Promise<Buffer> {
  const source = await getStorage(env).getStream('documents', version.storageKey)
  if (!source) throw new Error(`missing documents/${version.storageKey}`)
  const key = version.encrypted ? await getEncryptionKey(env) : null
  const plain = key ? pipeline(source, decryptingStream(key), () => {}) : source
  const bytes = await readAll(plain)
  if (sha256Hex(bytes) !== version.sha256) throw new Error('stored document differs from its recorded hash')
  return bytes
}

export interface StoredSignedPdf {
  file: StoredFile
  discard(): Promise<void>
}

/** Stores the signed PDF under a new key (encrypted when the original was); the caller records the version. */
export async function storeSignedPdf(
  env: Env,
  bytes: Buffer,
  originalName: string,
  encrypted: boolean,
): Promise<StoredSignedPdf> {
  const storage = getStorage(env)
  const storageKey = newStorageKey()
  const key = encrypted ? await getEncryptionKey(env) : null
  const body = key ? pipeline(toNodeReadable(bytes), encryptingStream(key), () => {}) : bytes
  await storage.put('documents', storageKey, body, { contentType: 'application/pdf' })
  return {
    file: {
      storageKey,
      size: bytes.length,
      sha256: sha256Hex(bytes),
      tipo: 'PDF',
      mimeType: 'application/pdf',
      originalName: signedName(originalName),
      encrypted,
    },
    discard: () => storage.delete('documents', storageKey),
  }
}

/** 'Procuração.pdf' → 'Procuração (assinado).pdf'. */
export function signedName(name: string): string {
  const base = name.replace(/\.pdf$/i, '')
  return `${base} (assinado).pdf`.slice(-255)
}
