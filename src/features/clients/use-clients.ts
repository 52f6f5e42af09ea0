import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { saveResponseAsFile } from '../../lib/download'
import { nextOffset, searchStatusParams } from '../../lib/offset-list'
import { requestJson } from '../../lib/request-json'
import { useOptimisticDelete } from '../../lib/use-undoable-delete'
import type {
  Client,
  ClientList,
  ClientStats,
  ClientStatusFilter,
  CreateClientInput,
  DeleteClientResult,
  UpdateClientInput,
} from './clients.schema'

// TanStack Query hooks of the CRM page. Every key starts with 'clients' so that one
// invalidateQueries({ queryKey: ['clients'] }) refreshes the list, the stats and the dashboard counters.

export const CLIENTS_PAGE_SIZE = 50

export interface ClientFilters {
  search: string
  status: ClientStatusFilter
}

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => ['clients', 'list'] as const,
  list: (filters: ClientFilters) => ['clients', 'list', filters] as const,
  stats: () => ['clients', 'stats'] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
}

export function getClientsQueryOptions(filters: ClientFilters) {
  return infiniteQueryOptions({
    queryKey: clientKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = searchStatusParams(filters)
      params.set('limit', String(CLIENTS_PAGE_SIZE))
      params.set('offset', String(pageParam))
      return requestJson<ClientList>(`/api/clients?${params}`, { signal })
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset(CLIENTS_PAGE_SIZE),
    // Keep showing the current rows while the next search runs, instead of flashing the skeleton per keystroke.
    placeholderData: keepPreviousData,
  })
}

export function getClientStatsQueryOptions() {
  return queryOptions({
    queryKey: clientKeys.stats(),
    queryFn: ({ signal }) => requestJson<ClientStats>('/api/clients/stats', { signal }),
  })
}

/** The full record (unmasked, audited on the server): never cached beyond the dialog that shows it. */
export function getClientQueryOptions(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => requestJson<Client>(`/api/clients/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}

/** Everything a client change can alter: the CRM list and stats, cases (client names), dashboard counters. */
export function invalidateOfficeData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: clientKeys.all, predicate: isNotDetail }),
    queryClient.invalidateQueries({ queryKey: ['cases'], predicate: isNotDetail }),
    // The dashboard home's counters (src/features/dashboard/use-dashboard-counts.ts).
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'counts'] }),
  ])
}

/**
 * An open edit dialog's record is left alone: refetching it would log another audited read of the client
 * and reset the form under the user's edits. Records are never cached (gcTime 0), so the next open reads
 * fresh data anyway.
 */
function isNotDetail(query: { queryKey: readonly unknown[] }) {
  return query.queryKey[1] !== 'detail'
}

export function useSaveClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: CreateClientInput | UpdateClientInput }) =>
      id === null
        ? requestJson<Client>('/api/clients', { method: 'POST', body: data })
        : requestJson<Client>(`/api/clients/${encodeURIComponent(id)}`, { method: 'PATCH', body: data }),
    onSettled: () => invalidateOfficeData(queryClient),
  })
}

/** Deletes at once and hides the row before the server answers; a failure puts the row back. */
export function useDeleteClient() {
  return useOptimisticDelete({
    listsKey: clientKeys.lists(),
    mutationFn: (id: string) =>
      requestJson<DeleteClientResult>(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: invalidateOfficeData,
  })
}

export function useRestoreClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<Client>(`/api/clients/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
    onSettled: () => invalidateOfficeData(queryClient),
  })
}

/**
 * Downloads the CSV of the current filters. Fetched (not a plain link) so that a failure can be told to
 * the user instead of saving an error page as a .csv.
 */
export async function downloadClientsCsv(filters: ClientFilters) {
  const params = searchStatusParams(filters)
  const response = await fetch(`/api/clients/export.csv?${params}`, { credentials: 'same-origin' })
  await saveResponseAsFile(response, 'clientes.csv')
}
