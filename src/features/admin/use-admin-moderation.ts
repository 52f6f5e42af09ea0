import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import type { AdminProfileEditInput } from './admin-moderation.schema'
import { adminKeys } from './use-admin'

// /admin/moderation's data: our own blocks/history/summary plus network's OAB requests and reports
// (issue 13's /api/network/moderation routes), all behind the server's superadmin check.

const moderation = api.admin.moderation
const networkModeration = api.network.moderation

export const moderationKeys = {
  all: [...adminKeys.all, 'moderation'] as const,
  summary: () => [...moderationKeys.all, 'summary'] as const,
  blocked: () => [...moderationKeys.all, 'blocked'] as const,
  history: (page: number) => [...moderationKeys.all, 'history', page] as const,
  verifications: () => [...moderationKeys.all, 'verifications'] as const,
  reports: () => [...moderationKeys.all, 'reports'] as const,
}

export const HISTORY_PAGE_SIZE = 20

export function useModerationSummary() {
  return useQuery({ queryKey: moderationKeys.summary(), queryFn: () => unwrap(moderation.summary.$get()) })
}

export function useBlockedUsers() {
  return useQuery({ queryKey: moderationKeys.blocked(), queryFn: () => unwrap(moderation.blocked.$get()) })
}

export function useModerationHistory(page: number) {
  return useQuery({
    queryKey: moderationKeys.history(page),
    queryFn: () =>
      unwrap(
        moderation.history.$get({
          query: { limit: String(HISTORY_PAGE_SIZE), offset: String(page * HISTORY_PAGE_SIZE) },
        }),
      ),
  })
}

export function usePendingVerifications() {
  return useQuery({
    queryKey: moderationKeys.verifications(),
    queryFn: () =>
      unwrap(
        networkModeration.verifications.$get({ query: { status: 'pendente', limit: '100', offset: '0' } }),
      ),
  })
}

export function useOpenReports() {
  return useQuery({
    queryKey: moderationKeys.reports(),
    queryFn: () =>
      unwrap(networkModeration.reports.$get({ query: { status: 'pendente', limit: '100', offset: '0' } })),
  })
}

/** Every admin list (users, profiles, counters, moderation tabs) is refreshed after a decision. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all })
}

export function useBlockUser() {
  const onSettled = useInvalidateAdmin()
  return useMutation({
    mutationFn: ({ userId, block, reason }: { userId: string; block: boolean; reason?: string }) => {
      const endpoint = api.admin.users[':userId'].block
      return unwrap(
        block
          ? endpoint.$post({ param: { userId }, json: { reason: reason ?? '' } })
          : endpoint.$delete({ param: { userId } }),
      )
    },
    onSettled,
  })
}

export function useEditProfile() {
  const onSettled = useInvalidateAdmin()
  return useMutation({
    mutationFn: ({ profileId, data }: { profileId: string; data: AdminProfileEditInput }) =>
      unwrap(api.admin.profiles[':profileId'].$patch({ param: { profileId }, json: data })),
    onSettled,
  })
}

export function useDecideVerification() {
  const onSettled = useInvalidateAdmin()
  return useMutation({
    mutationFn: ({ id, approve, motivo }: { id: string; approve: boolean; motivo?: string }) =>
      unwrap(
        networkModeration.verifications[':id'].decide.$post({ param: { id }, json: { approve, motivo } }),
      ),
    onSettled,
  })
}

export function useResolveReport() {
  const onSettled = useInvalidateAdmin()
  return useMutation({
    mutationFn: ({ id, decision, hide }: { id: string; decision: string; hide: boolean }) =>
      unwrap(networkModeration.reports[':id'].resolve.$post({ param: { id }, json: { decision, hide } })),
    onSettled,
  })
}

export function useCloseJob() {
  const onSettled = useInvalidateAdmin()
  return useMutation({
    mutationFn: (jobId: string) => unwrap(moderation.jobs[':jobId'].close.$post({ param: { jobId } })),
    onSettled,
  })
}
