import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import { offsetListQueryOptions } from '../../components/list-page/use-list-query'
import { useOptimisticDelete } from '../../lib/use-undoable-delete'
import type { DocumentAccessLevel, DocumentFolder, DocumentUpdateInput } from './documents.schema'

// TanStack Query hooks of the documents page. Every key starts with 'documents', so one
// invalidateQueries({ queryKey: ['documents'] }) refreshes the list, the stats and the record sections.

export const DOCUMENTS_PAGE_SIZE = 50

export type FolderFilter = DocumentFolder | 'todos'
export type AccessFilter = DocumentAccessLevel | 'todos'

export interface DocumentFilters {
  search: string
  pasta: FolderFilter
  nivelAcesso: AccessFilter
  /** From the client and case screens' links (?clientId= / ?caseId=). */
  clientId: string | null
  caseId: string | null
}

export const documentKeys = {
  all: ['documents'] as const,
  lists: () => ['documents', 'list'] as const,
  list: (filters: DocumentFilters) => ['documents', 'list', filters] as const,
  stats: () => ['documents', 'stats'] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
  recordCount: (record: RecordRef) => ['documents', 'record-count', record] as const,
  recordSharedCount: (record: RecordRef) => ['documents', 'record-shared-count', record] as const,
}

/** Query of the list filters; 'todos' and empty values are left out. */
function documentListQuery(filters: DocumentFilters) {
  const search = filters.search.trim()
  return {
    ...(search ? { search } : {}),
    ...(filters.pasta !== 'todos' ? { pasta: filters.pasta } : {}),
    ...(filters.nivelAcesso !== 'todos' ? { nivelAcesso: filters.nivelAcesso } : {}),
    ...(filters.clientId ? { clientId: filters.clientId } : {}),
    ...(filters.caseId ? { caseId: filters.caseId } : {}),
  }
}

export function getDocumentsQueryOptions(filters: DocumentFilters) {
  return offsetListQueryOptions({
    queryKey: documentKeys.list(filters),
    pageSize: DOCUMENTS_PAGE_SIZE,
    read: (page, signal) =>
      unwrap(api.documents.$get({ query: { ...documentListQuery(filters), ...page } }, { init: { signal } })),
  })
}

export function getDocumentStatsQueryOptions() {
  return queryOptions({
    queryKey: documentKeys.stats(),
    queryFn: ({ signal }) => unwrap(api.documents.stats.$get(undefined, { init: { signal } })),
  })
}

/** A document with its version history (newest first), for the history dialog. */
export function getDocumentQueryOptions(id: string) {
  return queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.documents[':id'].$get({ param: { id } }, { init: { signal } })),
    staleTime: 0,
  })
}

export type RecordRef = { clientId: string } | { caseId: string }

/** How many documents a client or a case has (the list's total, reading one row). */
export function getRecordDocumentsCountQueryOptions(record: RecordRef) {
  return queryOptions({
    queryKey: documentKeys.recordCount(record),
    queryFn: ({ signal }) =>
      unwrap(api.documents.$get({ query: { ...record, limit: '1' } }, { init: { signal } })),
    select: (data) => ({ total: data.total, capped: data.totalCapped === true }),
  })
}

/** How many of a client's or a case's documents are shared with the client (issue 26). */
export function getRecordSharedDocumentsCountQueryOptions(record: RecordRef) {
  return queryOptions({
    queryKey: documentKeys.recordSharedCount(record),
    queryFn: ({ signal }) =>
      unwrap(
        api.documents.$get(
          { query: { ...record, compartilhadoCliente: 'true', limit: '1' } },
          { init: { signal } },
        ),
      ),
    select: (data) => data.total,
  })
}

/** Where a document's bytes are: the current version unless `version` is given. */
export function documentFileUrl(
  id: string,
  options: { version?: number; disposition: 'inline' | 'attachment' },
): string {
  const params = new URLSearchParams({ disposition: options.disposition })
  if (options.version !== undefined) params.set('version', String(options.version))
  return `/api/documents/${encodeURIComponent(id)}/file?${params}`
}

/** Everything a document change can alter: the lists, the stats, record sections, dashboard counters. */
export function invalidateDocuments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.all }),
    // The dashboard home's counters (src/features/dashboard/use-dashboard-counts.ts).
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'counts'] }),
  ])
}

export function useUpdateDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: DocumentUpdateInput }) =>
      unwrap(api.documents[':id'].$patch({ param: { id }, json: data })),
    onSettled: () => invalidateDocuments(queryClient),
  })
}

/** DELETE answers 204 (no JSON). */
function deleteDocument(id: string): Promise<void> {
  return unwrapEmpty(api.documents[':id'].$delete({ param: { id } }))
}

/** Deletes at once and hides the row before the server answers; a failure puts the row back. */
export function useDeleteDocument() {
  return useOptimisticDelete({
    listsKey: documentKeys.lists(),
    mutationFn: deleteDocument,
    onSettled: invalidateDocuments,
  })
}

export function useRestoreDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.documents[':id'].restore.$post({ param: { id } })),
    onSettled: () => invalidateDocuments(queryClient),
  })
}
