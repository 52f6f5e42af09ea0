import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestJson } from '../../lib/request-json'
import type {
  PlatformSettingsDto,
  PlatformSettingsInput,
  PlatformStatusCards,
  PublicPlatformInfo,
  SmtpTestResult,
} from './platform-settings.schema'

export const platformSettingsKeys = {
  public: ['platform-settings', 'public'] as const,
  admin: ['platform-settings', 'admin'] as const,
  status: ['platform-settings', 'status'] as const,
}

/** Name, maintenance and sign-ups for every visitor; asked again each minute and on focus. */
export function usePublicPlatform() {
  return useQuery({
    queryKey: platformSettingsKeys.public,
    queryFn: ({ signal }) => requestJson<PublicPlatformInfo>('/api/platform-settings/public', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
}

export function usePlatformSettings() {
  return useQuery({
    queryKey: platformSettingsKeys.admin,
    queryFn: ({ signal }) => requestJson<PlatformSettingsDto>('/api/platform-settings', { signal }),
  })
}

export function usePlatformStatus() {
  return useQuery({
    queryKey: platformSettingsKeys.status,
    queryFn: ({ signal }) => requestJson<PlatformStatusCards>('/api/platform-settings/status', { signal }),
    refetchInterval: 60_000,
  })
}

export function useSavePlatformSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: PlatformSettingsInput) =>
      requestJson<PlatformSettingsDto>('/api/platform-settings', { method: 'PUT', body: values }),
    onSuccess: (dto) => {
      queryClient.setQueryData(platformSettingsKeys.admin, dto)
      void queryClient.invalidateQueries({ queryKey: platformSettingsKeys.public })
    },
  })
}

export function useSmtpTest() {
  return useMutation({
    mutationFn: () =>
      requestJson<SmtpTestResult>('/api/platform-settings/smtp-test', { method: 'POST', body: {} }),
  })
}
