import { inArray } from 'drizzle-orm'
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
