import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import { unwrap } from '../../lib/api-client'
import { saveResponseAsFile } from '../../lib/download'
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

type JsonInit = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal }

function requestJson<T>(url: string, { method = 'GET', body, signal }: JsonInit = {}): Promise<T> {
  return unwrap<T>(
    fetch(url, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}

/** Query string of the list/export filters; empty values are left out. */
export function clientFilterParams(filters: ClientFilters): URLSearchParams {
  const params = new URLSearchParams()
  const search = filters.search.trim()
  if (search) params.set('search', search)
  if (filters.status !== 'todos') params.set('status', filters.status)
  return params
}

export function getClientsQueryOptions(filters: ClientFilters) {
  return infiniteQueryOptions({
    queryKey: clientKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = clientFilterParams(filters)
      params.set('limit', String(CLIENTS_PAGE_SIZE))
      params.set('offset', String(pageParam))
      return requestJson<ClientList>(`/api/clients?${params}`, { signal })
    },
    initialPageParam: 0,
    // Offsets follow the pages asked for, not the rows held, so an optimistic removal doesn't shift them.
    getNextPageParam: (lastPage, allPages) => {
      const next = allPages.length * CLIENTS_PAGE_SIZE
      // A capped total (10 000+) is a floor, not the end: keep going while pages come back full.
      if (lastPage.totalCapped) return lastPage.items.length < CLIENTS_PAGE_SIZE ? undefined : next
      return next < lastPage.total ? next : undefined
    },
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

type ClientPages = InfiniteData<ClientList, number>

/** Deletes at once and hides the row before the server answers; a failure puts the row back. */
export function useDeleteClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<DeleteClientResult>(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: clientKeys.lists() })
      const previous = queryClient.getQueriesData<ClientPages>({ queryKey: clientKeys.lists() })
      queryClient.setQueriesData<ClientPages>({ queryKey: clientKeys.lists() }, (data) => {
        if (!data) return data
        const found = data.pages.some((page) => page.items.some((item) => item.id === id))
        if (!found) return data
        return {
          ...data,
          pages: data.pages.map((page) => ({
            items: page.items.filter((item) => item.id !== id),
            total: Math.max(0, page.total - 1),
          })),
        }
      })
      return { previous }
    },
    onError: (_error, _id, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data))
    },
    onSettled: () => invalidateOfficeData(queryClient),
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
  const params = clientFilterParams(filters)
  const response = await fetch(`/api/clients/export.csv?${params}`, { credentials: 'same-origin' })
  await saveResponseAsFile(response, 'clientes.csv')
}
