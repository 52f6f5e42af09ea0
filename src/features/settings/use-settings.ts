import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api, unwrap } from '../../lib/api-client'
import { changeLanguage, i18next } from '../../lib/i18n'
import { meQueryKey, postAuth, useSession } from '../auth/auth.public'
import type { SettingsData, SettingsDto } from './settings.schema'

export const settingsKeys = {
  all: ['settings'] as const,
  detail: () => [...settingsKeys.all, 'detail'] as const,
  activity: () => [...settingsKeys.all, 'activity'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.detail(),
    queryFn: () => unwrap(api.settings.$get()),
    staleTime: 5 * 60_000,
  })

export function useSettings() {
  return useQuery(settingsQueryOptions())
}

export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (data: SettingsData) => unwrap(api.settings.$put({ json: data })),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.detail(), saved),
  })
}

export const signInActivityQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.activity(),
    queryFn: () => unwrap(api.settings.activity.$get()),
  })

export function useSignInActivity() {
  return useQuery(signInActivityQueryOptions())
}

export const activeSessionsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.sessions(),
    queryFn: () => unwrap(api.settings.sessions.$get()),
  })

export function useActiveSessions() {
  return useQuery(activeSessionsQueryOptions())
}

export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.settings.sessions[':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  })
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.settings.sessions['revoke-others'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  })
}

// --- Two-factor authentication: better-auth's own endpoints (its twoFactor plugin) under /api/auth, which
// AppType cannot type (auth's postAuth names the answer).

const authPost = <T>(path: string, body: Record<string, unknown>) => postAuth<T>(`/api/auth${path}`, body)

export interface TwoFactorEnrolment {
  totpURI: string
  backupCodes: string[]
}

/**
 * Enrol / confirm / disable / new backup codes. better-auth replaces the session cookie when 2FA is
 * switched on or off, so the user and the sessions list are refetched after each change.
 */
export function useTwoFactor() {
  const queryClient = useQueryClient()
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
    ])
  return {
    enable: useMutation({
      mutationFn: (password: string) => authPost<TwoFactorEnrolment>('/two-factor/enable', { password }),
    }),
    verify: useMutation({
      mutationFn: (code: string) => authPost<{ token: string }>('/two-factor/verify-totp', { code }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (password: string) => authPost<{ status: boolean }>('/two-factor/disable', { password }),
      onSuccess: refresh,
    }),
    regenerateBackupCodes: useMutation({
      mutationFn: (password: string) =>
        authPost<{ backupCodes: string[] }>('/two-factor/generate-backup-codes', { password }),
    }),
  }
}

// --- Display preferences that follow the user from device to device.

const COMPACT_STORAGE_KEY = 'jusconecta-compact'

/** Compact mode shrinks the root font size, and with it every rem-based size of the interface. */
export function applyCompactMode(compact: boolean) {
  document.documentElement.classList.toggle('compact', compact)
  document.documentElement.style.fontSize = compact ? '87.5%' : ''
  try {
    if (compact) localStorage.setItem(COMPACT_STORAGE_KEY, '1')
    else localStorage.removeItem(COMPACT_STORAGE_KEY)
  } catch {
    // storage blocked: applied for this visit only
  }
}

function storedCompactMode(): boolean {
  try {
    return localStorage.getItem(COMPACT_STORAGE_KEY) === '1'
  } catch {
    return false
  }
}

// Applied once per signed-in user and page load: later changes come from the settings page itself, and
// re-applying on every refetch would undo a choice made in another tab before it is saved.
let appliedForUser: string | null = null

/**
 * Call once in the signed-in layout: after sign-in, switches the interface to the language the user saved
 * (and their compact mode), on whatever device they use. Does nothing while signed out.
 */
export function useApplyUserLanguage() {
  const { real } = useSession()
  const userId = real?.user.id ?? null
  const { data } = useQuery({ ...settingsQueryOptions(), enabled: !!userId })

  useEffect(() => {
    if (storedCompactMode()) applyCompactMode(true)
  }, [])

  useEffect(() => {
    if (!userId || !data || appliedForUser === userId) return
    appliedForUser = userId
    applyUserPreferences(data)
  }, [userId, data])
}

function applyUserPreferences(settings: SettingsDto) {
  if (i18next.language !== settings.language) void changeLanguage(settings.language)
  applyCompactMode(settings.compactMode)
}
