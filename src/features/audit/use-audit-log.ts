import { infiniteQueryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
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

/** The filters as a query (empty ones left out), shared by the list and the CSV. */
export function auditQuery(filters: AuditFilters): Partial<AuditFilters> {
  const query: Partial<AuditFilters> = {}
  for (const key of ['memberId', 'action', 'from', 'to'] as const) if (filters[key]) query[key] = filters[key]
  return query
}

/** Query string of the filters, for the CSV download. */
export const auditParams = (filters: AuditFilters) => new URLSearchParams(auditQuery(filters))

export function getAuditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.audit.$get({ query: { ...auditQuery(filters), page: String(pageParam) } }, { init: { signal } }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last: AuditPage) => (last.hasMore ? last.page + 1 : undefined),
  })
}
