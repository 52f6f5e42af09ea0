import { useQuery } from '@tanstack/react-query'
import { requestJson } from '../../lib/request-json'

// IBGE states and cities for the job form (the reference API; cached for the visit).

const statesQuery = {
  queryKey: ['reference', 'estados'] as const,
  queryFn: () => requestJson<{ items: { id: number; sigla: string }[] }>('/api/estados'),
  staleTime: Infinity,
}

export function useJobCities(uf: string) {
  const states = useQuery(statesQuery)
  const estadoId = states.data?.items.find((item) => item.sigla === uf)?.id
  return useQuery({
    queryKey: ['reference', 'cidades', estadoId ?? null] as const,
    queryFn: () => requestJson<{ items: { id: number; nome: string }[] }>(`/api/estados/${estadoId}/cidades`),
    enabled: estadoId !== undefined,
    staleTime: Infinity,
  })
}
