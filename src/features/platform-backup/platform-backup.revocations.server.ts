import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { endAllSessionsAndLinks, restoreBlocks } from '../auth/auth.public.server'
import { userBlocks } from '../auth/user-blocks.table.server'

// Access revoked after a dump must stay revoked after restoring it (issue 24). A platform restore rewinds
// every table, user_blocks included, so the restore itself carries today's decisions over:
// - sessions and verifications (password-reset and e-mail links) are emptied: nobody's old cookie or link
//   comes back (new PostgreSQL dumps leave their rows out already; PGlite's data-directory dump and older
//   archives carry them). Everyone signs in again after a restore, the admin who ran it included;
// - every block in force before the restore is written back for the restored user (same id, reason, author
//   and time, so /admin/moderation's history reads as before), and with no session left it bites at once.
// Kept as restored, on purpose: two_factors (the account's second factor itself) and a block lifted after
// the dump (it comes back: failing closed, the admin lifts it again).

export type BlockInForce = {
  id: string
  user_id: string
  reason: string
  blocked_by: string | null
  blocked_at: Date | string
}

/** The blocks in force now: read before a restore replaces user_blocks. */
export async function blocksInForce(db: Database): Promise<BlockInForce[]> {
  const { rows } = await db.execute<BlockInForce>(sql`
    select id, user_id, reason, blocked_by, blocked_at from ${userBlocks} where unblocked_at is null`)
  return rows
}

export interface Revocations {
  /** Users whose (restored) sessions were deleted: their cached sessions must be evicted. */
  signedOut: string[]
  /** Blocks written back (a block already in the dump, or of a user the dump does not have, is skipped). */
  blocksReapplied: number
}

/** Runs on the restored database, in one transaction: no session, no pending link, today's blocks. */
export async function applyRevocations(db: Database, blocks: readonly BlockInForce[]): Promise<Revocations> {
  return db.transaction(async (tx) => {
    const signedOut = await endAllSessionsAndLinks(tx)
    // Skipped by auth: the same block restored from the dump, another one in force (unique index), no user.
    const reapplied = await restoreBlocks(tx, blocks)
    return { signedOut: [...new Set(signedOut)], blocksReapplied: reapplied.length }
  })
}
