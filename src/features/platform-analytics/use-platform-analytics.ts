import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import type { AnalyticsPeriod } from './platform-analytics.schema'

export const analyticsKeys = {
  all: ['platform-analytics'] as const,
  overview: (days: AnalyticsPeriod) => [...analyticsKeys.all, 'overview', days] as const,
}

/** The figures of a period; the previous period stays on screen while the next loads; refreshed every minute. */
export function useAnalyticsOverview(days: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.overview(days),
    queryFn: () => unwrap(api.admin.analytics.$get({ query: { days: String(days) as '7' | '30' | '90' } })),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  })
}
