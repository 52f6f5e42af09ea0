import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { unauthorized } from '../../platform/http-error.server'
import { requireRole } from '../auth/auth.public.server'
import { validate } from '../../platform/validate.server'
import {
  adminProfilesQuerySchema,
  userIdParamSchema,
  type AdminProfilesPage,
  type AdminStats,
  type RoleChangeResult,
} from './admin.schema'
import { getAdminStats, grantAdmin, listAdminProfiles, revokeAdmin } from './admin.service.server'

// The full admin panel is superadmin only (spec §6), enforced here whatever the interface shows.
export const adminRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  .get('/stats', async (c) => c.json<AdminStats>(await getAdminStats(c.var.db)))
  .get('/profiles', validate('query', adminProfilesQuerySchema), async (c) =>
    c.json<AdminProfilesPage>(await listAdminProfiles(c.var.db, c.var.deps.env, c.req.valid('query'))),
  )
  .post('/users/:userId/roles/admin', validate('param', userIdParamSchema), async (c) => {
    const { userId } = c.req.valid('param')
    return c.json<RoleChangeResult>({ userId, role: await grantAdmin(c.var.db, userId) })
  })
  .delete('/users/:userId/roles/admin', validate('param', userIdParamSchema), async (c) => {
    const actor = c.var.user
    if (!actor) throw unauthorized()
    const { userId } = c.req.valid('param')
    const role = await revokeAdmin(c.var.db, c.var.deps.env, actor.id, userId)
    return c.json<RoleChangeResult>({ userId, role })
  })
