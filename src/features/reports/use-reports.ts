import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { periodParams } from './report-period'
import type { AreaReport, HoursReport, Period, PipelineReport, ReportKind } from './reports.schema'

// TanStack Query options of Relatórios and Analytics. Every key starts with 'reports'; a period change keeps the
// previous numbers on screen (marked busy) until the new ones arrive.

export interface ReportByKind {
  area: AreaReport
  horas: HoursReport
  pipeline: PipelineReport
}

export const reportKeys = {
  all: ['reports'] as const,
  report: (kind: ReportKind, period: Period) => ['reports', kind, period.from, period.to] as const,
  analytics: (period: Period) => ['reports', 'analytics', period.from, period.to] as const,
}

/**
 * GET /api/reports/<kind>. The server registers the three report routes in a loop (one per kind), which
 * AppType cannot see, so the typed client's path is named here with the routes' shared answer type.
 */
type ReportEndpoint<K extends ReportKind> = {
  $get(
    args: { query: Period },
    options: { init: { signal: AbortSignal } },
  ): Promise<{ ok: boolean; status: number; json(): Promise<ReportByKind[K]> }>
}
const reportEndpoint = <K extends ReportKind>(kind: K) =>
  (api.reports as unknown as { [P in K]: ReportEndpoint<K> })[kind]

export function getReportQueryOptions<K extends ReportKind>(kind: K, period: Period) {
  return queryOptions({
    queryKey: reportKeys.report(kind, period),
    queryFn: ({ signal }) =>
      unwrap(
        reportEndpoint(kind).$get({ query: { from: period.from, to: period.to } }, { init: { signal } }),
      ),
    placeholderData: keepPreviousData,
  })
}

export function getAnalyticsQueryOptions(period: Period) {
  return queryOptions({
    queryKey: reportKeys.analytics(period),
    queryFn: ({ signal }) =>
      unwrap(
        api.reports.analytics.$get({ query: { from: period.from, to: period.to } }, { init: { signal } }),
      ),
    placeholderData: keepPreviousData,
  })
}

/** The URL of an export: one report ('area/export.csv') or all of them ('export.zip'). */
export function exportUrl(file: string, period: Period): string {
  return `/api/reports/${file}?${periodParams(period)}`
}
