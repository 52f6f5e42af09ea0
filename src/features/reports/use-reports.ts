import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { requestJson } from '../../lib/request-json'
import { periodParams } from './report-period'
import type { Analytics, AreaReport, HoursReport, Period, PipelineReport, ReportKind } from './reports.schema'

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

export function getReportQueryOptions<K extends ReportKind>(kind: K, period: Period) {
  return queryOptions({
    queryKey: reportKeys.report(kind, period),
    queryFn: ({ signal }) =>
      requestJson<ReportByKind[K]>(`/api/reports/${kind}?${periodParams(period)}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

export function getAnalyticsQueryOptions(period: Period) {
  return queryOptions({
    queryKey: reportKeys.analytics(period),
    queryFn: ({ signal }) =>
      requestJson<Analytics>(`/api/reports/analytics?${periodParams(period)}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

/** The URL of an export: one report ('area/export.csv') or all of them ('export.zip'). */
export function exportUrl(file: string, period: Period): string {
  return `/api/reports/${file}?${periodParams(period)}`
}
