import { useCidades, useEstados } from '../reference/reference.public'

// The job form's cities for a state's UF, through the reference feature's shared cache entries (a private
// query once cached another shape under the same key, which broke the other forms' state lists).
export function useJobCities(uf: string) {
  const estados = useEstados()
  const estadoId = estados.data?.find((estado) => estado.sigla === uf)?.id ?? null
  return useCidades(estadoId)
}
