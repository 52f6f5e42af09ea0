import { eq, or, sql } from 'drizzle-orm'
import type { AuthExecutor } from './auth-hooks.server'
import { sessions, users, verifications } from './auth.table.server'
import { loginLockouts } from './login-lockouts.table.server'

// Auth owns sessions, verifications, users and login lockouts (issue 23 part 2): the features that end a
// session, erase an account or prune lockouts call these with their own database or transaction. Deleting
// session or user rows fires their triggers (decision 009): every node evicts its cached copy on commit; the
// caller still tells its own node's cache at once where it must (sessionCache / UserChanges.userChanged).

/** Signs one session out (an inactivity timeout ran out): deletes its row. */
export async function endSession(db: AuthExecutor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/**
 * Ends every session and every pending link (password reset, e-mail confirmation) of every account, in the
 * caller's transaction (a platform restore): the user id of each ended session, one per session.
 */
export async function endAllSessionsAndLinks(tx: AuthExecutor): Promise<string[]> {
  const ended = await tx.execute<{ user_id: string }>(sql`delete from ${sessions} returning user_id`)
  await tx.execute(sql`delete from ${verifications}`)
  return ended.rows.map((row) => row.user_id)
}

/**
 * Erases the account's own row, last in the deletion's transaction: first its links still waiting
 * (password-reset and e-mail links, by user id or e-mail), then the user row itself.
 */
export async function eraseAccountRow(
  tx: AuthExecutor,
  account: { userId: string; email: string },
): Promise<void> {
  await tx
    .delete(verifications)
    .where(or(eq(verifications.value, account.userId), eq(verifications.identifier, account.email)))
  await tx.delete(users).where(eq(users.id, account.userId))
}

/** Forgets lockouts idle for a day whose lock (if any) has run out (the platform's retention job). */
export async function pruneIdleLoginLockouts(db: AuthExecutor): Promise<void> {
  await db.execute(sql`delete from ${loginLockouts}
    where ${loginLockouts.updatedAt} < now() - interval '1 day'
      and (${loginLockouts.lockedUntil} is null or ${loginLockouts.lockedUntil} < now())`)
}
