import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Request counters shared by every node (issue 7): better-auth's limits (through its `customStorage`) and
 * ours (sign-up, data routes, uploads) all count here, so N nodes behind a balancer do not get N× the
 * budget. One row per key ('auth:<ip>|<path>', 'sign-up:<ip>', 'api:<user id>', 'upload:<user id>'): a
 * fixed window that restarts at the first hit after `reset_at`. Expired rows are pruned now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
)
