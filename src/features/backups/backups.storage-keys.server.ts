import { and, inArray, isNotNull } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import { officeBackups } from './backups.table.server'

/** The orphan sweeper's view of the office backup archives ('backups' area). */
export const backupStorageReferences: StorageReferences = {
  area: 'backups',
  column: 'office_backups.storage_key',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ key: officeBackups.storageKey })
      .from(officeBackups)
      .where(inArray(officeBackups.storageKey, [...keys]))
    return rows.flatMap((row) => (row.key ? [row.key] : []))
  },
}

/**
 * The archives ('backups' area) of offices about to be deleted: their rows cascade with the office, and each
 * zip holds every client's data and documents. Read before the delete, removed after its commit.
 */
export async function backupKeysOfOffices(
  db: Pick<Database, 'select'>,
  officeIds: readonly string[],
): Promise<string[]> {
  if (officeIds.length === 0) return []
  const rows = await db
    .select({ key: officeBackups.storageKey })
    .from(officeBackups)
    .where(and(inArray(officeBackups.officeId, [...officeIds]), isNotNull(officeBackups.storageKey)))
  return rows.flatMap((row) => (row.key ? [row.key] : []))
}
