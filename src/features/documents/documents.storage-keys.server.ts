import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import { documentVersions } from './documents.table.server'

/** The orphan sweeper's view of the documents' files: every version's stored file (trashed ones too). */
export const documentStorageReferences: StorageReferences = {
  area: 'documents',
  column: 'document_versions.storage_key',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ key: documentVersions.storageKey })
      .from(documentVersions)
      .where(inArray(documentVersions.storageKey, [...keys]))
    return rows.map((row) => row.key)
  },
}

/**
 * The stored files ('documents' area) of every version of offices about to be deleted: their rows cascade with
 * the office. Read before the delete, removed after its commit (an account's deletion closing its offices).
 */
export async function documentKeysOfOffices(
  db: Pick<Database, 'select'>,
  officeIds: readonly string[],
): Promise<string[]> {
  if (officeIds.length === 0) return []
  const rows = await db
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(inArray(documentVersions.officeId, [...officeIds]))
  return rows.map((row) => row.key)
}
