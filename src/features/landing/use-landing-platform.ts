import { useEffect, useState } from 'react'
import type { PublicPlatformInfo } from '../platform-settings/platform-settings.public'

/** As the router's PlatformFrame: asked on load and again each minute (maintenance may start meanwhile). */
const REFRESH_MS = 60_000

/**
 * The platform's public settings (name, maintenance) for the landing page, which renders outside the
 * router's PlatformFrame and without TanStack Query (see main.tsx): a plain call (landing-api.ts, loaded
 * after the first paint), same endpoint. Null until the first answer, and on any failure — the landing
 * then shows itself, the safe default for a visitor.
 */
export function useLandingPlatform(): PublicPlatformInfo | null {
  const [platform, setPlatform] = useState<PublicPlatformInfo | null>(null)
  useEffect(() => {
    let active = true
    const load = () =>
      import('./landing-api')
        .then((calls): Promise<PublicPlatformInfo | null> => calls.fetchLandingPlatform())
        .then(
          (next) => active && next && setPlatform(next),
          () => {},
        )
    void load()
    const timer = setInterval(() => void load(), REFRESH_MS)
    return () => {
      active = false
      clearInterval(timer)
    }
  }, [])
  return platform
}
