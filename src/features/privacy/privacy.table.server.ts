import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'

/**
 * A pending account deletion (LGPD art. 18, VI): the user asked, the account goes at `scheduled_for`
 * (7 days later) unless they cancel. One row per user; cancelling deletes it, and executing deletes the
 * user, which cascades here. The hourly `privacy.account-deletion` job processes the rows that are due.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
  },
  (table) => [index('account_deletions_scheduled_idx').on(table.scheduledFor)],
)
