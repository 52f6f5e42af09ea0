import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import type { VisibilityDto } from './directory.schema'

export const directoryKeys = {
  all: ['directory'] as const,
  profile: (slug: string) => [...directoryKeys.all, 'profile', slug] as const,
  visibility: () => [...directoryKeys.all, 'visibility'] as const,
}

export function usePublicProfile(slug: string) {
  return useQuery({
    queryKey: directoryKeys.profile(slug),
    queryFn: () => unwrap(api.directory.profiles[':slug'].$get({ param: { slug } })),
    // A private or unknown profile is a final answer, not a hiccup to retry.
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  })
}

export function useVisibility() {
  return useQuery({
    queryKey: directoryKeys.visibility(),
    queryFn: () => unwrap(api.directory.me.visibility.$get()),
  })
}

export function useSaveVisibility() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (data: Pick<VisibilityDto, 'perfilPublico' | 'atendeVideo' | 'mostrarHonorarios'>) =>
      unwrap(api.directory.me.visibility.$put({ json: data })),
    onSuccess: (saved) => {
      queryClient.setQueryData(directoryKeys.visibility(), saved)
      void queryClient.invalidateQueries({ queryKey: directoryKeys.profile(saved.slug) })
    },
  })
}
