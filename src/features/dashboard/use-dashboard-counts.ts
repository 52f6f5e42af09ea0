import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api-client'

/**
 * Real counts for the home counters and shortcuts, from the office modules' stats routes
 * (`{ total, ... }`). A lawyer without office access (403) or a server without the module (404) shows 0:
 * the home page must never fail because of a counter.
 */
async function totalOf(
  request: Promise<{ ok: boolean; status: number; json(): Promise<{ total?: unknown }> }>,
): Promise<number> {
  const response = await request
  // Read by hand, not unwrap(): a refusal here is a 0, and no counter ever redirects the home page.
  if (response.status === 403 || response.status === 404) return 0
  if (!response.ok) throw new Error(`stats: ${response.status}`)
  const body = await response.json()
  return typeof body.total === 'number' ? body.total : 0
}

const STATS = {
  cases: () => api.cases.stats.$get(),
  clients: () => api.clients.stats.$get(),
  // The documents this member may see (the access levels apply to the total too).
  documents: () => api.documents.stats.$get(),
}

export function getDashboardCountQueryOptions(module: keyof typeof STATS) {
  return queryOptions({
    queryKey: ['dashboard', 'counts', module],
    queryFn: () => totalOf(STATS[module]()),
    staleTime: 0,
  })
}

export function useDashboardCounts(enabled: boolean) {
  const cases = useQuery({ ...getDashboardCountQueryOptions('cases'), enabled })
  const clients = useQuery({ ...getDashboardCountQueryOptions('clients'), enabled })
  const documents = useQuery({ ...getDashboardCountQueryOptions('documents'), enabled })
  return {
    documents: enabled ? (documents.data ?? null) : 0,
    cases: enabled ? (cases.data ?? null) : 0,
    clients: enabled ? (clients.data ?? null) : 0,
    isError: cases.isError || clients.isError || documents.isError,
  }
}
