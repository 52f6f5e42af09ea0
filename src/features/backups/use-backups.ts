import { useEffect, useRef } from 'react'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { errorFromResponse, unwrap } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type { BackupList, BackupPart, BackupRow, BackupStats, RestoreBackupInput } from './backups.schema'

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
    queryFn: ({ signal }) => requestJson<BackupList>('/api/backups', { signal }),
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

/** One backup, polled while its restore is queued or running (the restore dialog's progress). */
export function useBackupRestoreState(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...backupKeys.all, 'one', id],
    queryFn: ({ signal }) => requestJson<{ backup: BackupRow }>(`/api/backups/${id}`, { signal }),
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

export function useBackupStats() {
  return useQuery({
    queryKey: backupKeys.stats,
    queryFn: ({ signal }) => requestJson<BackupStats>('/api/backups/stats', { signal }),
  })
}

export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (parts: BackupPart[]) =>
      requestJson<{ backup: BackupRow }>('/api/backups', { method: 'POST', body: { parts } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  })
}

/** DELETE answers 204 (no JSON), so not requestJson. */
async function deleteBackup(id: string): Promise<void> {
  let response: Response
  try {
    response = await fetch(`/api/backups/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
  } catch {
    return unwrap(Promise.reject(new Error('network')))
  }
  if (!response.ok) throw await errorFromResponse(response)
}

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
      requestJson<{ backup: BackupRow }>(`/api/backups/${id}/restore`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.list }),
  })
}

/** The history's download link: the browser streams the zip to disk (never a Blob in memory). */
export const backupDownloadUrl = (id: string) => `/api/backups/${id}/download`
