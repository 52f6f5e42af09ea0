import { useEffect, useRef } from 'react'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import type { BackupPart, BackupRow, RestoreBackupInput } from './backups.schema'

// The backup page's data: the history (polled while a run is in progress), the cards, and the actions.

export const backupKeys = {
  all: ['backups'] as const,
  list: ['backups', 'list'] as const,
  stats: ['backups', 'stats'] as const,
}

/** How often the history is asked again while a backup runs (its progress bar moves with it). */
const POLL_MS = 2_000

export function getBackupListQueryOptions() {
  return queryOptions({
    queryKey: backupKeys.list,
    queryFn: ({ signal }) => unwrap(api.backups.$get({ query: {} }, { init: { signal } })),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'in_progress' || isRestoring(item))
        ? POLL_MS
        : false,
  })
}

/** A restore from this archive is waiting for its job or running. */
export const isRestoring = (backup: BackupRow) =>
  backup.restore?.status === 'queued' || backup.restore?.status === 'running'

/** How often the restore dialog asks for its restore's progress. */
const RESTORE_POLL_MS = 1_000

/** One backup (the restore dialog's progress). */
export function getBackupQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...backupKeys.all, 'one', id],
    queryFn: ({ signal }) => unwrap(api.backups[':id'].$get({ param: { id } }, { init: { signal } })),
  })
}

/** One backup, polled while its restore is queued or running (the restore dialog's progress). */
export function useBackupRestoreState(id: string, enabled: boolean) {
  return useQuery({
    ...getBackupQueryOptions(id),
    enabled,
    refetchInterval: (query) => {
      const backup = query.state.data?.backup
      return !backup || isRestoring(backup) ? RESTORE_POLL_MS : false
    },
  })
}

export function useBackupList() {
  const queryClient = useQueryClient()
  const list = useQuery(getBackupListQueryOptions())
  // When a backup finishes (or the history changes otherwise), the cards (last, count, size) change too.
  const signature = list.data?.items.map((item) => `${item.id}:${item.status}`).join() ?? null
  const seen = useRef(signature)
  useEffect(() => {
    if (seen.current !== null && signature !== seen.current)
      void queryClient.invalidateQueries({ queryKey: backupKeys.stats })
    seen.current = signature
  }, [signature, queryClient])
  return list
}

export function getBackupStatsQueryOptions() {
  return queryOptions({
    queryKey: backupKeys.stats,
    queryFn: ({ signal }) => unwrap(api.backups.stats.$get({}, { init: { signal } })),
  })
}

export function useBackupStats() {
  return useQuery(getBackupStatsQueryOptions())
}

export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (parts: BackupPart[]) => unwrap(api.backups.$post({ json: { parts } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  })
}

/** DELETE answers 204 (no JSON). */
const deleteBackup = (id: string) => unwrapEmpty(api.backups[':id'].$delete({ param: { id } }))

export function useDeleteBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  })
}

/** Queues the restore (202): the job runs it; useBackupRestoreState follows it to its end. */
export function useRestoreBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: RestoreBackupInput & { id: string }) =>
      unwrap(api.backups[':id'].restore.$post({ param: { id }, json: body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.list }),
  })
}

/** The history's download link: the browser streams the zip to disk (never a Blob in memory). */
export const backupDownloadUrl = (id: string) => `/api/backups/${id}/download`
