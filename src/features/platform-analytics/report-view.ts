import { currentVisitId } from './visit-id'

// The page-view beacon, fire and forget: the route PATTERN and the tab's random visit id, nothing else.
// No library and no cookie (credentials: 'omit'); nothing at all when the browser asks not to be tracked
// (the server checks DNT / Sec-GPC too). Small on purpose: the landing page loads it after rendering.

export const BEACON_URL = '/api/analytics/view'

function trackingRefused(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true
}

export function reportView(pattern: string): void {
  if (trackingRefused()) return
  fetch(BEACON_URL, {
    method: 'POST',
    body: JSON.stringify({ visitId: currentVisitId(), path: pattern }),
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined)
}
