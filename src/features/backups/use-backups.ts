import { useEffect, useRef } from 'react'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { errorFromResponse, unwrap } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type {
  BackupList,
  BackupPart,
  BackupRow,
  BackupStats,
  RestoreBackupInput,
  RestoreResult,
} from './backups.schema'

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
      query.state.data?.items.some((item) => item.status === 'in_progress') ? POLL_MS : false,
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

export function useRestoreBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: RestoreBackupInput & { id: string }) =>
      requestJson<RestoreResult>(`/api/backups/${id}/restore`, { method: 'POST', body }),
    // Every screen's data may have changed: clients, cases, documents, settings.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

/** The history's download link: the browser streams the zip to disk (never a Blob in memory). */
export const backupDownloadUrl = (id: string) => `/api/backups/${id}/download`
