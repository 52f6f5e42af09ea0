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
  Case,
  CaseList,
  CaseStats,
  CaseStatusFilter,
  CreateCaseInput,
  DeleteCaseResult,
  UpdateCaseInput,
} from './cases.schema'

// TanStack Query hooks of the cases page. Keys start with 'cases'; the client picker's key starts with
// 'clients' so that any client change (a client made inactive, a new client) refreshes it too.

export const CASES_PAGE_SIZE = 50

export interface CaseFilters {
  search: string
  status: CaseStatusFilter
}

export const caseKeys = {
  all: ['cases'] as const,
  lists: () => ['cases', 'list'] as const,
  list: (filters: CaseFilters) => ['cases', 'list', filters] as const,
  stats: () => ['cases', 'stats'] as const,
  detail: (id: string) => ['cases', 'detail', id] as const,
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
export function caseFilterParams(filters: CaseFilters): URLSearchParams {
  const params = new URLSearchParams()
  const search = filters.search.trim()
  if (search) params.set('search', search)
  if (filters.status !== 'todos') params.set('status', filters.status)
  return params
}

export function getCasesQueryOptions(filters: CaseFilters) {
  return infiniteQueryOptions({
    queryKey: caseKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = caseFilterParams(filters)
      params.set('limit', String(CASES_PAGE_SIZE))
      params.set('offset', String(pageParam))
      return requestJson<CaseList>(`/api/cases?${params}`, { signal })
    },
    initialPageParam: 0,
    // Offsets follow the pages asked for, not the rows held, so an optimistic removal doesn't shift them.
    getNextPageParam: (lastPage, allPages) => {
      const next = allPages.length * CASES_PAGE_SIZE
      // A capped total (10 000+) is a floor, not the end: keep going while pages come back full.
      if (lastPage.totalCapped) return lastPage.items.length < CASES_PAGE_SIZE ? undefined : next
      return next < lastPage.total ? next : undefined
    },
    placeholderData: keepPreviousData,
  })
}

export function getCaseStatsQueryOptions() {
  return queryOptions({
    queryKey: caseKeys.stats(),
    queryFn: ({ signal }) => requestJson<CaseStats>('/api/cases/stats', { signal }),
  })
}

export function getCaseQueryOptions(id: string) {
  return queryOptions({
    queryKey: caseKeys.detail(id),
    queryFn: ({ signal }) => requestJson<Case>(`/api/cases/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}

export interface ClientOption {
  id: string
  nomeCompleto: string
}

/** Active clients by name (max 20) for the case form's picker: GET /api/clients/options. */
export function getClientOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['clients', 'options', search] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams()
      if (search) params.set('search', search)
      return requestJson<{ items: ClientOption[] }>(`/api/clients/options?${params}`, { signal })
    },
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  })
}

/** A case change alters the case list and stats, the clients' case counts and the dashboard counters. */
export function invalidateOfficeData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: caseKeys.all, predicate: isNotDetail }),
    queryClient.invalidateQueries({ queryKey: ['clients'], predicate: isNotDetail }),
    // The dashboard home's counters (src/features/dashboard/use-dashboard-counts.ts).
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'counts'] }),
  ])
}

/**
 * An open edit dialog's record is left alone: refetching it would reset the form under the user's edits
 * (and, for a client, log another audited read). Records are never cached (gcTime 0), so the next open
 * reads fresh data anyway.
 */
function isNotDetail(query: { queryKey: readonly unknown[] }) {
  return query.queryKey[1] !== 'detail'
}

export function useSaveCase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: CreateCaseInput | UpdateCaseInput }) =>
      id === null
        ? requestJson<Case>('/api/cases', { method: 'POST', body: data })
        : requestJson<Case>(`/api/cases/${encodeURIComponent(id)}`, { method: 'PATCH', body: data }),
    onSettled: () => invalidateOfficeData(queryClient),
  })
}

type CasePages = InfiniteData<CaseList, number>

/** Deletes at once and hides the row before the server answers; a failure puts the row back. */
export function useDeleteCase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<DeleteCaseResult>(`/api/cases/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: caseKeys.lists() })
      const previous = queryClient.getQueriesData<CasePages>({ queryKey: caseKeys.lists() })
      queryClient.setQueriesData<CasePages>({ queryKey: caseKeys.lists() }, (data) => {
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

export function useRestoreCase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<Case>(`/api/cases/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
    onSettled: () => invalidateOfficeData(queryClient),
  })
}

/** Downloads the CSV of the current filters (fetched, so a failure can be told instead of saved). */
export async function downloadCasesCsv(filters: CaseFilters) {
  const params = caseFilterParams(filters)
  const response = await fetch(`/api/cases/export.csv?${params}`, { credentials: 'same-origin' })
  await saveResponseAsFile(response, 'casos.csv')
}
