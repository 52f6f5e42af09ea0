import { and, eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env'
import { forbidden, unauthorized } from '../http-error'
import { officeMembers } from '../../features/offices/offices.table'
import { can, type Capability, type NivelAcesso } from '../../features/offices/permissions'

export interface OfficeContext {
  id: string
  nivelAcesso: NivelAcesso
  userId: string
}

/**
 * The one authorisation step of every office route: resolves the session's office membership on the
 * server (never from the request) and checks the capability. No membership or no capability → 403.
 */
export function requireOffice(capability: Capability) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user
    if (!user) throw unauthorized()
    const [membership] = await c.var.db
      .select({ officeId: officeMembers.officeId, nivelAcesso: officeMembers.nivelAcesso })
      .from(officeMembers)
      .where(and(eq(officeMembers.userId, user.id), eq(officeMembers.ativo, true)))
      .limit(1)
    if (!membership || !can(membership.nivelAcesso, capability)) throw forbidden()
    c.set('office', { id: membership.officeId, nivelAcesso: membership.nivelAcesso, userId: user.id })
    await next()
  })
}
