import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'
import { offsetListQueryOptions } from '../../components/list-page/use-list-query'
import { useOptimisticDelete } from '../../lib/use-undoable-delete'
import type {
  EntryCreateInput,
  EntryUpdateInput,
  FinancialStatus,
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

/** Query of the list/export filters; 'todos' and empty values are left out. */
function filterQuery(filters: EntryFilters) {
  const q = filters.q.trim()
  return {
    ...(q ? { q } : {}),
    ...(filters.tipo !== 'todos' ? { tipo: filters.tipo } : {}),
    ...(filters.status !== 'todos' ? { status: filters.status } : {}),
  }
}

/** Saves the CSV of the current filters (fetched, so a failure can be told instead of saved). */
export async function downloadEntriesCsv(filters: EntryFilters) {
  const response = await apiFetch(
    `/api/financial/entries/export.csv?${new URLSearchParams(filterQuery(filters))}`,
  )
  await saveResponseAsFile(response, 'lancamentos.csv')
}

/** Saves an entry's receipt (PDF). */
export async function downloadReceipt(id: string) {
  const response = await apiFetch(`/api/financial/entries/${encodeURIComponent(id)}/receipt.pdf`)
  await saveResponseAsFile(response, 'recibo.pdf')
}

export function getEntriesQueryOptions(filters: EntryFilters) {
  return offsetListQueryOptions({
    queryKey: financialKeys.list(filters),
    pageSize: ENTRIES_PAGE_SIZE,
    read: (page, signal) =>
      unwrap(
        api.financial.entries.$get({ query: { ...filterQuery(filters), ...page } }, { init: { signal } }),
      ),
  })
}

export function getSummaryQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: financialKeys.summary(from, to),
    queryFn: ({ signal }) =>
      unwrap(api.financial.summary.$get({ query: { from, to } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  })
}

export function getChartQueryOptions() {
  return queryOptions({
    queryKey: financialKeys.chart(),
    queryFn: ({ signal }) => unwrap(api.financial.chart.$get(undefined, { init: { signal } })),
  })
}

export function invalidateFinancial(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: financialKeys.all })
}

export function useSaveEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: EntryCreateInput | EntryUpdateInput }) =>
      id === null
        ? unwrap(api.financial.entries.$post({ json: data as EntryCreateInput }))
        : unwrap(api.financial.entries[':id'].$patch({ param: { id }, json: data })).then((entry) => ({
            items: [entry],
          })),
    onSettled: () => invalidateFinancial(queryClient),
  })
}

export function useMarkPaid() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: MarkPaidInput }) =>
      unwrap(api.financial.entries[':id'].pay.$post({ param: { id }, json: data })),
    onSettled: () => invalidateFinancial(queryClient),
  })
}

export function useDeleteEntry() {
  return useOptimisticDelete({
    listsKey: financialKeys.lists(),
    mutationFn: (id: string) => unwrapEmpty(api.financial.entries[':id'].$delete({ param: { id } })),
    onSettled: invalidateFinancial,
  })
}

export function useRestoreEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.financial.entries[':id'].restore.$post({ param: { id } })),
    onSettled: () => invalidateFinancial(queryClient),
  })
}
