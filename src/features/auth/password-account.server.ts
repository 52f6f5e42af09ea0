import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { hashPassword } from 'better-auth/crypto'
import type { Database } from '../../db/client.server'
import { ApiError } from '../../platform/http-error.server'
import { emitAuthEvent, type AuthExecutor, type AuthTransaction } from './auth-hooks.server'
import { accounts, sessions, users } from './auth.table.server'
import { userRoles } from './user-roles.table.server'
import { DUPLICATE_EMAIL_MESSAGE } from './signup.service.server'

/**
 * An account that is only a sign-in (issue 26: a client invited to an office's portal): user, credential and
 * the plain 'user' role, no profile and no office. The address is confirmed already (the invitation link went
 * to it). `attach` runs in the same transaction (the portal's access takes the new user): either both exist or
 * neither does.
 */
export async function createPasswordAccount(
  db: Database,
  data: { name: string; email: string; password: string; kind: string },
  attach: (tx: AuthTransaction, userId: string) => Promise<void>,
): Promise<string> {
  // Hash outside the transaction: scrypt takes ~50 ms and must not hold a database connection.
  const passwordHash = await hashPassword(data.password)
  const userId = randomUUID()
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ id: userId, name: data.name, email: data.email, emailVerified: true })
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
      })
      await tx.insert(userRoles).values({ userId, role: 'user' })
      await emitAuthEvent(tx, { kind: 'novo_usuario', actorUserId: userId, details: { userType: data.kind } })
      await attach(tx, userId)
    })
  } catch (error) {
    if (hasUniqueCause(error)) throw new ApiError(409, 'duplicate_email', DUPLICATE_EMAIL_MESSAGE)
    throw error
  }
  return userId
}

function hasUniqueCause(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true
  }
  return false
}

/** The account with this e-mail (case-insensitive), if any. */
export async function findAccountByEmail(db: AuthExecutor, email: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
  return row ?? null
}

/**
 * Ends every session of one account (a client's portal access revoked). The rows' trigger tells every node;
 * the caller also tells its own node's cache (sessionCache.changes.userChanged).
 */
export async function endUserSessions(db: AuthExecutor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}
