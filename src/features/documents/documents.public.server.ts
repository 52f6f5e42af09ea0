// The documents feature's server surface: what the shell and other features may use of it.
import type { JobDefinition } from '../../platform/jobs.server'
import { getStorage } from '../../platform/storage.server'
import { purgeDeletedDocuments } from './documents.write.server'

export { documentRoutes } from './documents.routes.server'
export { countDocuments, type Viewer as DocumentViewer } from './documents.service.server'
export { purgeDeletedDocuments } from './documents.write.server'

/** Deleted documents stay restorable this long, then the purge removes rows and files for good. */
export const DOCUMENT_RETENTION_DAYS = 30

/** The documents' scheduled jobs (src/server/jobs.server.ts runs them). */
export const documentJobs: JobDefinition[] = [
  {
    name: 'documents.purge',
    // Daily at 03:00 in São Paulo, a quiet hour for an office.
    schedule: '0 3 * * *',
    async handler({ deps }) {
      const olderThan = new Date(Date.now() - DOCUMENT_RETENTION_DAYS * 24 * 60 * 60 * 1000)
      await purgeDeletedDocuments({ db: deps.db, storage: getStorage(deps.env) }, olderThan)
    },
  },
]
export { documentKeysOfOffices, documentStorageReferences } from './documents.storage-keys.server'
// Issue 25 (features/signatures): the PDF a request signs, and the signed copy as the document's next version.
export {
  findVersionFile,
  getDocument,
  visibleDocumentIds,
  type VersionFile,
} from './documents.service.server'
export { insertVersion } from './documents.write.server'
// Issue 25: the documents generated from a template (features/templates) are recorded like an upload.
export { insertDocument, type StoredFile } from './documents.write.server'
export type { DocumentUploadData } from './documents.schema'
// Issue 26: the portal's message attachments follow the documents' upload rules (judged by content).
export { sniffDocumentFile } from './file-sniff.server'
// Issue 26 (features/portal): a document shared with the client is served to them the same way (decrypted,
// checked against its SHA-256 on the way out).
export { fileResponse } from './documents.files.server'
