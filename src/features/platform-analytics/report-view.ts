import { api } from '../../lib/api-client'
import { currentVisitId } from './visit-id'

// The page-view beacon, fire and forget: the route PATTERN and the tab's random visit id, nothing else.
// No cookie (credentials: 'omit'); nothing at all when the browser asks not to be tracked (the server
// checks DNT / Sec-GPC too). Small on purpose: the landing page loads it after rendering.

export const BEACON_URL = '/api/analytics/view'

function trackingRefused(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true
}

export function reportView(pattern: string): void {
  if (trackingRefused()) return
  // BEACON_URL, through the typed client; keepalive lets it leave with a closing tab.
  api.analytics.view
    .$post(
      { json: { visitId: currentVisitId(), path: pattern } },
      { init: { credentials: 'omit', keepalive: true } },
    )
    .catch(() => undefined)
}
