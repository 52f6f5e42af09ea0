import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import { userRoles } from '../profiles/profiles.table.server'
import { users } from './auth.table.server'

export type PlatformRole = 'user' | 'admin' | 'superadmin'

const RANK: Record<PlatformRole, number> = { user: 0, admin: 1, superadmin: 2 }

/** The user's highest platform role; 'user' when there is none (spec §6). */
export async function getPlatformRole(db: Database, userId: string): Promise<PlatformRole> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))
  return rows.reduce<PlatformRole>((best, row) => (RANK[row.role] > RANK[best] ? row.role : best), 'user')
}

export function isMasterEmail(env: Pick<Env, 'MASTER_EMAIL'>, email: string): boolean {
  return !!env.MASTER_EMAIL && env.MASTER_EMAIL.toLowerCase() === email.toLowerCase()
}

/** The MASTER_EMAIL account gets superadmin at every sign-in if it lacks it (spec §6). */
export async function ensureMasterRole(db: Database, env: Pick<Env, 'MASTER_EMAIL'>, userId: string) {
  if (!env.MASTER_EMAIL) return
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (user && isMasterEmail(env, user.email)) {
    await db.insert(userRoles).values({ userId, role: 'superadmin' }).onConflictDoNothing()
  }
}
