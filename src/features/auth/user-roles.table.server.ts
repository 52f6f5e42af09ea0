import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.table.server'

/**
 * Platform roles, separate from office levels. A user with no row is a plain 'user'. Auth owns it (issue 23):
 * only auth writes it — the sign-up's 'user' row, the master's superadmin, and the admin's grant/revoke through
 * auth's surface (roles.service.server.ts); others read it in joins.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'admin', 'superadmin'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
)
