import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import type { ScheduleTipo } from './platform-backup.constants'
import type { PlatformBackupOverview, ScheduleUpdate } from './platform-backup.schema'

const key = ['platform-backup'] as const

/** The overview; polled every 2 s while a backup or a restore is running, so 'Processando' turns by itself. */
export function usePlatformBackups() {
  return useQuery({
    queryKey: key,
    queryFn: () => unwrap(api.admin.backup.$get()) as Promise<PlatformBackupOverview>,
    refetchInterval: (query) => {
      const data = query.state.data
      const busy = data?.items.some((i) => i.status === 'processando') || data?.restore.restoringBackupId
      return busy ? 2000 : false
    },
  })
}

export function useCreatePlatformBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.admin.backup.$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ tipo, patch }: { tipo: ScheduleTipo; patch: ScheduleUpdate }) =>
      unwrap(api.admin.backup.schedules[':tipo'].$patch({ param: { tipo }, json: patch })),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  })
}

export function useUpdateRetention() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (retencaoDias: number) => unwrap(api.admin.backup.retention.$put({ json: { retencaoDias } })),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  })
}

export function useRestorePlatform() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.admin.backup[':id'].restore.$post({ param: { id }, json: { confirmacao: 'RESTAURAR' } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useRestoreCommand(id: string | null) {
  return useQuery({
    queryKey: [...key, 'command', id],
    enabled: id !== null,
    queryFn: () =>
      unwrap(api.admin.backup[':id']['restore-command'].$get({ param: { id: id ?? '' } })) as Promise<{
        command: string
      }>,
  })
}

export const downloadUrl = (id: string) => `/api/admin/backup/${id}/download`
