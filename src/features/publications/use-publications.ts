import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { errorFromResponse, unwrap } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type {
  Andamentos,
  CaptureRun,
  CaptureStatus,
  CasePrefill,
  MonitoredOab,
  OabInput,
  PrazoPrefill,
  PublicationCount,
  PublicationFilters,
  PublicationItem,
  PublicationList,
  PublicationStats,
  PublicationStatus,
} from './publications.schema'

// TanStack Query hooks of the inbox. Every key starts with 'publications', so one
// invalidateQueries({ queryKey: ['publications'] }) refreshes the list, the cards and the counters.

export const PUBLICATIONS_PAGE_SIZE = 30
/** How often the capture state is read while a run is in progress. */
const CAPTURE_POLL_MS = 1500

export interface InboxFilters {
  status: PublicationStatus | 'todos'
  tribunal: string
  oabId: string
  from: string
  to: string
  q: string
}

// Every status by default: an item just treated stays in sight with its new badge.
export const EMPTY_FILTERS: InboxFilters = {
  status: 'todos',
  tribunal: '',
  oabId: '',
  from: '',
  to: '',
  q: '',
}

export const publicationKeys = {
  all: ['publications'] as const,
  lists: () => ['publications', 'list'] as const,
  list: (filters: InboxFilters) => ['publications', 'list', filters] as const,
  stats: () => ['publications', 'stats'] as const,
  count: () => ['publications', 'count'] as const,
  filters: () => ['publications', 'filters'] as const,
  capture: () => ['publications', 'capture'] as const,
  oabs: () => ['publications', 'oabs'] as const,
  andamentos: (caseId: string) => ['publications', 'andamentos', caseId] as const,
}

const enc = encodeURIComponent
const BASE = '/api/publications'

export function getPublicationsQueryOptions(filters: InboxFilters) {
  return infiniteQueryOptions({
    queryKey: publicationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PUBLICATIONS_PAGE_SIZE) })
      if (filters.status !== 'todos') params.set('status', filters.status)
      if (filters.tribunal) params.set('tribunal', filters.tribunal)
      if (filters.oabId) params.set('oabId', filters.oabId)
      if (filters.from) params.set('from', filters.from)
      if (filters.to) params.set('to', filters.to)
      if (filters.q) params.set('q', filters.q)
      if (pageParam) params.set('cursor', pageParam)
      return requestJson<PublicationList>(`${BASE}?${params}`, { signal })
    },
    initialPageParam: null as string | null,
    // Keyset pagination: the server's opaque cursor, null on the last page.
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  })
}

export function getPublicationStatsQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.stats(),
    queryFn: ({ signal }) => requestJson<PublicationStats>(`${BASE}/stats`, { signal }),
  })
}

export function getPublicationFiltersQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.filters(),
    queryFn: ({ signal }) => requestJson<PublicationFilters>(`${BASE}/filters`, { signal }),
    staleTime: 60_000,
  })
}

/**
 * The dashboard's 'Publicações não tratadas'. A member without the capability (403) or a server without
 * the module (404) shows nothing: the home page never fails because of a counter.
 */
export function getPublicationCountQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.count(),
    queryFn: async ({ signal }): Promise<number | null> => {
      const response = await fetch(`${BASE}/count`, {
        signal,
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      })
      if (response.status === 403 || response.status === 404) return null
      if (!response.ok) throw await errorFromResponse(response)
      return ((await response.json()) as PublicationCount).naoTratadas
    },
    staleTime: 0,
  })
}

/** The capture state; read every 1.5 s while a run is in progress ('Buscar agora' progress). */
export function getCaptureStatusQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.capture(),
    queryFn: ({ signal }) => requestJson<CaptureStatus>(`${BASE}/capture`, { signal }),
    refetchInterval: (query) => (query.state.data?.running ? CAPTURE_POLL_MS : false),
  })
}

export function getMonitoredOabsQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.oabs(),
    queryFn: ({ signal }) =>
      requestJson<MonitoredOab[] | { items: MonitoredOab[] }>(`${BASE}/oabs`, { signal }),
    // A bare array or { items }: the list is small either way.
    select: (data) => (Array.isArray(data) ? data : data.items),
  })
}

