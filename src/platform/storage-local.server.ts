import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
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

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

async function readNames(folder: string): Promise<string[]> {
  try {
    return await fs.readdir(folder)
  } catch (error) {
    if (isMissing(error)) return []
    throw error
  }
}

/**
 * Files under `<dataDir>/files/<area>/<key>`. Before issue 8 avatars lived in `<dataDir>/uploads/avatars/<key>`:
 * reads of 'avatars' fall back to that folder and deletes clear both, so old avatars keep working without a
 * migration at start (a new avatar always lands in the new folder).
 */
export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files')
  const fileOf = (area: StorageArea, key: string) => {
    assertStorageLocation(area, key)
    return path.join(root, area, key)
  }
  const legacyFileOf = (area: StorageArea, key: string) =>
    area === 'avatars' ? path.join(dataDir, 'uploads', 'avatars', key) : undefined

  /** The latest write of the key in either folder (an old avatar may sit in both); null once it is gone. */
  async function modifiedAtOf(area: StorageArea, key: string): Promise<Date | null> {
    let latest: Date | null = null
    for (const file of [fileOf(area, key), legacyFileOf(area, key)]) {
      if (!file) continue
      try {
        const { mtime } = await fs.stat(file)
        if (!latest || mtime > latest) latest = mtime
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    }
    return latest
  }

  async function open(area: StorageArea, key: string) {
    const candidates = [fileOf(area, key), legacyFileOf(area, key)]
    for (const file of candidates) {
      if (!file) continue
      try {
        return await fs.open(file, 'r')
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    }
    return null
  }

  const storage: FileStorage = {
    driver: 'local',

    async put(area, key, body) {
      const file = fileOf(area, key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      // Written beside its final place, then renamed (atomic on one file system): a reader never sees half a
      // file, and a failed or aborted upload leaves nothing under the key. The dot hides it from nobody but
      // marks it as ours to clean.
      const temporary = path.join(path.dirname(file), `.${key}.${randomBytes(6).toString('hex')}.tmp`)
      const hashing = hashingStream()
      try {
        await pipeline(toNodeReadable(body), hashing.stream, createWriteStream(temporary, { flags: 'wx' }))
        await fs.rename(temporary, file)
      } catch (error) {
        await fs.rm(temporary, { force: true })
        throw error
      }
      return hashing.result()
    },

    async getStream(area, key) {
      const handle = await open(area, key)
      // The stream owns the handle from here and closes it at its end or on destroy.
      return handle ? (handle.createReadStream() as Readable) : null
    },

    async get(area, key) {
      const stream = await storage.getStream(area, key)
      return stream ? readAll(stream) : null
    },

    async delete(area, key) {
      await fs.rm(fileOf(area, key), { force: true })
      const legacy = legacyFileOf(area, key)
      if (legacy) await fs.rm(legacy, { force: true })
    },

    async *list(area) {
      assertStorageArea(area)
      // Temp files of an upload in progress start with '.', so never match a key. Old avatars count too.
      const folders = [path.join(root, area), area === 'avatars' ? path.join(dataDir, 'uploads', area) : '']
      const keys = new Set<string>()
      for (const folder of folders.filter(Boolean))
        for (const name of await readNames(folder)) if (isStorageKey(name)) keys.add(name)
      yield* [...keys].sort()
    },

    async *listEntries(area) {
      for await (const key of storage.list(area)) {
        const modifiedAt = await modifiedAtOf(area, key)
        if (modifiedAt) yield { key, modifiedAt } // else deleted since the listing
      }
    },
  }
  return storage
}
