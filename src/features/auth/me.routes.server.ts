import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { routeDoc } from '../../platform/route-doc.server'
import { AUTH_API_TAG } from './auth.routes.server'
import { unauthorized } from '../../platform/http-error.server'
import { findActiveMembership } from '../offices/offices.public.server'
import { ensureProfile, getProfileByUserId } from '../profiles/profiles.public.server'
import { toProfileDto } from '../profiles/profiles.public.server'
import type { MeResponse } from './me.schema'
import { getPlatformRole } from './roles.service.server'

export const meRoutes = new Hono<AppEnv>().get(
  '/',
  routeDoc(AUTH_API_TAG, 'Usuário da sessão, papel na plataforma e escritório'),
  async (c) => {
    const user = c.get('user')
    if (!user) throw unauthorized()
    const db = c.get('db')
    const existed = await getProfileByUserId(db, user.id)
    const profile = existed ?? (await ensureProfile(db, user))
    const [role, membership] = await Promise.all([
      getPlatformRole(db, user.id),
      findActiveMembership(db, user.id),
    ])
    c.header('Cache-Control', 'no-store')
    return c.json<MeResponse>({
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
      },
      profile: toProfileDto(profile),
      profileCreated: !existed,
      role,
      office: membership
        ? {
            id: membership.officeId,
            nome: membership.officeName,
            nivelAcesso: membership.nivelAcesso,
            exige2fa: membership.require2fa,
            auditViewer: membership.auditViewer,
          }
        : null,
    })
  },
)