export function getAndamentosQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: publicationKeys.andamentos(caseId),
    queryFn: ({ signal }) => requestJson<Andamentos>(`${BASE}/andamentos/${enc(caseId)}`, { signal }),
  })
}

/** Everything an item change can alter: the list, the cards, the filters and the dashboard counter. */
export function invalidatePublications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: publicationKeys.all })
}

/**
 * Puts an item's new state into every loaded page at once (no jump while the list refetches); `null` takes
 * it out (linked to a case this member doesn't see, the item follows that case's visibility).
 */
function patchItem(queryClient: QueryClient, id: string, item: PublicationItem | null) {
  queryClient.setQueriesData<{ pages: PublicationList[]; pageParams: unknown[] }>(
    { queryKey: publicationKeys.lists() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.flatMap((row) => (row.id !== id ? [row] : item ? [item] : [])),
        })),
      },
  )
}

function useItemMutation<Variables extends { id: string }>(
  request: (variables: Variables) => Promise<PublicationItem | null>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: (item, variables) => patchItem(queryClient, variables.id, item),
    onSettled: () => invalidatePublications(queryClient),
  })
}

/** A JSON call whose 204 answer means "nothing to show" (null). */
async function requestItemOrNothing(url: string, method: 'PUT' | 'POST', body: unknown) {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    // unwrap() turns a network failure into the house's pt-BR message.
    return unwrap<null>(Promise.reject(new Error('network')))
  }
  if (!response.ok) throw await errorFromResponse(response)
  return response.status === 204 ? null : ((await response.json()) as PublicationItem)
}

export function useSetPublicationStatus() {
  return useItemMutation(({ id, status }: { id: string; status: 'tratada' | 'nao_tratada' }) =>
    requestJson<PublicationItem>(`${BASE}/${enc(id)}/status`, { method: 'POST', body: { status } }),
  )
}

export function useLinkPublicationCase() {
  // 204 when the item, now following the case's visibility, is out of this member's sight.
  return useItemMutation(({ id, caseId }: { id: string; caseId: string | null }) =>
    requestItemOrNothing(`${BASE}/${enc(id)}/case`, 'PUT', { caseId }),
  )
}

export function useLinkPublicationPrazo() {
  return useItemMutation(({ id, eventId }: { id: string; eventId: string }) =>
    requestJson<PublicationItem>(`${BASE}/${enc(id)}/prazo`, { method: 'POST', body: { eventId } }),
  )
}

export function fetchPrazoPrefill(id: string) {
  return requestJson<PrazoPrefill>(`${BASE}/${enc(id)}/prazo-prefill`)
}

export function fetchCasePrefill(id: string) {
  return requestJson<CasePrefill>(`${BASE}/${enc(id)}/case-prefill`)
}

/** 'Buscar agora': 202 with the run; the state query then polls until it ends. */
export function useStartCapture() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestJson<CaptureRun>(`${BASE}/capture`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicationKeys.capture() }),
  })
}

export function useAddOab() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: OabInput) =>
      requestJson<MonitoredOab>(`${BASE}/oabs`, { method: 'POST', body: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: publicationKeys.oabs() }),
        queryClient.invalidateQueries({ queryKey: publicationKeys.filters() }),
      ]),
  })
}

export function useRemoveOab() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      let response: Response
      try {
        response = await fetch(`${BASE}/oabs/${enc(id)}`, {
          method: 'DELETE',
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        })
      } catch {
        // unwrap() turns a network failure into the house's pt-BR message.
        return unwrap<void>(Promise.reject(new Error('network')))
      }
      if (!response.ok) throw await errorFromResponse(response)
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: publicationKeys.oabs() }),
        queryClient.invalidateQueries({ queryKey: publicationKeys.filters() }),
      ]),
  })
}

/** 'Atualizar andamentos': a user-initiated DataJud lookup; the answer replaces the stored timeline. */
export function useRefreshAndamentos(caseId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestJson<Andamentos>(`${BASE}/andamentos/${enc(caseId)}`, { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(publicationKeys.andamentos(caseId), data),
  })
}
