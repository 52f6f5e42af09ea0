import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { unauthorized } from '../../platform/http-error.server'

/** Resolves the session cookie into c.var.user / c.var.session (null when signed out). */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const result = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers })
  c.set('user', result?.user ?? null)
  c.set('session', result?.session ?? null)
  await next()
})

/** Deny by default: routes behind this answer 401 without a session. */
export const requireUser = createMiddleware<
  AppEnv & { Variables: { user: NonNullable<AppEnv['Variables']['user']> } }
>(async (c, next) => {
  if (!c.var.user) throw unauthorized()
  await next()
})
