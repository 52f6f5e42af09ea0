import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import { userRoles } from './user-roles.table.server'
import { twoFactors, users } from './auth.table.server'
import { emitAuthEvent, type AuthExecutor } from './auth-hooks.server'

export type PlatformRole = 'user' | 'admin' | 'superadmin'

const RANK: Record<PlatformRole, number> = { user: 0, admin: 1, superadmin: 2 }

/**
 * The user's highest platform role; 'user' when there is none (spec §6). Superadmin is only ever granted
 * to the MASTER_EMAIL account once it proved it owns the mailbox (a password reset through the mailed link),
 * so a superadmin row on an account whose e-mail is not confirmed (e.g. one taken before that rule existed)
 * is not honoured.
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
 * The MASTER_EMAIL account gets superadmin (spec §6) only once a password was set through a reset link
 * mailed to that address (issue 24): whoever signed up with it first, and even got the owner to click the
 * confirmation link, loses the account — his password no longer works and better-auth ends every session
 * (revokeSessionsOnPasswordReset). The link proved the mailbox, so the address counts as confirmed. The first
 * grant also drops any two-factor enrolment, which only the one who held the old password could have made.
 * Called by better-auth's `onPasswordReset`, never at sign-in or on confirmation.
 */
export async function grantMasterRoleAfterReset(
  db: Database,
  env: Pick<Env, 'MASTER_EMAIL'>,
  userId: string,
) {
  if (!env.MASTER_EMAIL) return
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user || !isMasterEmail(env, user.email)) return
  const added = await db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId))
    const rows = await tx
      .insert(userRoles)
      .values({ userId, role: 'superadmin' })
      .onConflictDoNothing()
      .returning({ role: userRoles.role })
    if (rows.length > 0) {
      await tx.delete(twoFactors).where(eq(twoFactors.userId, userId))
      await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId))
    }
    return rows.length > 0
  })
  if (added)
    await emitAuthEvent(db, {
      kind: 'permissao',
      targetUserId: userId,
      details: { change: 'grant', role: 'superadmin', reason: 'master_account' },
    })
}

/** Grants 'admin' (/admin/users), in the caller's transaction: false when the user already had it. */
export async function grantAdminRole(tx: AuthExecutor, userId: string): Promise<boolean> {
  const added = await tx
    .insert(userRoles)
    .values({ userId, role: 'admin' })
    .onConflictDoNothing()
    .returning({ role: userRoles.role })
  return added.length > 0
}

/** Takes every admin role away (back to 'user'), in the caller's transaction: the roles it removed. */
export async function removeAdminRoles(tx: AuthExecutor, userId: string): Promise<PlatformRole[]> {
  const removed = await tx
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, ['admin', 'superadmin'])))
    .returning({ role: userRoles.role })
  return removed.map((row) => row.role)
}
