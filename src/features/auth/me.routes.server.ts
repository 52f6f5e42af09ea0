import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { unauthorized } from '../../platform/http-error.server'
import { offices, officeMembers } from '../offices/offices.table.server'
import { ensureProfile, getProfileByUserId } from '../profiles/profiles.public.server'
import { toProfileDto } from '../profiles/profiles.public.server'
import type { MeResponse } from './me.schema'
import { getPlatformRole } from './roles.service.server'

export const meRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const user = c.var.user
  if (!user) throw unauthorized()
  const db = c.var.db
  const existed = await getProfileByUserId(db, user.id)
  const profile = existed ?? (await ensureProfile(db, user))
  const [role, [office]] = await Promise.all([
    getPlatformRole(db, user.id),
    db
      .select({ id: offices.id, nome: offices.nome, nivelAcesso: officeMembers.nivelAcesso })
      .from(officeMembers)
      .innerJoin(offices, eq(offices.id, officeMembers.officeId))
      .where(and(eq(officeMembers.userId, user.id), eq(officeMembers.ativo, true)))
      .limit(1),
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
    office: office ?? null,
  })
})
