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
  AgendaSettings,
  AgendaSettingsInput,
  AgendaStats,
  ClosedDayInput,
  CourtClosedDays,
  CourtInfo,
  EventInput,
  EventList,
  EventRow,
  EventStatus,
  EventType,
  EventUpdateInput,
  FeedCreated,
  FeedStatus,
  PrazoCalcInput,
  PrazoCalcResult,
  PrazoCreateInput,
} from './agenda.schema'

// TanStack Query hooks of the agenda. Every key starts with 'agenda', so one
// invalidateQueries({ queryKey: ['agenda'] }) refreshes the list, calendars, stats and record sections.

export const EVENTS_PAGE_SIZE = 50
/** The API's largest page; a calendar range reads page after page up to CALENDAR_MAX_EVENTS. */
const RANGE_PAGE_SIZE = 100
const CALENDAR_MAX_EVENTS = 1000

export type TypeFilter = EventType | 'todos'
export type StatusFilter = EventStatus | 'todos'

export interface EventFilters {
  tipo: TypeFilter
  status: StatusFilter
}

export type RecordRef = { clientId: string } | { caseId: string }

export const agendaKeys = {
  all: ['agenda'] as const,
  lists: () => ['agenda', 'list'] as const,
  list: (filters: EventFilters) => ['agenda', 'list', filters] as const,
  range: (from: string, to: string) => ['agenda', 'range', from, to] as const,
  stats: () => ['agenda', 'stats'] as const,
  next: () => ['agenda', 'next'] as const,
  upcoming: (record: RecordRef, from: string) => ['agenda', 'upcoming', record, from] as const,
  courts: () => ['agenda', 'courts'] as const,
  closedDays: (tribunal: string, year: number) => ['agenda', 'closed-days', tribunal, year] as const,
  feed: () => ['agenda', 'feed'] as const,
  settings: () => ['agenda', 'settings'] as const,
}

const enc = encodeURIComponent

export function getEventsQueryOptions(filters: EventFilters) {
  return infiniteQueryOptions({
    queryKey: agendaKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(EVENTS_PAGE_SIZE), offset: String(pageParam) })
      if (filters.tipo !== 'todos') params.set('tipo', filters.tipo)
      if (filters.status !== 'todos') params.set('status', filters.status)
      return requestJson<EventList>(`/api/agenda/events?${params}`, { signal })
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset(EVENTS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  })
}

/** Every event from `from` (inclusive) to `to` (exclusive), for the month and week views. */
export function getEventsRangeQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: agendaKeys.range(from, to),
    queryFn: async ({ signal }) => {
      const items: EventRow[] = []
      let total = Infinity
      while (items.length < Math.min(total, CALENDAR_MAX_EVENTS)) {
        const params = new URLSearchParams({
          from,
          to,
          limit: String(RANGE_PAGE_SIZE),
          offset: String(items.length),
        })
        const page = await requestJson<EventList>(`/api/agenda/events?${params}`, { signal })
        items.push(...page.items)
        total = page.total
        if (page.items.length === 0) break
      }
      return { items, total }
    },
    placeholderData: keepPreviousData,
  })
}

export function getAgendaStatsQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.stats(),
    queryFn: ({ signal }) => requestJson<AgendaStats>('/api/agenda/stats', { signal }),
  })
}

/** The next upcoming event of the office (dashboard shortcut). */
export function getNextEventQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.next(),
    queryFn: ({ signal }) => requestJson<{ event: EventRow | null }>('/api/agenda/next', { signal }),
    select: (data) => data.event,
    staleTime: 30_000,
  })
}

/** A client's or case's next events (from `from` on, at most `limit`). */
export function getUpcomingEventsQueryOptions(record: RecordRef, from: string, limit = 5) {
  return queryOptions({
    queryKey: agendaKeys.upcoming(record, from),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ ...record, from, limit: String(limit) })
      return requestJson<EventList>(`/api/agenda/events?${params}`, { signal })
    },
  })
}

export function getCourtsQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.courts(),
    queryFn: ({ signal }) =>
      requestJson<CourtInfo[] | { items: CourtInfo[] }>('/api/agenda/courts', { signal }),
    // Accept a bare array or { items } — the list is small either way.
    select: (data) => (Array.isArray(data) ? data : data.items),
    staleTime: 5 * 60_000,
  })
}

