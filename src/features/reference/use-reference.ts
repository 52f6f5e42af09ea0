import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'

// Public API of the reference feature: the states and cities pickers of every form use these, so they
// share one cache entry per list (three private copies once cached different shapes under one key).

export interface Estado {
  id: number
  nome: string
  sigla: string
}

export interface Cidade {
  id: number
  nome: string
}

export const referenceKeys = {
  estados: () => ['reference', 'estados'] as const,
  cidades: (estadoId: number | null) => ['reference', 'estados', estadoId, 'cidades'] as const,
}

// Reference lists never change during a visit.
export const getEstadosQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.estados(),
    queryFn: async (): Promise<Estado[]> => (await unwrap(api.estados.$get())).items,
    staleTime: Infinity,
  })

export const getCidadesQueryOptions = (estadoId: number | null) =>
  queryOptions({
    queryKey: referenceKeys.cidades(estadoId),
    queryFn: async (): Promise<Cidade[]> =>
      (await unwrap(api.estados[':id'].cidades.$get({ param: { id: String(estadoId) } }))).items,
    enabled: estadoId !== null,
    staleTime: Infinity,
  })

export const useEstados = () => useQuery(getEstadosQueryOptions())
export const useCidades = (estadoId: number | null) => useQuery(getCidadesQueryOptions(estadoId))
