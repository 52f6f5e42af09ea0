import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { meQueryKey } from '../auth/auth.public'
import type { OfficeSettingsDto, OfficeSettingsInput } from './office-settings.schema'

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

export function getOfficeSettingsQueryOptions() {
  return queryOptions({
    queryKey: officeSettingsKeys.all,
    queryFn: ({ signal }) => unwrap(api['office-settings'].$get({}, { init: { signal } })),
  })
}

export function useOfficeSettings(enabled: boolean) {
  return useQuery({ ...getOfficeSettingsQueryOptions(), enabled })
}

export function getAgendaWarningQueryOptions() {
  return queryOptions({
    queryKey: officeSettingsKeys.agenda,
    queryFn: ({ signal }): Promise<AgendaWarning> =>
      unwrap(api.agenda.settings.$get({}, { init: { signal } })),
  })
}

export function useAgendaWarning(enabled: boolean) {
  return useQuery({ ...getAgendaWarningQueryOptions(), enabled })
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
      const dto = await unwrap(api['office-settings'].$put({ json: values }))
      if (prazoAvisoDias !== undefined) {
        const agenda: AgendaWarning = await unwrap(api.agenda.settings.$patch({ json: { prazoAvisoDias } }))
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
    mutationFn: () => unwrap(api['office-settings'].restore.$post()),
    onSuccess: (dto) => settled(dto),
  })
}

export function useTestSmtp() {
  return useMutation({
    mutationFn: () => unwrap(api['office-settings']['smtp-test'].$post({ json: {} })),
  })
}
