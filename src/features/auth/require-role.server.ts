import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { forbidden, unauthorized } from '../../platform/http-error.server'
import { getPlatformRole, type PlatformRole } from './roles.service.server'

const RANK: Record<PlatformRole, number> = { user: 0, admin: 1, superadmin: 2 }

/**
 * Deny by default for the platform roles of spec §6: no session → 401, a role below `minimum` → 403.
 * The role is read from the database on every request (never from the client), so superadmin
 * simulation in the browser changes nothing here.
 */
export function requireRole(minimum: Exclude<PlatformRole, 'user'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user')
    if (!user) throw unauthorized()
    const role = await getPlatformRole(c.get('db'), user.id)
    if (RANK[role] < RANK[minimum]) throw forbidden()
    await next()
  })
}
