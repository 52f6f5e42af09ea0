import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import type {
  CreateReportInput,
  PlatformReportItem,
  PlatformReportList,
  PlatformReportsOverview,
  ReportPeriodQuery,
} from './platform-reports.schema'

const key = ['platform-reports'] as const

/** The period as the query string carries it (de/ate only for a month range). */
function periodQuery(period: ReportPeriodQuery) {
  return period.periodo === 'custom'
    ? { periodo: period.periodo, de: period.de ?? '', ate: period.ate ?? '' }
    : { periodo: period.periodo }
}

/** The figures of one period; the previous period's stay on screen while the next one loads. */
export function useReportsOverview(period: ReportPeriodQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'overview', period],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.admin.reports.overview.$get({ query: periodQuery(period) }),
      ) as Promise<PlatformReportsOverview>,
  })
}

/** The recent reports; polled every 2 s while one is 'Processando', so it turns by itself. */
export function useRecentReports() {
  return useQuery({
    queryKey: [...key, 'list'],
    queryFn: () => unwrap(api.admin.reports.$get()) as Promise<PlatformReportList>,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'processando') ? 2000 : false,
  })
}

export function useGenerateReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateReportInput) =>
      unwrap(api.admin.reports.$post({ json: input })) as Promise<PlatformReportItem>,
    onSuccess: (item) =>
      queryClient.setQueryData<PlatformReportList>([...key, 'list'], (data) => ({
        items: [item, ...(data?.items ?? []).filter((i) => i.id !== item.id)],
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...key, 'list'] }),
  })
}

export function useDeleteReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await api.admin.reports[':id'].$delete({ param: { id } })
      // 204 has no body for unwrap to read.
      if (!response.ok) await unwrap(Promise.resolve(response))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...key, 'list'] }),
  })
}

export const reportDownloadUrl = (id: string) => `/api/admin/reports/${id}/download`
