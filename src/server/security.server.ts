import { secureHeaders } from 'hono/secure-headers'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../platform/app-env.server'
import { forbidden } from '../platform/http-error.server'

/** DESIGN §7: CSP without inline script, nosniff, no framing, strict referrer; HSTS only over https. */
export function securityHeaders(isHttps: boolean) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner set inline style attributes; styles can't run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: isHttps ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    // A response that sets one of these itself keeps it: the documents' inline view sends a stricter,
    // sandboxed CSP for user files. Every other response gets the defaults above.
    overwrite: false,
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Origin check for state-changing API calls: a browser always sends Origin on POST/PATCH/DELETE, and it
 * must be ours. Calls with no Origin (curl, server-to-server) carry no ambient cookie risk.
 */
export function sameOriginOnly(allowedOrigins: string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin')
      const self = new URL(c.req.url).origin
      if (origin && origin !== self && !allowedOrigins.includes(origin)) throw forbidden()
    }
    await next()
  })
}
