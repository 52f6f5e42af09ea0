import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError } from '../../platform/http-error.server'
import { getPlatformRole } from '../auth/auth.public.server'
import { getPlatformSettings } from './platform-settings.cache.server'
import { PLATFORM_SETTINGS_MESSAGES as M } from './platform-settings.schema'
import { touchPlatformActivity } from './platform-session.server'

/**
 * Routes of the administration (superadmin/admin): the ones "2FA required for admins" guards. The SPA
 * (lib/api-client.ts) sends a 'two_factor_required' answer to the 2FA setup in Configurações.
 */
const ADMIN_PREFIXES = [
  '/api/admin',
  '/api/platform-settings',
  '/api/network/moderation',
  '/api/platform-backup',
]

/** What a visitor needs even in maintenance: the health check, signing in/out, who am I, the platform's name. */
function alwaysOpen(path: string): boolean {
  return (
    path === '/api/health' ||
    path.startsWith('/api/auth/') ||
    path === '/api/me' ||
    path === '/api/platform-settings/public'
  )
}

function isAdminPath(path: string): boolean {
  if (path === '/api/platform-settings/public') return false
  return ADMIN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

export class MaintenanceError extends ApiError {
  constructor() {
    super(503, 'maintenance', M.maintenance)
  }
}

/** The role, read at most once per request and only when a rule needs it. */
function roleOnce(c: Context<AppEnv>) {
  let role: ReturnType<typeof getPlatformRole> | undefined
  return () => {
    const user = c.var.user
    if (!user) return Promise.resolve('user' as const)
    role ??= getPlatformRole(c.var.db, user.id)
    return role
  }
}

/**
 * The platform settings enforced on every /api request (issue 14), after the session is loaded. The
 * settings come from this node's cache (no query); the role is read only when maintenance is on, an admin
 * route needs 2FA, or a session's inactivity ran out.
 */
export const platformGate = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path
  if (path === '/api/health') return next()
  const settings = await getPlatformSettings(c.var.db)
  if (!settings.signupsOpen && c.req.method === 'POST' && path === '/api/auth/sign-up')
    throw new ApiError(403, 'signups_closed', M.signupsClosed)
  if (path.startsWith('/api/auth/')) return next()
  const role = roleOnce(c)
  if (settings.maintenanceMode && !alwaysOpen(path) && (await role()) === 'user') throw new MaintenanceError()
  const user = c.var.user
  const session = c.var.session
  if (!user || !session) return next()
  if (
    settings.require2faAdmins &&
    isAdminPath(path) &&
    !(user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled &&
    (await role()) !== 'user'
  )
    throw new ApiError(403, 'two_factor_required', M.twoFactorRequired)
  if (path !== '/api/me')
    await touchPlatformActivity(
      c.var.db,
      c.var.deps.sessionCache.changes,
      session,
      settings.sessionTimeoutMin,
      role,
    )
  return next()
})
