import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import { userRoles } from '../profiles/profiles.table.server'
import { users } from './auth.table.server'
import { recordPlatformEvent } from '../platform-logs/platform-logs.public.server'

export type PlatformRole = 'user' | 'admin' | 'superadmin'

const RANK: Record<PlatformRole, number> = { user: 0, admin: 1, superadmin: 2 }

/**
 * The user's highest platform role; 'user' when there is none (spec §6). Superadmin is only ever granted
 * to the MASTER_EMAIL account once it proved it owns the mailbox, so a superadmin row on an account whose
 * e-mail is not confirmed (e.g. one taken before that rule existed) is not honoured.
 */
export async function getPlatformRole(db: Database, userId: string): Promise<PlatformRole> {
  const rows = await db
    .select({ role: userRoles.role, emailVerified: users.emailVerified })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.userId, userId))
  return rows.reduce<PlatformRole>((best, row) => {
    const role = row.role === 'superadmin' && !row.emailVerified ? 'user' : row.role
    return RANK[role] > RANK[best] ? role : best
  }, 'user')
}

export function isMasterEmail(env: Pick<Env, 'MASTER_EMAIL'>, email: string): boolean {
  return !!env.MASTER_EMAIL && env.MASTER_EMAIL.toLowerCase() === email.toLowerCase()
}

/**
 * The MASTER_EMAIL account gets superadmin (spec §6) — but only after following the confirmation link:
 * whoever merely signs up with that address first must not own the platform. Called when the address is
 * confirmed and at every sign-in (a row lost or an address confirmed before MASTER_EMAIL was set).
 */
export async function ensureMasterRole(db: Database, env: Pick<Env, 'MASTER_EMAIL'>, userId: string) {
  if (!env.MASTER_EMAIL) return
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
  if (user?.emailVerified && isMasterEmail(env, user.email)) {
    const added = await db
      .insert(userRoles)
      .values({ userId, role: 'superadmin' })
      .onConflictDoNothing()
      .returning({ role: userRoles.role })
    if (added.length > 0)
      await recordPlatformEvent(db, {
        kind: 'permissao',
        targetUserId: userId,
        details: { change: 'grant', role: 'superadmin', reason: 'master_account' },
      })
  }
}
