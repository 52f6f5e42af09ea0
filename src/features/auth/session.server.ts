import { hash } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { unauthorized } from '../../platform/http-error.server'
import { UserCache, type UserChanges } from '../../platform/user-cache.server'
import type { Auth, AuthSession, AuthUser } from './auth.server'

interface ResolvedSession {
  user: AuthUser
  session: AuthSession
}

/** Resolved sessions by SHA-256 of the session cookie (the token itself is never a key nor logged). */
export type SessionCache = UserCache<ResolvedSession>

/** Short enough that better-auth's daily refresh still runs soon; revocation never waits for it (ADR 009). */
const SESSION_TTL_MS = 30_000
const MAX_SESSIONS = 10_000

export function createSessionCache(changes: UserChanges): SessionCache {
  return new UserCache<ResolvedSession>(changes, { ttlMs: SESSION_TTL_MS, maxEntries: MAX_SESSIONS })
}

interface SessionSettings {
  cookieName: string
  expiresInMs: number
  updateAgeMs: number
}

const settingsByAuth = new WeakMap<Auth, Promise<SessionSettings>>()

function sessionSettings(auth: Auth): Promise<SessionSettings> {
  let settings = settingsByAuth.get(auth)
  if (!settings) {
    settings = auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }))
    settingsByAuth.set(auth, settings)
  }
  return settings
}

/** better-auth slides a session forward once it is older than updateAge: such a one must reach getSession. */
function isFresh(session: AuthSession, settings: SessionSettings, now: number): boolean {
  const expiresAt = new Date(session.expiresAt).getTime()
  return expiresAt > now && expiresAt - settings.expiresInMs + settings.updateAgeMs > now
}

/**
 * Resolves the session cookie into c.get('user') / c.get('session') (null when signed out). A cache hit skips the
 * database; a miss asks better-auth, which also slides an old session forward — its new cookie is passed on.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, sessionCache } = c.get('deps')
  const settings = await sessionSettings(auth)
  const cookie = getCookie(c, settings.cookieName)
  if (!cookie) {
    c.set('user', null)
    c.set('session', null)
    return next()
  }
  // One-shot hash (Node ≥ 21.7): no Hash object per request.
  const key = hash('sha256', cookie, 'base64url')
  const cached = sessionCache.get(key)
  if (cached && isFresh(cached.session, settings, Date.now())) {
    c.set('user', cached.user)
    c.set('session', cached.session)
    return next()
  }
  const ticket = sessionCache.changes.begin()
  const { headers, response } = await auth.api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  })
  c.set('user', response?.user ?? null)
  c.set('session', response?.session ?? null)
  if (response) {
    const notAfter = new Date(response.session.expiresAt).getTime()
    sessionCache.set(ticket, key, response.user.id, response, notAfter)
  }
  await next()
  forwardCookies(c, headers.getSetCookie())
})

/** Adds the refreshed (or cleared) session cookie unless the route itself already set that cookie. */
function forwardCookies(c: Context<AppEnv>, cookies: string[]) {
  if (cookies.length === 0) return
  const already = new Set(c.res.headers.getSetCookie().map((cookie) => cookie.split('=', 1)[0]))
  const missing = cookies.filter((cookie) => !already.has(cookie.split('=', 1)[0]))
  if (missing.length === 0) return
  try {
    for (const cookie of missing) c.res.headers.append('set-cookie', cookie)
  } catch {
    // A response with immutable headers (e.g. a fetched one): copy it first.
    c.res = new Response(c.res.body, c.res)
    for (const cookie of missing) c.res.headers.append('set-cookie', cookie)
  }
}

/**
 * After a state-changing /api/auth/* call (sign-out, revoke, password change, 2FA…), this node forgets the
 * caller at once and waits until every change notification committed so far has been heard, so the very
 * next request — even one naming no user, like a password reset by link — sees the database as it is.
 */
export const settleAuthChanges = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.req.method === 'GET' && c.req.path.endsWith('/get-session')) return
  const user = c.get('user')
  if (user) c.get('deps').sessionCache.changes.userChanged(user.id)
  await c.get('deps').sessionCache.changes.sync()
})

/** Deny by default: routes behind this answer 401 without a session. */
export const requireUser = createMiddleware<
  AppEnv & { Variables: { user: NonNullable<AppEnv['Variables']['user']> } }
>(async (c, next) => {
  if (!c.get('user')) throw unauthorized()
  await next()
})

// The platform's dependencies learn about the session cache here (see platform/app-env.server.ts).
declare module '../../platform/app-env.server' {
  interface AppDeps {
    sessionCache: SessionCache
  }
}
