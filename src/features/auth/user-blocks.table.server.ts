import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.table.server'

// Blocks of users by a superadmin (issue 14). A row with unblocked_at null is a block in force: the sign-in
// guard refuses any new session of that user, and every session of theirs was deleted in the transaction
// that wrote the row. Unblocking stamps the row instead of deleting it, so /admin/moderation's Histórico
// keeps who blocked whom, when and why. At most one block in force per user (partial unique index).
// Auth owns it (issue 23): a block is the account's state and the sign-in guard's to enforce; the admin's
// moderation blocks and unblocks through auth's surface (account-blocks.server.ts).
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Plain ids (no FK): the record outlives the superadmin's account. */
    blockedBy: text('blocked_by'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
    unblockedBy: text('unblocked_by'),
    unblockedAt: timestamp('unblocked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_blocks_active_user_idx')
      .on(table.userId)
      .where(sql`${table.unblockedAt} is null`),
    index('user_blocks_blocked_at_idx').on(table.blockedAt.desc()),
  ],
)
