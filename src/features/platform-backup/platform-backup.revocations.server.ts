import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { userBlocks } from '../admin/admin.table.server'
import { sessions, verifications } from '../auth/auth.table.server'

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
    const ended = await tx.execute<{ user_id: string }>(sql`delete from ${sessions} returning user_id`)
    await tx.execute(sql`delete from ${verifications}`)
    const rows = blocks.map((block) => ({
      ...block,
      blocked_at: new Date(block.blocked_at).toISOString(),
    }))
    // on conflict do nothing: the same block restored from the dump, or another one in force (unique index).
    const reapplied = await tx.execute<{ user_id: string }>(sql`
      insert into ${userBlocks} (id, user_id, reason, blocked_by, blocked_at)
      select b.id, b.user_id, b.reason, b.blocked_by, b.blocked_at
        from json_populate_recordset(null::user_blocks, ${JSON.stringify(rows)}::json) b
       where exists (select 1 from users u where u.id = b.user_id)
      on conflict do nothing
      returning user_id`)
    return {
      signedOut: [...new Set(ended.rows.map((row) => row.user_id))],
      blocksReapplied: reapplied.rows.length,
    }
  })
}
