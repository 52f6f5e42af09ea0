import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '../../lib/api-client'
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

type JsonInit = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal }

function requestJson<T>(url: string, { method = 'GET', body, signal }: JsonInit = {}): Promise<T> {
  return unwrap<T>(
    fetch(url, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }) => requestJson<ProfileDto>('/api/profile', { signal }),
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
    mutationFn: (data: UpdateProfileInput) =>
      requestJson<ProfileDto>('/api/profile', { method: 'PATCH', body: data }),
    onSuccess: changed,
  })
}

export function useUploadAvatar() {
  const changed = useProfileChanged()
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file)
      return unwrap<ProfileDto>(
        fetch('/api/profile/avatar', { method: 'POST', body: form, credentials: 'same-origin' }),
      )
    },
    onSuccess: changed,
  })
}

export function useRemoveAvatar() {
  const changed = useProfileChanged()
  return useMutation({
    mutationFn: () => requestJson<ProfileDto>('/api/profile/avatar', { method: 'DELETE' }),
    onSuccess: changed,
  })
}

export const getCollectionQueryOptions = <C extends LawyerCollection>(collection: C) =>
  queryOptions({
    queryKey: profileKeys.collection(collection),
    queryFn: async ({ signal }) =>
      (await requestJson<CollectionList<C>>(`/api/profile/${collection}`, { signal })).items,
  })

export function useSaveCollectionItem<C extends LawyerCollection>(collection: C) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: CollectionInput<C> }) =>
      id === null
        ? requestJson<CollectionItem<C>>(`/api/profile/${collection}`, { method: 'POST', body: data })
        : requestJson<CollectionItem<C>>(`/api/profile/${collection}/${id}`, { method: 'PATCH', body: data }),
    // The server orders the list (e.g. the principal area first): read it back rather than guess.
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.collection(collection) }),
  })
}

export function useDeleteCollectionItem(collection: LawyerCollection) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await fetch(`/api/profile/${collection}/${id}`, {
        method: 'DELETE',
        credentials: 'same-origin',
      })
      if (!response.ok) await unwrap(Promise.resolve(response))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.collection(collection) }),
  })
}
