import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Uploaded files (DESIGN §6, §7). Files live in named areas ('avatars') under random keys that the
 * caller stores in its own row. The interface is what an S3-compatible implementation would offer too
 * (put/get/delete by key), so `STORAGE=s3` can replace the local one without touching the features.
 */
export interface FileStorage {
  put(area: StorageArea, key: string, data: Uint8Array): Promise<void>
  /** The file's bytes, or null when there is no such file. */
  get(area: StorageArea, key: string): Promise<Buffer | null>
  /** Deleting a missing file is not an error (the row and the file may already disagree). */
  delete(area: StorageArea, key: string): Promise<void>
}

export const STORAGE_AREAS = ['avatars'] as const
export type StorageArea = (typeof STORAGE_AREAS)[number]

/** 24 url-safe characters from 18 random bytes, plus the extension: '<key>.webp'. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{24}\.(webp)$/

export function newStorageKey(extension: 'webp'): string {
  return `${randomBytes(18).toString('base64url')}.${extension}`
}

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key)
}

/** Files under `<dataDir>/uploads/<area>/<key>`. Keys are checked, so no path can leave that folder. */
export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'uploads')
  const fileOf = (area: StorageArea, key: string) => {
    if (!STORAGE_AREAS.includes(area) || !isStorageKey(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(root, area, key)
  }
  return {
    async put(area, key, data) {
      const file = fileOf(area, key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`
      await fs.writeFile(temporary, data, { flag: 'wx' })
      await fs.rename(temporary, file)
    },
    async get(area, key) {
      try {
        return await fs.readFile(fileOf(area, key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(area, key) {
      await fs.rm(fileOf(area, key), { force: true })
    },
  }
}

const byDataDir = new Map<string, FileStorage>()

/** The storage of this server (one per DATA_DIR, so each test app gets its own folder). */
export function getStorage(env: { dataDir: string }): FileStorage {
  let storage = byDataDir.get(env.dataDir)
  if (!storage) {
    storage = createLocalStorage(env.dataDir)
    byDataDir.set(env.dataDir, storage)
  }
  return storage
}
