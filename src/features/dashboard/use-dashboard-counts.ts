import { useQuery } from '@tanstack/react-query'

/**
 * Real counts for the home counters and shortcuts, from the office modules' stats routes
 * (`{ total, ... }`). A lawyer without office access (403) or a server without the module (404) shows 0:
 * the home page must never fail because of a counter.
 */
async function fetchTotal(url: string): Promise<number> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
  if (response.status === 403 || response.status === 404) return 0
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  const body = (await response.json()) as { total?: unknown }
  return typeof body.total === 'number' ? body.total : 0
}

export function useDashboardCounts(enabled: boolean) {
  const cases = useQuery({
    queryKey: ['dashboard', 'counts', 'cases'],
    queryFn: () => fetchTotal('/api/cases/stats'),
    enabled,
    staleTime: 0,
  })
  const clients = useQuery({
    queryKey: ['dashboard', 'counts', 'clients'],
    queryFn: () => fetchTotal('/api/clients/stats'),
    enabled,
    staleTime: 0,
  })
  // The documents this member may see (the access levels apply to the total too).
  const documents = useQuery({
    queryKey: ['dashboard', 'counts', 'documents'],
    queryFn: () => fetchTotal('/api/documents/stats'),
    enabled,
    staleTime: 0,
  })
  return {
    documents: enabled ? (documents.data ?? null) : 0,
    cases: enabled ? (cases.data ?? null) : 0,
    clients: enabled ? (clients.data ?? null) : 0,
    isError: cases.isError || clients.isError || documents.isError,
  }
}
