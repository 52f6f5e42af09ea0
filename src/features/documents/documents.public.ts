// The documents feature's browser surface: the section the client and case screens show.
export { RecordDocuments } from './record-documents'
