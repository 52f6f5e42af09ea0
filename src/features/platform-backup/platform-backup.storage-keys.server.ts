import { inArray } from 'drizzle-orm'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import { platformBackups } from './platform-backup.table.server'

/** The orphan sweeper's view of the platform archives ('backups' area). */
export const platformBackupStorageReferences: StorageReferences = {
  area: 'backups',
  column: 'platform_backups.storage_key',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ key: platformBackups.storageKey })
      .from(platformBackups)
      .where(inArray(platformBackups.storageKey, [...keys]))
    return rows.flatMap((row) => (row.key ? [row.key] : []))
  },
}
