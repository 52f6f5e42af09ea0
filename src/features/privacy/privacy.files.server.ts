import type { Database } from '../../db/client.server'
import { log } from '../../platform/log.server'
import { getStorage, isStorageKey, type StorageEnv } from '../../platform/storage.server'
import { readAccountFiles, type StoredFile } from './erasure-hooks.server'

// The stored files of an account deletion (LGPD art. 18, VI; issue 24): every file whose row the deletion
// removes, directly or by a foreign-key cascade, is collected INSIDE the deletion's transaction (before the
// rows go) and deleted after the commit. A failed delete never undoes the deletion: it is logged (class and
// code only) and the daily orphan sweeper (platform/storage-sweeper.server.ts) removes the file later, as it
// does for anything a concurrent upload slipped in after the keys were read.

export type { StoredFile } from './erasure-hooks.server'

/** The avatar's public URL is this prefix + its storage key (profiles feature). */
const AVATAR_URL_PREFIX = '/api/files/avatars/'

interface Deleted {
  userId: string
  avatarUrl: string | null
  /** Offices closed with the account: their rows cascade from `offices`. */
  closedOfficeIds: readonly string[]
}

/**
 * What goes with the account: what each owner registered (erasure-hooks.server.ts: the closed offices' document
 * versions and backup archives — each zip holds every client's data and documents —, the user's CVs and those
 * of every candidate to a job the user published — jobs cascade from their entity —, the OAB card images),
 * then the avatar.
 */
export async function filesOfDeletion(db: Pick<Database, 'select'>, deleted: Deleted): Promise<StoredFile[]> {
  const files = await readAccountFiles(db, deleted)
  const avatarKey = deleted.avatarUrl?.startsWith(AVATAR_URL_PREFIX)
    ? deleted.avatarUrl.slice(AVATAR_URL_PREFIX.length)
    : null
  if (avatarKey && isStorageKey(avatarKey)) files.push({ area: 'avatars', key: avatarKey })
  return files
}

/** Deletes the files after the commit; returns how many failed (each logged, left to the sweeper). */
export async function removeFiles(env: StorageEnv, files: readonly StoredFile[]): Promise<number> {
  const storage = getStorage(env)
  let failed = 0
  for (const { area, key } of files) {
    try {
      await storage.delete(area, key)
    } catch (error) {
      failed++
      log.error('privacy file delete failed', { area, error })
    }
  }
  return failed
}
