import { rateLimit } from '../../platform/rate-limit.server'
import { CLIENT_IP_HEADER } from './client-ip.server'

/**
 * Our own sign-up route's limit per client address (better-auth limits its routes itself, in the same
 * shared table: see auth.server.ts). Counted exactly in PostgreSQL, so every node shares one budget.
 */
export const signUpLimiter = rateLimit({
  name: 'sign-up',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_SIGN_UP_MAX }),
  key: (c) => c.req.header(CLIENT_IP_HEADER),
})
