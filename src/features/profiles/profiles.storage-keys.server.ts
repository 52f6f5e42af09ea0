import { inArray } from 'drizzle-orm'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import { profiles } from './profiles.table.server'

/** An avatar's public URL is this prefix + its key in the 'avatars' area (profiles.routes.server.ts). */
const AVATAR_URL_PREFIX = '/api/files/avatars/'

/** The orphan sweeper's view of the avatars: the key inside each profile's avatar URL. */
export const profileStorageReferences: StorageReferences = {
  area: 'avatars',
  column: 'profiles.avatar_url',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ url: profiles.avatarUrl })
      .from(profiles)
      .where(
        inArray(
          profiles.avatarUrl,
          keys.map((key) => AVATAR_URL_PREFIX + key),
        ),
      )
    return rows.flatMap((row) => (row.url ? [row.url.slice(AVATAR_URL_PREFIX.length)] : []))
  },
}
