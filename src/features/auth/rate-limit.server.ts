import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError } from '../../platform/http-error.server'
import { CLIENT_IP_HEADER } from './auth.server'

/**
 * Fixed-window limit for our own sign-up route (better-auth limits its routes itself). In memory, per
 * process: with several nodes behind a balancer, each node counts on its own (DESIGN §6 accepts this for
 * sign-up; sign-in's limiter is better-auth's).
 */
export function fixedWindowLimiter({ windowMs, max }: { windowMs: number; max: number }) {
  const hits = new Map<string, { count: number; resetAt: number }>()
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(CLIENT_IP_HEADER)
    if (key) {
      const now = Date.now()
      const entry = hits.get(key)
      if (!entry || entry.resetAt <= now) {
        if (hits.size > 10_000) hits.clear() // bounded memory under a flood of addresses
        hits.set(key, { count: 1, resetAt: now + windowMs })
      } else if (++entry.count > max) {
        c.header('Retry-After', String(Math.ceil((entry.resetAt - now) / 1000)))
        throw new ApiError(429, 'rate_limited', 'Muitas tentativas. Aguarde um minuto e tente novamente.')
      }
    }
    await next()
  })
}

export const signUpLimiter = fixedWindowLimiter({ windowMs: 60_000, max: 5 })
