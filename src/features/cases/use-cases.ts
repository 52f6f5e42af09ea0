import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'
import { searchStatusParams, searchStatusQuery } from '../../lib/offset-list'
import { offsetListQueryOptions } from '../../components/list-page/use-list-query'
import { useOptimisticDelete } from '../../lib/use-undoable-delete'
import type { CaseStatusFilter, CreateCaseInput, UpdateCaseInput } from './cases.schema'

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

export function getCasesQueryOptions(filters: CaseFilters) {
  return offsetListQueryOptions({
    queryKey: caseKeys.list(filters),
    pageSize: CASES_PAGE_SIZE,
    read: (page, signal) =>
      unwrap(api.cases.$get({ query: { ...searchStatusQuery(filters), ...page } }, { init: { signal } })),
  })
}

export function getCaseStatsQueryOptions() {
  return queryOptions({
    queryKey: caseKeys.stats(),
    queryFn: ({ signal }) => unwrap(api.cases.stats.$get(undefined, { init: { signal } })),
  })
}

export function getCaseQueryOptions(id: string) {
  return queryOptions({
    queryKey: caseKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.cases[':id'].$get({ param: { id } }, { init: { signal } })),
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
    queryFn: ({ signal }) =>
      unwrap(api.clients.options.$get({ query: search ? { search } : {} }, { init: { signal } })),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  })
}

/** The responsible-members multi-select: the office's active members with system access. */
export function getCaseMemberOptionsQueryOptions() {
  return queryOptions({
    // The team changes seldom: a minute old is fresh enough for a form.
    queryKey: ['cases', 'member-options'] as const,
    queryFn: ({ signal }) => unwrap(api.cases['member-options'].$get(undefined, { init: { signal } })),
    select: (data) => data.items,
    staleTime: 60_000,
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
        ? unwrap(api.cases.$post({ json: data as CreateCaseInput }))
        : unwrap(api.cases[':id'].$patch({ param: { id }, json: data as UpdateCaseInput })),
    onSettled: () => invalidateOfficeData(queryClient),
  })
}

/** Deletes at once and hides the row before the server answers; a failure puts the row back. */
export function useDeleteCase() {
  return useOptimisticDelete({
    listsKey: caseKeys.lists(),
    mutationFn: (id: string) => unwrap(api.cases[':id'].$delete({ param: { id } })),
    onSettled: invalidateOfficeData,
  })
}

export function useRestoreCase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.cases[':id'].restore.$post({ param: { id } })),
    onSettled: () => invalidateOfficeData(queryClient),
  })
}

/** Downloads the CSV of the current filters (fetched, so a failure can be told instead of saved). */
export async function downloadCasesCsv(filters: CaseFilters) {
  const params = searchStatusParams(filters)
  const response = await apiFetch(`/api/cases/export.csv?${params}`)
  await saveResponseAsFile(response, 'casos.csv')
}
