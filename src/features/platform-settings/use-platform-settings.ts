import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import type { PlatformSettingsInput } from './platform-settings.schema'

export const platformSettingsKeys = {
  public: ['platform-settings', 'public'] as const,
  admin: ['platform-settings', 'admin'] as const,
  status: ['platform-settings', 'status'] as const,
}

/** Name, maintenance and sign-ups for every visitor; asked again each minute and on focus. */
export function getPublicPlatformQueryOptions() {
  return queryOptions({
    queryKey: platformSettingsKeys.public,
    queryFn: ({ signal }) => unwrap(api['platform-settings'].public.$get({}, { init: { signal } })),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
}

export function usePublicPlatform() {
  return useQuery(getPublicPlatformQueryOptions())
}

export function getPlatformSettingsQueryOptions() {
  return queryOptions({
    queryKey: platformSettingsKeys.admin,
    queryFn: ({ signal }) => unwrap(api['platform-settings'].$get({}, { init: { signal } })),
  })
}

export function usePlatformSettings() {
  return useQuery(getPlatformSettingsQueryOptions())
}

export function getPlatformStatusQueryOptions() {
  return queryOptions({
    queryKey: platformSettingsKeys.status,
    queryFn: ({ signal }) => unwrap(api['platform-settings'].status.$get({}, { init: { signal } })),
    refetchInterval: 60_000,
  })
}

export function usePlatformStatus() {
  return useQuery(getPlatformStatusQueryOptions())
}

export function useSavePlatformSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: PlatformSettingsInput) => unwrap(api['platform-settings'].$put({ json: values })),
    onSuccess: (dto) => {
      queryClient.setQueryData(platformSettingsKeys.admin, dto)
      void queryClient.invalidateQueries({ queryKey: platformSettingsKeys.public })
    },
  })
}

export function useSmtpTest() {
  return useMutation({
    mutationFn: () => unwrap(api['platform-settings']['smtp-test'].$post({ json: {} })),
  })
}
