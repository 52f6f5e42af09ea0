import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { errorFromResponse, unwrap } from '../../lib/api-client'
import { nextOffset } from '../../lib/offset-list'
import { requestJson } from '../../lib/request-json'
import { useOptimisticDelete } from '../../lib/use-undoable-delete'
import type {
  DocumentAccessLevel,
  DocumentDetail,
  DocumentFolder,
  DocumentList,
  DocumentRow,
  DocumentStats,
  DocumentUpdateInput,
} from './documents.schema'

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
}

/** Query string of the list filters; 'todos' and empty values are left out. */
export function documentListParams(filters: DocumentFilters): URLSearchParams {
  const params = new URLSearchParams()
  const search = filters.search.trim()
  if (search) params.set('search', search)
  if (filters.pasta !== 'todos') params.set('pasta', filters.pasta)
  if (filters.nivelAcesso !== 'todos') params.set('nivelAcesso', filters.nivelAcesso)
  if (filters.clientId) params.set('clientId', filters.clientId)
  if (filters.caseId) params.set('caseId', filters.caseId)
  return params
}

export function getDocumentsQueryOptions(filters: DocumentFilters) {
  return infiniteQueryOptions({
    queryKey: documentKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = documentListParams(filters)
      params.set('limit', String(DOCUMENTS_PAGE_SIZE))
      params.set('offset', String(pageParam))
      return requestJson<DocumentList>(`/api/documents?${params}`, { signal })
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset(DOCUMENTS_PAGE_SIZE),
    // Keep the current rows while the next search runs, instead of flashing the skeleton per keystroke.
    placeholderData: keepPreviousData,
  })
}

export function getDocumentStatsQueryOptions() {
  return queryOptions({
    queryKey: documentKeys.stats(),
    queryFn: ({ signal }) => requestJson<DocumentStats>('/api/documents/stats', { signal }),
  })
}

/** A document with its version history (newest first), for the history dialog. */
export function getDocumentQueryOptions(id: string) {
  return queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) =>
      requestJson<DocumentDetail>(`/api/documents/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  })
}

export type RecordRef = { clientId: string } | { caseId: string }

/** How many documents a client or a case has (the list's total, reading one row). */
export function getRecordDocumentsCountQueryOptions(record: RecordRef) {
  return queryOptions({
    queryKey: documentKeys.recordCount(record),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ ...record, limit: '1' })
      return requestJson<DocumentList>(`/api/documents?${params}`, { signal })
    },
    select: (data) => ({ total: data.total, capped: data.totalCapped === true }),
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
      requestJson<{ document: DocumentRow }>(`/api/documents/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: data,
      }),
    onSettled: () => invalidateDocuments(queryClient),
  })
}

/** DELETE answers 204 (no JSON), so not requestJson. */
async function deleteDocument(id: string): Promise<void> {
  let response: Response
  try {
    response = await fetch(`/api/documents/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
  } catch {
    // unwrap() turns a network failure into the house's pt-BR message.
    return unwrap(Promise.reject(new Error('network')))
  }
  if (!response.ok) throw await errorFromResponse(response)
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
    mutationFn: (id: string) =>
      requestJson<{ document: DocumentRow }>(`/api/documents/${encodeURIComponent(id)}/restore`, {
        method: 'POST',
      }),
    onSettled: () => invalidateDocuments(queryClient),
  })
}