export function getClosedDaysQueryOptions(tribunal: string, year: number) {
  return queryOptions({
    queryKey: agendaKeys.closedDays(tribunal, year),
    queryFn: ({ signal }) =>
      requestJson<CourtClosedDays>(`/api/agenda/courts/${enc(tribunal)}/closed-days?year=${year}`, {
        signal,
      }),
  })
}

export function getFeedQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.feed(),
    queryFn: ({ signal }) => requestJson<FeedStatus>('/api/agenda/feed', { signal }),
  })
}

/** Everything an event change can alter: lists, calendars, stats, record sections, the dashboard. */
export function invalidateAgenda(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: agendaKeys.all })
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

export function useSaveEvent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: EventInput | EventUpdateInput }) =>
      id === null
        ? requestJson<EventRow>('/api/agenda/events', { method: 'POST', body: data })
        : requestJson<EventRow>(`/api/agenda/events/${enc(id)}`, { method: 'PATCH', body: data }),
    onSettled: () => invalidateAgenda(queryClient),
  })
}

export function useConfirmEvent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<EventRow>(`/api/agenda/events/${enc(id)}/confirm`, { method: 'POST' }),
    onSettled: () => invalidateAgenda(queryClient),
  })
}

/** Deletes at once and hides the row before the server answers; a failure puts the row back. */
export function useDeleteEvent() {
  return useOptimisticDelete({
    listsKey: agendaKeys.lists(),
    mutationFn: (id: string) => requestNoContent(`/api/agenda/events/${enc(id)}`, 'DELETE'),
    onSettled: invalidateAgenda,
  })
}

export function useRestoreEvent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<unknown>(`/api/agenda/events/${enc(id)}/restore`, { method: 'POST' }),
    onSettled: () => invalidateAgenda(queryClient),
  })
}

export function useCalcularPrazo() {
  return useMutation({
    mutationFn: (input: PrazoCalcInput) =>
      requestJson<PrazoCalcResult>('/api/agenda/prazos/calcular', { method: 'POST', body: input }),
  })
}

export function useCriarPrazo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PrazoCreateInput) =>
      requestJson<EventRow>('/api/agenda/prazos', { method: 'POST', body: input }),
    onSettled: () => invalidateAgenda(queryClient),
  })
}

export function getAgendaSettingsQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.settings(),
    queryFn: ({ signal }) => requestJson<AgendaSettings>('/api/agenda/settings', { signal }),
  })
}

export function useUpdateAgendaSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AgendaSettingsInput) =>
      requestJson<AgendaSettings>('/api/agenda/settings', { method: 'PATCH', body: input }),
    onSuccess: (settings) => queryClient.setQueryData(agendaKeys.settings(), settings),
  })
}

export function useAddClosedDay(tribunal: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ClosedDayInput) =>
      requestJson<unknown>(`/api/agenda/courts/${enc(tribunal)}/closed-days`, {
        method: 'POST',
        body: input,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['agenda', 'closed-days', tribunal] }),
        queryClient.invalidateQueries({ queryKey: agendaKeys.courts() }),
      ]),
  })
}

export function useRemoveClosedDay(tribunal: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (data: string) =>
      requestNoContent(`/api/agenda/courts/${enc(tribunal)}/closed-days/${enc(data)}`, 'DELETE'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['agenda', 'closed-days', tribunal] }),
  })
}

export function useCreateFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestJson<FeedCreated>('/api/agenda/feed', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.feed() }),
  })
}

export function useRevokeFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestNoContent('/api/agenda/feed', 'DELETE'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.feed() }),
  })
}

/** The fields of GET /api/cases/:id that 'Calcular prazo' preselects (the case and its client). */
export interface CaseForPrazo {
  id: string
  titulo: string
  numeroProcesso: string | null
  clientId: string | null
  clientNome: string | null
}

export function getCaseForPrazoQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: ['agenda', 'case-for-prazo', caseId] as const,
    queryFn: ({ signal }) => requestJson<CaseForPrazo>(`/api/cases/${enc(caseId)}`, { signal }),
  })
}
