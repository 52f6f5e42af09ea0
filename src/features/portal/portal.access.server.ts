import { and, eq, isNull, sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound, unauthorized } from '../../platform/http-error.server'
import { clients } from '../clients/clients.table.server'
import { portalAccess } from './portal.table.server'
import { PORTAL_MESSAGES } from './portal.schema'

/** Who a portal request acts for: one client of one office, through the access that office granted. */
export interface PortalClientContext {
  accessId: string
  officeId: string
  clientId: string
  userId: string
}

declare module '../../platform/app-env.server' {
  interface AppVariables {
    portal: PortalClientContext
  }
}

/** last_access_at is written at most this often: a click is not worth a write (the 'Ativo — último acesso'). */
const TOUCH_EVERY_MS = 5 * 60_000

const officeIdParam = z.uuid()

/**
 * The one authorisation step of every client-side portal route (/api/portal/o/:officeId/*): the signed-in user
 * must hold an ACTIVE access to that office, for a client that still exists. Read from the database on every
 * request (one indexed row), never from a node's cache: a revocation is refused on the very next request on
 * any node. Anything else is 403, the same for an office that never invited them and one that revoked them.
 */
export function requirePortalClient() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user')
    if (!user) throw unauthorized()
    const officeId = officeIdParam.safeParse(c.req.param('officeId'))
    if (!officeId.success) throw notFound()
    const db = c.get('db')
    const [access] = await db
      .select({
        id: portalAccess.id,
        clientId: portalAccess.clientId,
        lastAccessAt: portalAccess.lastAccessAt,
      })
      .from(portalAccess)
      .innerJoin(
        clients,
        and(eq(clients.officeId, portalAccess.officeId), eq(clients.id, portalAccess.clientId)),
      )
      .where(
        and(
          eq(portalAccess.officeId, officeId.data),
          eq(portalAccess.userId, user.id),
          eq(portalAccess.status, 'ativo'),
          isNull(clients.deletedAt),
        ),
      )
      .limit(1)
    if (!access) throw new ApiError(403, 'portal_forbidden', PORTAL_MESSAGES.forbidden)
    if (!access.lastAccessAt || Date.now() - access.lastAccessAt.getTime() > TOUCH_EVERY_MS) {
      await db
        .update(portalAccess)
        .set({ lastAccessAt: sql`now()` })
        .where(eq(portalAccess.id, access.id))
    }
    c.set('portal', {
      accessId: access.id,
      officeId: officeId.data,
      clientId: access.clientId,
      userId: user.id,
    })
    await next()
  })
}
