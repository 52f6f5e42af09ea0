import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api, ApiRequestError, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import { paths } from '../../lib/paths'
import {
  EMAIL_CONFIRMED_PATH,
  PASSWORD_RESET_PATH,
  type SignInInput,
  type SignUpData,
  type SignUpResult,
} from './auth.schema'
import type { MeResponse } from './me.schema'
import { fetchMe, meQueryKey } from './use-session'

// Calls of the /auth screens. better-auth's routes answer errors in our shape (translated on the server):
// `{ error: { code, message } }`.

/** Spec §9: 0.5 s after sign-in, 1 s after sign-up. */
export const SIGN_IN_REDIRECT_MS = 500
export const SIGN_UP_REDIRECT_MS = 1000

/**
 * A POST to one of better-auth's own routes. They are served by its handler, not by a Hono route, so AppType
 * cannot type them: the answer's shape is named by the caller (an empty body reads as null).
 */
export async function postAuth<T>(url: string, body: unknown): Promise<T> {
  const response = await apiFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json().catch(() => null)) as T
}

/**
 * 'two-factor' when the account has 2FA on: the session only starts after the code step.
 * 'confirmation-sent': signed in, and a confirmation link went to the address (the master account before it
 * confirmed its e-mail: it stays an ordinary account until then).
 */
export async function signInWithPassword(
  input: SignInInput,
): Promise<'signed-in' | 'two-factor' | 'confirmation-sent'> {
  const result = await postAuth<{ twoFactorRedirect?: boolean; emailConfirmationSent?: boolean }>(
    '/api/auth/sign-in/email',
    {
      email: input.email,
      password: input.password,
      // Only used by better-auth for the confirmation link it re-sends to an unconfirmed account.
      callbackURL: EMAIL_CONFIRMED_PATH,
    },
  )
  if (result.twoFactorRedirect) return 'two-factor'
  return result.emailConfirmationSent ? 'confirmation-sent' : 'signed-in'
}

export async function verifySecondFactor(kind: 'totp' | 'backup', code: string): Promise<void> {
  await postAuth(
    kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code',
    { code },
  )
}

export function signUpAccount(data: SignUpData): Promise<SignUpResult> {
  return unwrap(api.auth['sign-up'].$post({ json: data }))
}

export async function requestPasswordReset(email: string): Promise<void> {
  await postAuth('/api/auth/request-password-reset', { email, redirectTo: PASSWORD_RESET_PATH })
}

export async function resetPassword(newPassword: string, token: string): Promise<void> {
  await postAuth('/api/auth/reset-password', { newPassword, token })
}

/**
 * `?next=` of /auth: where to go after signing in (e.g. back to an invitation). Only a path of this site —
 * starting with one '/', not '//' nor a backslash (another host) — is followed; anything else is ignored.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}

/** /auth with `next` kept (and the sign-up tab when asked). */
export function authPath({ next, signUp = false }: { next: string; signUp?: boolean }): string {
  const params = new URLSearchParams()
  if (signUp) params.set('aba', 'cadastrar')
  params.set('next', next)
  return `${paths.auth}?${params}`
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// True from the moment a fresh sign-in fills the session cache until the navigation it started ends, so
// /auth's "already signed in → /dashboard" redirect doesn't race the form's own (e.g. to /admin).
let enteringApp = false
export const isEnteringApp = () => enteringApp

/**
 * After a successful sign-in (or a sign-up signed in at once): loads who signed in, lets the caller toast,
 * waits the spec's delay, then opens the right area. The me cache is filled only when leaving, so the /auth
 * screen doesn't bounce the user to /dashboard before the delay (and before an admin's /admin).
 */
/** /api/me's refusal for an account that is only a portal client's (features/portal). */
export function isPortalAccount(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'portal_account'
}

export function useEnterApp() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // /auth?next= (e.g. from an invitation link): back there instead of the default area.
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  return useCallback(
    async ({
      delayMs,
      onSignedIn,
      onPortal,
      to,
    }: {
      delayMs: number
      onSignedIn?: (me: MeResponse) => void
      /** The account is a portal client's: it is on its way to /portal. */
      onPortal?: () => void
      to?: string
    }): Promise<MeResponse | null> => {
      const me = await fetchMe().catch(async (error: unknown) => {
        // A client of an office's portal (issue 26): /portal is their area, never /dashboard.
        if (!isPortalAccount(error)) throw error
        onPortal?.()
        await wait(delayMs)
        await navigate(next?.startsWith(paths.portal.root) ? next : paths.portal.root, { replace: true })
        return 'portal' as const
      })
      if (me === 'portal') return null
      if (!me) throw new ApiRequestError(401, 'no_session', 'Sessão expirada. Entre novamente.')
      onSignedIn?.(me)
      await wait(delayMs)
      enteringApp = true
      try {
        queryClient.setQueryData(meQueryKey, me)
        await navigate(next ?? to ?? (me.role === 'superadmin' ? paths.admin.root : paths.dashboard.root), {
          replace: true,
        })
      } finally {
        enteringApp = false
      }
      return me
    },
    [navigate, next, queryClient],
  )
}

// --- Reference lists for the state and city selectors ---------------------------------------------------

export { useCidades, useEstados } from '../reference/reference.public'
