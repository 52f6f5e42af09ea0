import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Consecutive failed sign-ins per ACCOUNT (issue 14, spec §9: 5 attempts, then 15 minutes locked), shared by
 * every node. Keyed by an HMAC of the lower-cased e-mail (login-lockout.server.ts), so an unknown address is
 * counted and locked exactly like a real one (no account enumeration) and no e-mail is stored here.
 * A success deletes the row; the daily retention job deletes rows idle for a day.
 */
export const loginLockouts = pgTable('login_lockouts', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
