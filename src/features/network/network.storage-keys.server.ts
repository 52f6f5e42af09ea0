import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import { oabVerifications } from './network.table.server'

/** The orphan sweeper's view of the OAB card images/PDFs (private, in the 'documents' area). */
export const networkStorageReferences: StorageReferences = {
  area: 'documents',
  column: 'oab_verifications.storage_key',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ key: oabVerifications.storageKey })
      .from(oabVerifications)
      .where(inArray(oabVerifications.storageKey, [...keys]))
    return rows.map((row) => row.key)
  },
}

/** The user's OAB card files ('documents' area), every request kept (pending, approved or rejected). */
export async function oabCardKeysOfUser(db: Pick<Database, 'select'>, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: oabVerifications.storageKey })
    .from(oabVerifications)
    .where(eq(oabVerifications.userId, userId))
  return rows.map((row) => row.key)
}
