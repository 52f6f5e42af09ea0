import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ADMIN_API_TAG, routeDoc } from '../../platform/route-doc.server'
import { noStore } from '../../platform/no-store.server'
import { unauthorized } from '../../platform/http-error.server'
import { requireRole } from '../auth/auth.public.server'
import { validate } from '../../platform/validate.server'
import { recordUserAudit } from '../audit/audit.public.server'
import { recordPlatformEvent } from '../platform-logs/platform-logs.public.server'
import {
  adminProfilesQuerySchema,
  userIdParamSchema,
  type AdminProfilesPage,
  type AdminStats,
  type RoleChangeResult,
} from './admin.schema'
import { getAdminStats, grantAdmin, listAdminProfiles, revokeAdmin } from './admin.service.server'
import { adminModerationRoutes } from './admin-moderation.routes.server'

// The full admin panel is superadmin only (spec §6), enforced here whatever the interface shows.
export const adminRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .use(noStore())
  .get('/stats', routeDoc(ADMIN_API_TAG, 'Números da plataforma (superadmin)'), async (c) =>
    c.json<AdminStats>(await getAdminStats(c.get('db'))),
  )
  // Every profile's e-mail and phone: each listing is logged (filters and row count, never the rows)
  // before the page leaves; office_id is null for platform actions.
  .get(
    '/profiles',
    routeDoc(ADMIN_API_TAG, 'Lista os perfis com contato (superadmin, auditado)'),
    validate('query', adminProfilesQuerySchema),
    async (c) => {
      const query = c.req.valid('query')
      const page = await listAdminProfiles(c.get('db'), c.get('deps').env, query)
      await recordUserAudit(c, {
        action: 'admin.profiles_list',
        entity: 'profile',
        details: {
          filters: {
            search: query.search ?? null,
            type: query.type ?? 'todos',
            role: query.role ?? 'todos',
            by: query.by,
            limit: query.limit,
            offset: query.offset,
          },
          rowCount: page.items.length,
          total: page.total,
        },
      })
      return c.json<AdminProfilesPage>(page)
    },
  )
  .post(
    '/users/:userId/roles/admin',
    routeDoc(ADMIN_API_TAG, 'Concede o papel de administrador'),
    validate('param', userIdParamSchema),
    async (c) => {
      const { userId } = c.req.valid('param')
      const role = await grantAdmin(c.get('db'), userId, async (tx, details) => {
        await recordUserAudit(
          c,
          { action: 'admin.role_grant', entity: 'user', entityId: userId, details },
          tx,
        )
        await recordPlatformEvent(tx, {
          kind: 'permissao',
          actorUserId: c.get('user')?.id,
          targetUserId: userId,
          requestId: c.get('requestId'),
          details: { change: 'grant', role: 'admin', alreadyAdmin: details.alreadyAdmin === true },
        })
      })
      return c.json<RoleChangeResult>({ userId, role })
    },
  )
  .delete(
    '/users/:userId/roles/admin',
    routeDoc(ADMIN_API_TAG, 'Revoga o papel de administrador'),
    validate('param', userIdParamSchema),
    async (c) => {
      const actor = c.get('user')
      if (!actor) throw unauthorized()
      const { userId } = c.req.valid('param')
      const role = await revokeAdmin(
        c.get('db'),
        c.get('deps').env,
        actor.id,
        userId,
        async (tx, details) => {
          await recordUserAudit(
            c,
            { action: 'admin.role_revoke', entity: 'user', entityId: userId, details },
            tx,
          )
          const removed = Array.isArray(details.removed) ? details.removed.map(String) : []
          await recordPlatformEvent(tx, {
            kind: 'permissao',
            actorUserId: actor.id,
            targetUserId: userId,
            requestId: c.get('requestId'),
            details: { change: 'revoke', removed },
          })
        },
      )
      return c.json<RoleChangeResult>({ userId, role })
    },
  )
  // Blocks, profile fixes and /admin/moderation (issue 14).
  .route('/', adminModerationRoutes)
