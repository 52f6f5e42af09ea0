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
  EntryCreateInput,
  EntryUpdateInput,
  FinancialChart,
  FinancialEntryDto,
  FinancialEntryList,
  FinancialStatus,
  FinancialSummary,
  FinancialType,
  MarkPaidInput,
} from './financial.schema'

// TanStack Query hooks of the Financeiro page. Every key starts with 'financial' (the Pix and proposal hooks
// too), so one invalidateQueries({ queryKey: ['financial'] }) refreshes list, cards and chart.

export const ENTRIES_PAGE_SIZE = 50

export interface EntryFilters {
  q: string
  tipo: FinancialType | 'todos'
  status: FinancialStatus | 'todos'
}

export const financialKeys = {
  all: ['financial'] as const,
  lists: () => ['financial', 'entries'] as const,
  list: (filters: EntryFilters) => ['financial', 'entries', filters] as const,
  summary: (from: string, to: string) => ['financial', 'summary', from, to] as const,
  chart: () => ['financial', 'chart'] as const,
}

const enc = encodeURIComponent

export function filterParams(filters: EntryFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q.trim()) params.set('q', filters.q.trim())
  if (filters.tipo !== 'todos') params.set('tipo', filters.tipo)
  if (filters.status !== 'todos') params.set('status', filters.status)
  return params
}

export function getEntriesQueryOptions(filters: EntryFilters) {
  return infiniteQueryOptions({
    queryKey: financialKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters)
      params.set('limit', String(ENTRIES_PAGE_SIZE))
      params.set('offset', String(pageParam))
      return requestJson<FinancialEntryList>(`/api/financial/entries?${params}`, { signal })
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset(ENTRIES_PAGE_SIZE),
    placeholderData: keepPreviousData,
  })
}

export function getSummaryQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: financialKeys.summary(from, to),
    queryFn: ({ signal }) =>
      requestJson<FinancialSummary>(`/api/financial/summary?from=${enc(from)}&to=${enc(to)}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

export function getChartQueryOptions() {
  return queryOptions({
    queryKey: financialKeys.chart(),
    queryFn: ({ signal }) => requestJson<FinancialChart>('/api/financial/chart', { signal }),
  })
}

export function invalidateFinancial(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: financialKeys.all })
}

/** A call answered 204 (no JSON). */
async function requestNoContent(url: string, method: 'DELETE' | 'POST'): Promise<void> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
  } catch {
    // unwrap() turns a network failure into the house's pt-BR message.
    return unwrap(Promise.reject(new Error('network')))
  }
  if (!response.ok) throw await errorFromResponse(response)
}

export function useSaveEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: EntryCreateInput | EntryUpdateInput }) =>
      id === null
        ? requestJson<{ items: FinancialEntryDto[] }>('/api/financial/entries', {
            method: 'POST',
            body: data,
          })
        : requestJson<FinancialEntryDto>(`/api/financial/entries/${enc(id)}`, {
            method: 'PATCH',
            body: data,
          }).then((entry) => ({ items: [entry] })),
    onSettled: () => invalidateFinancial(queryClient),
  })
}

export function useMarkPaid() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: MarkPaidInput }) =>
      requestJson<FinancialEntryDto>(`/api/financial/entries/${enc(id)}/pay`, { method: 'POST', body: data }),
    onSettled: () => invalidateFinancial(queryClient),
  })
}

export function useDeleteEntry() {
  return useOptimisticDelete({
    listsKey: financialKeys.lists(),
    mutationFn: (id: string) => requestNoContent(`/api/financial/entries/${enc(id)}`, 'DELETE'),
    onSettled: invalidateFinancial,
  })
}

export function useRestoreEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<FinancialEntryDto>(`/api/financial/entries/${enc(id)}/restore`, { method: 'POST' }),
    onSettled: () => invalidateFinancial(queryClient),
  })
}
