import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { AuthExecutor } from './auth-hooks.server'
import { sessions } from './auth.table.server'
import { userBlocks } from './user-blocks.table.server'

// A superadmin's block of an account (issue 14). Auth owns the block and the sessions it ends: the admin's
// moderation calls these in its own transaction (with its audit row), the sign-in guard reads the block.

/**
 * Blocks the account and deletes EVERY session of theirs, in the caller's transaction: null when a block is
 * already in force (nothing written). Deleting the session rows fires the sessions trigger (decision 009), so
 * every node evicts its cached copy on commit.
 */
export async function blockAccount(
  tx: AuthExecutor,
  block: { userId: string; reason: string; blockedBy: string },
): Promise<{ sessionsEnded: number } | null> {
  const inserted = await tx
    .insert(userBlocks)
    .values(block)
    .onConflictDoNothing({ target: userBlocks.userId, where: sql`${userBlocks.unblockedAt} is null` })
    .returning({ id: userBlocks.id })
  if (inserted.length === 0) return null
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, block.userId))
    .returning({ id: sessions.id })
  return { sessionsEnded: ended.length }
}

/** Lifts the block in force (the row stays, stamped, for the history): false when there was none. */
export async function unblockAccount(
  tx: AuthExecutor,
  userId: string,
  unblockedBy: string,
): Promise<boolean> {
  const lifted = await tx
    .update(userBlocks)
    .set({ unblockedAt: new Date(), unblockedBy })
    .where(and(eq(userBlocks.userId, userId), isNull(userBlocks.unblockedAt)))
    .returning({ id: userBlocks.id })
  return lifted.length > 0
}

/** A block as a platform restore carries it over (user_blocks' own columns). */
export interface BlockRecord {
  id: string
  user_id: string
  reason: string
  blocked_by: string | null
  blocked_at: Date | string
}

/**
 * Writes blocks back after a platform restore, in the caller's transaction (same id, reason, author and time):
 * the user ids written. A block already there (restored from the dump, or another one in force: unique index)
 * or of a user the database does not have is skipped.
 */
export async function restoreBlocks(tx: AuthExecutor, blocks: readonly BlockRecord[]): Promise<string[]> {
  const rows = blocks.map((block) => ({
    ...block,
    blocked_at: new Date(block.blocked_at).toISOString(),
  }))
  const reapplied = await tx.execute<{ user_id: string }>(sql`
    insert into ${userBlocks} (id, user_id, reason, blocked_by, blocked_at)
    select b.id, b.user_id, b.reason, b.blocked_by, b.blocked_at
      from json_populate_recordset(null::user_blocks, ${JSON.stringify(rows)}::json) b
     where exists (select 1 from users u where u.id = b.user_id)
    on conflict do nothing
    returning user_id`)
  return reapplied.rows.map((row) => row.user_id)
}

/** Whether a block is in force on the account. */
export async function isAccountBlocked(db: Database, userId: string): Promise<boolean> {
  const [blocked] = await db
    .select({ userId: userBlocks.userId })
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, userId), isNull(userBlocks.unblockedAt)))
    .limit(1)
  return Boolean(blocked)
}
