import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Database } from '../../db/client.server'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError } from '../../platform/http-error.server'
import { getPlatformRole } from '../auth/auth.public.server'
import { getPlatformSettings } from './platform-settings.cache.server'
import { PLATFORM_SETTINGS_MESSAGES as M } from './platform-settings.schema'
import { restoreInProgress } from './platform-settings.hooks.server'
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

/**
 * What stays open during a platform restore: only what reads no table (the health check, and the public
 * settings from this node's cache). Signing in, /api/me and the rest would wait on the restore's locks.
 */
function openDuringRestore(path: string): boolean {
  return path === '/api/health' || path === '/api/platform-settings/public'
}

function isAdminPath(path: string): boolean {
  if (path === '/api/platform-settings/public') return false
  return ADMIN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/**
 * Why the gate answers 503 to a non-admin: the maintenance switch of /admin/settings, or a platform
 * restore in progress (features/platform-backup). One code for the browser, each reason its own message.
 */
export type MaintenanceReason = 'settings' | 'restore'

const MAINTENANCE_MESSAGES: Record<MaintenanceReason, string> = {
  settings: M.maintenance,
  restore: M.restoring,
}

export class MaintenanceError extends ApiError {
  constructor(readonly reason: MaintenanceReason) {
    super(503, 'maintenance', MAINTENANCE_MESSAGES[reason])
  }
}

/** The role, read at most once per request and only when a rule needs it. */
function roleOnce(c: Context<AppEnv>) {
  let role: ReturnType<typeof getPlatformRole> | undefined
  return () => {
    const user = c.get('user')
    if (!user) return Promise.resolve('user' as const)
    role ??= getPlatformRole(c.get('db'), user.id)
    return role
  }
}

/**
 * THE platform gate, on every /api request after the session is loaded (issue 14, decision 021): the two
 * reasons for a 503 to non-admins (settings maintenance, restore in progress), sign-ups off, 2FA required
 * on admin routes and the session timeout. The settings come from this node's cache (no query); the
 * restore flag (features/platform-backup, registered by the shell) from a reading shared for a second; the
 * role is read only when a reason applies, an admin route needs 2FA, or a session's inactivity ran out.
 */
export const platformGate = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path
  if (path === '/api/health') return next()
  const role = roleOnce(c)
  const reason = await maintenanceReason(c.get('db'), path)
  if (reason && (await role()) === 'user') throw new MaintenanceError(reason)
  const settings = await getPlatformSettings(c.get('db'))
  if (!settings.signupsOpen && c.req.method === 'POST' && path === '/api/auth/sign-up')
    throw new ApiError(403, 'signups_closed', M.signupsClosed)
  if (path.startsWith('/api/auth/')) return next()
  const user = c.get('user')
  const session = c.get('session')
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
      c.get('db'),
      c.get('deps').sessionCache.changes,
      session,
      settings.sessionTimeoutMin,
      role,
    )
  return next()
})

/** The reason this path is closed to non-admins right now, if any (a restore outranks the switch). */
async function maintenanceReason(db: Database, path: string): Promise<MaintenanceReason | null> {
  if (!openDuringRestore(path) && (await restoreInProgress(db))) return 'restore'
  if (!alwaysOpen(path) && (await getPlatformSettings(db)).maintenanceMode) return 'settings'
  return null
}
