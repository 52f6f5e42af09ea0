import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'

/**
 * A user's notifications (spec §3 "Notification": title, message, type, time, read). Personal, not an office
 * row: `office_id` only says which office a notification is about (it outlives the office as plain history).
 * `source_key` lets a job that may run twice (a reminder) create its notification at most once per user.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officeId: uuid('office_id').references(() => offices.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: ['success', 'warning', 'error', 'info'] }).notNull(),
    link: text('link'),
    sourceKey: text('source_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The bell's count reads only the unread rows.
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_user_source_key_uq').on(table.userId, table.sourceKey),
    check('notifications_title_len', sql`char_length(${table.title}) between 1 and 200`),
    check('notifications_message_len', sql`char_length(${table.message}) between 1 and 2000`),
    // A link is a path inside the app: never another site, never a script URL.
    check(
      'notifications_link_path',
      sql`char_length(${table.link}) <= 500 and starts_with(${table.link}, '/') and not starts_with(${table.link}, '//') and strpos(${table.link}, '\\') = 0`,
    ),
    check('notifications_source_key_len', sql`char_length(${table.sourceKey}) <= 200`),
  ],
)
