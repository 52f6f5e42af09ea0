import type { DeviceClass } from './platform-analytics.schema'

// The user agent is read here and reduced to a class at once: it is never stored, logged or passed on.

const BOT =
  /bot|crawl|spider|slurp|facebookexternalhit|preview|curl|wget|python|java\/|go-http|axios|node-fetch/i
const TABLET = /ipad|tablet|playbook|silk|kindle|(android(?!.*mobile))/i
const MOBILE = /mobi|iphone|ipod|windows phone|blackberry|opera mini|iemobile/i

/** desktop / mobile / tablet, or null for robots and clients that send no user agent (not people). */
export function deviceClass(userAgent: string | undefined): DeviceClass | null {
  if (!userAgent || BOT.test(userAgent)) return null
  if (TABLET.test(userAgent)) return 'tablet'
  if (MOBILE.test(userAgent)) return 'mobile'
  return 'desktop'
}

/** The visitor asked not to be tracked: Do Not Track or Global Privacy Control. */
export function optedOut(header: (name: string) => string | undefined): boolean {
  return header('dnt') === '1' || header('sec-gpc') === '1'
}
