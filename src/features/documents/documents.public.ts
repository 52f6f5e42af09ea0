// The documents feature's browser surface: the section the client and case screens show.
export { RecordDocuments } from './record-documents'
// Shared with the backup page (issue 12): sizes as people read them, and raw-body uploads with progress.
export { formatSize } from './format-size'
export { uploadFile } from './upload-file'
// Issue 25: generated documents (features/templates) choose one of these levels.
export type { DocumentAccessLevel } from './documents.schema'
// Issue 26: the portal's message attachments follow the documents' upload rules.
export { DOCUMENT_ACCEPT, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from './documents.schema'
export { fileProblem } from './upload-file'
