import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import { pageQuery } from '../../lib/offset-list'
import { offsetListQueryOptions } from '../../components/list-page/use-list-query'
import { useOptimisticDelete } from '../../lib/use-undoable-delete'
import type {
  AgendaSettingsInput,
  ClosedDayInput,
  EventInput,
  EventRow,
  EventStatus,
  EventType,
  EventUpdateInput,
  PrazoCalcInput,
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

export function getEventsQueryOptions(filters: EventFilters) {
  return offsetListQueryOptions({
    queryKey: agendaKeys.list(filters),
    pageSize: EVENTS_PAGE_SIZE,
    read: (page, signal) => {
      const query = {
        ...page,
        ...(filters.tipo !== 'todos' ? { tipo: filters.tipo } : {}),
        ...(filters.status !== 'todos' ? { status: filters.status } : {}),
      }
      return unwrap(api.agenda.events.$get({ query }, { init: { signal } }))
    },
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
        const query = { from, to, ...pageQuery(RANGE_PAGE_SIZE, items.length) }
        const page = await unwrap(api.agenda.events.$get({ query }, { init: { signal } }))
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
    queryFn: ({ signal }) => unwrap(api.agenda.stats.$get(undefined, { init: { signal } })),
  })
}

/** The next upcoming event of the office (dashboard shortcut). */
export function getNextEventQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.next(),
    queryFn: ({ signal }) => unwrap(api.agenda.next.$get(undefined, { init: { signal } })),
    select: (data) => data.event,
    staleTime: 30_000,
  })
}

/** A client's or case's next events (from `from` on, at most `limit`). */
export function getUpcomingEventsQueryOptions(record: RecordRef, from: string, limit = 5) {
  return queryOptions({
    queryKey: agendaKeys.upcoming(record, from),
    queryFn: ({ signal }) =>
      unwrap(
        api.agenda.events.$get({ query: { ...record, from, limit: String(limit) } }, { init: { signal } }),
      ),
  })
}

export function getCourtsQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.courts(),
    queryFn: ({ signal }) => unwrap(api.agenda.courts.$get(undefined, { init: { signal } })),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  })
}

export function getClosedDaysQueryOptions(tribunal: string, year: number) {
  return queryOptions({
    queryKey: agendaKeys.closedDays(tribunal, year),
    queryFn: ({ signal }) =>
      unwrap(
        api.agenda.courts[':tribunal']['closed-days'].$get(
          { param: { tribunal }, query: { year: String(year) } },
          { init: { signal } },
        ),
      ),
  })
}

export function getFeedQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.feed(),
    queryFn: ({ signal }) => unwrap(api.agenda.feed.$get(undefined, { init: { signal } })),
  })
}

/** Everything an event change can alter: lists, calendars, stats, record sections, the dashboard. */
export function invalidateAgenda(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: agendaKeys.all })
}

export function useSaveEvent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: EventInput | EventUpdateInput }) =>
      id === null
        ? unwrap(api.agenda.events.$post({ json: data as EventInput }))
        : unwrap(api.agenda.events[':id'].$patch({ param: { id }, json: data })),
    onSettled: () => invalidateAgenda(queryClient),
  })
}

export function useConfirmEvent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.agenda.events[':id'].confirm.$post({ param: { id } })),
    onSettled: () => invalidateAgenda(queryClient),
  })
}

/** Deletes at once and hides the row before the server answers; a failure puts the row back. */
export function useDeleteEvent() {
  return useOptimisticDelete({
    listsKey: agendaKeys.lists(),
    mutationFn: (id: string) => unwrapEmpty(api.agenda.events[':id'].$delete({ param: { id } })),
    onSettled: invalidateAgenda,
  })
}

export function useRestoreEvent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.agenda.events[':id'].restore.$post({ param: { id } })),
    onSettled: () => invalidateAgenda(queryClient),
  })
}

export function useCalcularPrazo() {
  return useMutation({
    mutationFn: (input: PrazoCalcInput) => unwrap(api.agenda.prazos.calcular.$post({ json: input })),
  })
}

export function useCriarPrazo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PrazoCreateInput) => unwrap(api.agenda.prazos.$post({ json: input })),
    onSettled: () => invalidateAgenda(queryClient),
  })
}

export function getAgendaSettingsQueryOptions() {
  return queryOptions({
    queryKey: agendaKeys.settings(),
    queryFn: ({ signal }) => unwrap(api.agenda.settings.$get(undefined, { init: { signal } })),
  })
}

export function useUpdateAgendaSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AgendaSettingsInput) => unwrap(api.agenda.settings.$patch({ json: input })),
    onSuccess: (settings) => queryClient.setQueryData(agendaKeys.settings(), settings),
  })
}

export function useAddClosedDay(tribunal: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ClosedDayInput) =>
      unwrap(api.agenda.courts[':tribunal']['closed-days'].$post({ param: { tribunal }, json: input })),
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
      unwrapEmpty(
        api.agenda.courts[':tribunal']['closed-days'][':data'].$delete({ param: { tribunal, data } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['agenda', 'closed-days', tribunal] }),
  })
}

export function useCreateFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.agenda.feed.$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.feed() }),
  })
}

export function useRevokeFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrapEmpty(api.agenda.feed.$delete()),
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
    queryFn: ({ signal }): Promise<CaseForPrazo> =>
      unwrap(api.cases[':id'].$get({ param: { id: caseId } }, { init: { signal } })),
  })
}
