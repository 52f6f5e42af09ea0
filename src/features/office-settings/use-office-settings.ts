import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestJson } from '../../lib/request-json'
import { meQueryKey } from '../auth/auth.public'
import type { OfficeSettingsDto, OfficeSettingsInput, SmtpTestResult } from './office-settings.schema'

// The advanced-settings page's data: the office's settings, the agenda's prazo warning, and the actions.

export const officeSettingsKeys = {
  all: ['office-settings'] as const,
  agenda: ['agenda', 'settings'] as const,
}

/** GET/PATCH /api/agenda/settings (the agenda feature owns offices.prazo_aviso_dias). */
export interface AgendaWarning {
  prazoAvisoDias: number
  editable: boolean
}

export function useOfficeSettings(enabled: boolean) {
  return useQuery({
    queryKey: officeSettingsKeys.all,
    queryFn: ({ signal }) => requestJson<OfficeSettingsDto>('/api/office-settings', { signal }),
    enabled,
  })
}

export function useAgendaWarning(enabled: boolean) {
  return useQuery({
    queryKey: officeSettingsKeys.agenda,
    queryFn: ({ signal }) => requestJson<AgendaWarning>('/api/agenda/settings', { signal }),
    enabled,
  })
}

/** Every change here may move the header's name, the audit link or the 2FA rule: /api/me is asked again. */
function useSettled() {
  const queryClient = useQueryClient()
  return (dto?: OfficeSettingsDto) => {
    if (dto) queryClient.setQueryData(officeSettingsKeys.all, dto)
    void queryClient.invalidateQueries({ queryKey: meQueryKey })
    void queryClient.invalidateQueries({ queryKey: ['offices'] })
  }
}

export function useSaveOfficeSettings() {
  const settled = useSettled()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      values,
      prazoAvisoDias,
    }: {
      values: OfficeSettingsInput
      prazoAvisoDias?: number
    }) => {
      const dto = await requestJson<OfficeSettingsDto>('/api/office-settings', {
        method: 'PUT',
        body: values,
      })
      if (prazoAvisoDias !== undefined) {
        const agenda = await requestJson<AgendaWarning>('/api/agenda/settings', {
          method: 'PATCH',
          body: { prazoAvisoDias },
        })
        queryClient.setQueryData(officeSettingsKeys.agenda, agenda)
      }
      return dto
    },
    onSuccess: (dto) => settled(dto),
  })
}

export function useRestoreOfficeSettings() {
  const settled = useSettled()
  return useMutation({
    mutationFn: () => requestJson<OfficeSettingsDto>('/api/office-settings/restore', { method: 'POST' }),
    onSuccess: (dto) => settled(dto),
  })
}

export function useTestSmtp() {
  return useMutation({
    mutationFn: () =>
      requestJson<SmtpTestResult>('/api/office-settings/smtp-test', { method: 'POST', body: {} }),
  })
}
