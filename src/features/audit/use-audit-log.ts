import { infiniteQueryOptions } from '@tanstack/react-query'
import { requestJson } from '../../lib/request-json'
import type { AuditPage } from './audit.schema'

// The office audit log (GET /api/audit): pages of 50 newest first, 'Carregar mais' asks for the next.

export interface AuditFilters {
  memberId: string
  action: string
  from: string
  to: string
}

export const emptyAuditFilters: AuditFilters = { memberId: '', action: '', from: '', to: '' }

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => ['audit', 'list', filters] as const,
}

/** Query string of the filters (empty ones left out), shared by the list and the CSV. */
export function auditParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of ['memberId', 'action', 'from', 'to'] as const)
    if (filters[key]) params.set(key, filters[key])
  return params
}

export function getAuditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = auditParams(filters)
      params.set('page', String(pageParam))
      return requestJson<AuditPage>(`/api/audit?${params}`, { signal })
    },
    initialPageParam: 1,
    getNextPageParam: (last: AuditPage) => (last.hasMore ? last.page + 1 : undefined),
  })
}
