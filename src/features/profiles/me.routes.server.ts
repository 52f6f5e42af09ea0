import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { routeDoc } from '../../platform/route-doc.server'
import { unauthorized } from '../../platform/http-error.server'
import { AUTH_API_TAG, getPlatformRole } from '../auth/auth.public.server'
import type { MeResponse } from '../auth/auth.public'
import { findActiveMembership } from '../offices/offices.public.server'
import { toProfileDto } from './profile-dto.server'
import { ensureProfile, getProfileByUserId } from './profiles.service.server'

// GET /api/me composes the account (auth), its profile (here) and its office (offices): it lives with profiles,
// the lowest feature that sees all three, so auth imports none of them (issue 23). Mounted by the shell; the
// answer's shape is auth's contract (me.schema.ts), read by the browser's session.

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
