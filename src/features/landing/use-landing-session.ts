import { useCallback, useEffect, useState } from 'react'
import { notify } from '../../components/toasts'
import type { LandingText } from './use-landing-text'

// The landing page asks better-auth whether anyone is signed in (200 `null` when not, so no error in the
// console for most visitors) and /api/me only then, for the platform role. It doesn't use
// src/features/auth/use-session.ts: that hook needs TanStack Query, which the landing page doesn't load.
export type LandingSession =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; isAdmin: boolean }

// The calls live in landing-api.ts, loaded after the first paint (outside the landing's first chunk).
async function fetchSession(): Promise<LandingSession> {
  const { signedIn, isAdmin } = await (await import('./landing-api')).fetchLandingSession()
  return signedIn ? { status: 'signedIn', isAdmin } : { status: 'signedOut' }
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
      await (await import('./landing-api')).signOutOfLanding()
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
