import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import type {
  MonitoredOab,
  OabInput,
  PublicationItem,
  PublicationList,
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
const publications = api.publications
const idParam = (id: string) => ({ param: { id: enc(id) } })
/** An empty filter is left out of the query (undefined), as the server's defaults apply then. */
const given = (value: string) => value || undefined

export function getPublicationsQueryOptions(filters: InboxFilters) {
  return infiniteQueryOptions({
    queryKey: publicationKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        publications.$get(
          {
            query: {
              limit: String(PUBLICATIONS_PAGE_SIZE),
              status: filters.status === 'todos' ? undefined : filters.status,
              tribunal: given(filters.tribunal),
              oabId: given(filters.oabId),
              from: given(filters.from),
              to: given(filters.to),
              q: given(filters.q),
              cursor: pageParam ?? undefined,
            },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    // Keyset pagination: the server's opaque cursor, null on the last page.
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  })
}

export function getPublicationStatsQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.stats(),
    queryFn: ({ signal }) => unwrap(publications.stats.$get({}, { init: { signal } })),
  })
}

export function getPublicationFiltersQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.filters(),
    queryFn: ({ signal }) => unwrap(publications.filters.$get({}, { init: { signal } })),
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
      const response = await publications.count.$get({}, { init: { signal } })
      // Read before unwrap(): a refusal here is 'nothing to show', never an office redirect or an error.
      if (response.status === 403 || response.status === 404) return null
      return (await unwrap(Promise.resolve(response))).naoTratadas
    },
    staleTime: 0,
  })
}

/** The capture state; read every 1.5 s while a run is in progress ('Buscar agora' progress). */
export function getCaptureStatusQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.capture(),
    queryFn: ({ signal }) => unwrap(publications.capture.$get({}, { init: { signal } })),
    refetchInterval: (query) => (query.state.data?.running ? CAPTURE_POLL_MS : false),
  })
}

export function getMonitoredOabsQueryOptions() {
  return queryOptions({
    queryKey: publicationKeys.oabs(),
    queryFn: ({ signal }): Promise<MonitoredOab[] | { items: MonitoredOab[] }> =>
      unwrap(publications.oabs.$get({}, { init: { signal } })),
    // A bare array or { items }: the list is small either way.
    select: (data) => (Array.isArray(data) ? data : data.items),
  })
}

export function getAndamentosQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: publicationKeys.andamentos(caseId),
    queryFn: ({ signal }) =>
      unwrap(
        publications.andamentos[':caseId'].$get({ param: { caseId: enc(caseId) } }, { init: { signal } }),
      ),
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

/** A call whose 204 answer means "nothing to show" (null). */
function itemOrNothing(
  request: Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>,
): Promise<PublicationItem | null> {
  return unwrap(
    request.then((response) =>
      response.status === 204
        ? { ok: true, status: 204, json: async () => null }
        : (response as { ok: boolean; status: number; json(): Promise<PublicationItem> }),
    ),
  )
}

export function useSetPublicationStatus() {
  return useItemMutation(({ id, status }: { id: string; status: 'tratada' | 'nao_tratada' }) =>
    unwrap(publications[':id'].status.$post({ ...idParam(id), json: { status } })),
  )
}

export function useLinkPublicationCase() {
  // 204 when the item, now following the case's visibility, is out of this member's sight.
  return useItemMutation(({ id, caseId }: { id: string; caseId: string | null }) =>
    itemOrNothing(publications[':id'].case.$put({ ...idParam(id), json: { caseId } })),
  )
}

export function useLinkPublicationPrazo() {
  return useItemMutation(({ id, eventId }: { id: string; eventId: string }) =>
    unwrap(publications[':id'].prazo.$post({ ...idParam(id), json: { eventId } })),
  )
}

export function fetchPrazoPrefill(id: string) {
  return unwrap(publications[':id']['prazo-prefill'].$get(idParam(id)))
}

export function fetchCasePrefill(id: string) {
  return unwrap(publications[':id']['case-prefill'].$get(idParam(id)))
}

/** The case a prazo is created for, to show it chosen in the dialog. */
export function fetchPrazoCase(caseId: string) {
  return unwrap(api.cases[':id'].$get({ param: { id: enc(caseId) } }))
}

/** 'Buscar agora': 202 with the run; the state query then polls until it ends. */
export function useStartCapture() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(publications.capture.$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicationKeys.capture() }),
  })
}

export function useAddOab() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: OabInput) => unwrap(publications.oabs.$post({ json: input })),
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
    mutationFn: (id: string) => unwrapEmpty(publications.oabs[':id'].$delete(idParam(id))),
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
    mutationFn: () => unwrap(publications.andamentos[':caseId'].$post({ param: { caseId: enc(caseId) } })),
    onSuccess: (data) => queryClient.setQueryData(publicationKeys.andamentos(caseId), data),
  })
}
