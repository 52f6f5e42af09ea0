import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { forbidden, unauthorized } from '../../platform/http-error.server'
import { touchLastSeen } from '../team/team.public.server'
import { getActiveMembership } from './membership.server'
import { can, type Capability, type NivelAcesso } from './permissions'

export interface OfficeContext {
  id: string
  nivelAcesso: NivelAcesso
  userId: string
  /** The membership (office_members.id) the request acts as. */
  memberId: string
}

/**
 * The one authorisation step of every office route: resolves the session's CURRENT office membership on the
 * server (never from the request, cached per node for seconds and evicted on any change) and checks the
 * capability. No membership or no capability → 403.
 */
export function requireOffice(capability: Capability) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user
    if (!user) throw unauthorized()
    const membership = await getActiveMembership(c.var.db, c.var.deps.membershipCache, user.id)
    if (!membership || !can(membership.nivelAcesso, capability)) throw forbidden()
    c.set('office', {
      id: membership.officeId,
      nivelAcesso: membership.nivelAcesso,
      userId: user.id,
      memberId: membership.memberId,
    })
    // The team page's online dot (issue 10): at most one write a minute per member.
    await touchLastSeen(c.var.db, membership.memberId)
    await next()
  })
}

// Office routes see the resolved membership as c.var.office (see platform/app-env.server.ts).
declare module '../../platform/app-env.server' {
  interface AppVariables {
    office: OfficeContext
  }
}
