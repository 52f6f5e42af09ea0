import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import type { LogsQuery } from './platform-logs.schema'

export const logsKeys = {
  all: ['platform-logs'] as const,
  events: (query: LogsQuery) => [...logsKeys.all, 'events', query] as const,
  summary: () => [...logsKeys.all, 'summary'] as const,
}

/** A page of events; the previous page stays on screen while the next one loads. */
export function usePlatformEvents(query: LogsQuery) {
  return useQuery({
    queryKey: logsKeys.events(query),
    queryFn: () =>
      unwrap(
        api.admin.logs.$get({
          query: { kind: query.kind, search: query.search || undefined, page: String(query.page) },
        }),
      ),
    placeholderData: keepPreviousData,
  })
}

/** The 24-hour cards and the system alerts; refreshed every minute while the page is open. */
export function useLogsSummary() {
  return useQuery({
    queryKey: logsKeys.summary(),
    queryFn: () => unwrap(api.admin.logs.summary.$get()),
    refetchInterval: 60_000,
  })
}

/** 'Verificar agora': the monitor's checks at once. */
export function useRunChecks() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.admin.logs.checks.$post()),
    onSuccess: (summary) => queryClient.setQueryData(logsKeys.summary(), summary),
  })
}
