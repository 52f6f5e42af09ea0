import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'
import { searchStatusParams, searchStatusQuery } from '../../lib/offset-list'
import { offsetListQueryOptions } from '../../components/list-page/use-list-query'
import { useOptimisticDelete } from '../../lib/use-undoable-delete'
import type { ClientStatusFilter, CreateClientInput, UpdateClientInput } from './clients.schema'

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
  return offsetListQueryOptions({
    queryKey: clientKeys.list(filters),
    pageSize: CLIENTS_PAGE_SIZE,
    read: (page, signal) =>
      unwrap(api.clients.$get({ query: { ...searchStatusQuery(filters), ...page } }, { init: { signal } })),
  })
}

export function getClientStatsQueryOptions() {
  return queryOptions({
    queryKey: clientKeys.stats(),
    queryFn: ({ signal }) => unwrap(api.clients.stats.$get(undefined, { init: { signal } })),
  })
}

/** The full record (unmasked, audited on the server): never cached beyond the dialog that shows it. */
export function getClientQueryOptions(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.clients[':id'].$get({ param: { id } }, { init: { signal } })),
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
        ? unwrap(api.clients.$post({ json: data as CreateClientInput }))
        : unwrap(api.clients[':id'].$patch({ param: { id }, json: data })),
    onSettled: () => invalidateOfficeData(queryClient),
  })
}

/** Deletes at once and hides the row before the server answers; a failure puts the row back. */
export function useDeleteClient() {
  return useOptimisticDelete({
    listsKey: clientKeys.lists(),
    mutationFn: (id: string) => unwrap(api.clients[':id'].$delete({ param: { id } })),
    onSettled: invalidateOfficeData,
  })
}

export function useRestoreClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.clients[':id'].restore.$post({ param: { id } })),
    onSettled: () => invalidateOfficeData(queryClient),
  })
}

/**
 * Downloads the CSV of the current filters. Fetched (not a plain link) so that a failure can be told to
 * the user instead of saving an error page as a .csv.
 */
export async function downloadClientsCsv(filters: ClientFilters) {
  const params = searchStatusParams(filters)
  const response = await apiFetch(`/api/clients/export.csv?${params}`)
  await saveResponseAsFile(response, 'clientes.csv')
}
