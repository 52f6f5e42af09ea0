import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import type { ProfileDto } from '../auth/auth.public'
import { meQueryKey } from '../auth/auth.public'
import type {
  CollectionInput,
  CollectionItem,
  CollectionList,
  LawyerCollection,
  UpdateProfileInput,
} from './profiles.schema'

// TanStack Query hooks of the profile page. Keys start with 'profile'; a change to the profile or the
// avatar also refreshes ['me'] so the header and the dashboard home show it at once.

export const profileKeys = {
  all: ['profile'] as const,
  detail: () => ['profile', 'detail'] as const,
  collection: (collection: LawyerCollection) => ['profile', 'collections', collection] as const,
}

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }): Promise<ProfileDto> => unwrap(api.profile.$get({}, { init: { signal } })),
  })

export { getCidadesQueryOptions, getEstadosQueryOptions } from '../reference/reference.public'

function useProfileChanged() {
  const queryClient = useQueryClient()
  return (profile: ProfileDto) => {
    queryClient.setQueryData(profileKeys.detail(), profile)
    void queryClient.invalidateQueries({ queryKey: meQueryKey })
  }
}

export const profileUpdateMutationKey = ['profile', 'update'] as const

export function useUpdateProfile() {
  const changed = useProfileChanged()
  return useMutation({
    mutationKey: profileUpdateMutationKey,
    mutationFn: (data: UpdateProfileInput) => unwrap(api.profile.$patch({ json: data })),
    onSuccess: changed,
  })
}

export function useUploadAvatar() {
  const changed = useProfileChanged()
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append('file', file)
      // A file upload (multipart), so the raw helper rather than the typed client.
      const response = await apiFetch('/api/profile/avatar', { method: 'POST', body: form })
      return (await response.json()) as ProfileDto
    },
    onSuccess: changed,
  })
}

export function useRemoveAvatar() {
  const changed = useProfileChanged()
  return useMutation({
    mutationFn: (): Promise<ProfileDto> => unwrap(api.profile.avatar.$delete()),
    onSuccess: changed,
  })
}

export const getCollectionQueryOptions = <C extends LawyerCollection>(collection: C) =>
  queryOptions({
    queryKey: profileKeys.collection(collection),
    queryFn: async ({ signal }) => {
      // The server answers every collection with one route: the list is the one asked for.
      const list = await unwrap(
        api.profile[':collection'].$get({ param: { collection } }, { init: { signal } }),
      )
      return (list as CollectionList<C>).items
    },
  })

/**
 * A collection item's body is checked on the server by that collection's own schema, which AppType cannot
 * see (the route has no validate('json')): the typed client still sends it as JSON.
 */
const withJson = <P>(param: P, json: unknown) => ({ param, json }) as { param: P }

export function useSaveCollectionItem<C extends LawyerCollection>(collection: C) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: CollectionInput<C> }) =>
      (id === null
        ? unwrap(api.profile[':collection'].$post(withJson({ collection }, data)))
        : unwrap(api.profile[':collection'][':id'].$patch(withJson({ collection, id }, data)))) as Promise<
        CollectionItem<C>
      >,
    // The server orders the list (e.g. the principal area first): read it back rather than guess.
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.collection(collection) }),
  })
}

export function useDeleteCollectionItem(collection: LawyerCollection) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      unwrapEmpty(api.profile[':collection'][':id'].$delete({ param: { collection, id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.collection(collection) }),
  })
}
