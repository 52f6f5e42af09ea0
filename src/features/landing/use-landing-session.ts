import { useCallback, useEffect, useState } from 'react'
import { notify } from '../../components/toasts'
import type { LandingText } from './use-landing-text'

// The landing page asks better-auth whether anyone is signed in (200 `null` when not, so no error in the
// console for most visitors) and /api/me only then, for the platform role. It doesn't use
// src/features/auth/use-session.ts: that hook needs TanStack Query, which the landing page doesn't load.
export type LandingSession =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; isAdmin: boolean }

const JSON_HEADERS = { accept: 'application/json' }

async function fetchSession(): Promise<LandingSession> {
  const response = await fetch('/api/auth/get-session', { credentials: 'same-origin', headers: JSON_HEADERS })
  const session = response.ok ? ((await response.json()) as { user?: unknown } | null) : null
  if (!session?.user) return { status: 'signedOut' }
  const me = await fetch('/api/me', { credentials: 'same-origin', headers: JSON_HEADERS })
  if (me.status === 401 || me.status === 404) return { status: 'signedOut' }
  const role = me.ok ? ((await me.json()) as { role?: string }).role : undefined
  return { status: 'signedIn', isAdmin: role === 'admin' || role === 'superadmin' }
}

export function useLandingSession(text: LandingText['account']) {
  const [session, setSession] = useState<LandingSession>({ status: 'loading' })
  const [signingOut, setSigningOut] = useState(false)

  useEffect(() => {
    let active = true
    fetchSession().then(
      (next) => active && setSession(next),
      () => active && setSession({ status: 'signedOut' }), // no answer: offer sign-in, the safe default
    )
    return () => {
      active = false
    }
  }, [])

  const signOut = useCallback(async () => {
    setSigningOut(true)
    try {
      const response = await fetch('/api/auth/sign-out', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { ...JSON_HEADERS, 'content-type': 'application/json' },
        body: '{}',
      })
      if (!response.ok) throw new Error(`sign-out answered ${response.status}`)
      setSession({ status: 'signedOut' })
      void notify('success', { title: text.signedOutTitle, description: text.signedOutDescription })
    } catch {
      void notify('error', { title: text.signOutErrorTitle, description: text.signOutErrorDescription })
    } finally {
      setSigningOut(false)
    }
  }, [text])

  return { session, signOut, signingOut }
}
