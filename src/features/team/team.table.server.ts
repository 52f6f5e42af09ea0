import { foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { citext, officeMembers, offices } from '../offices/offices.table.server'

/**
 * An invitation to join an office: fills one office_members row (member_id) with the account that accepts
 * it. Only the sha256 of the token is stored; the token itself travels once, in the e-mail link.
 * Single use (accepted_at), 7 days (expires_at), cancellable (cancelled_at); a resend replaces the row.
 */
export const officeInvitations = pgTable(
  'office_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    email: citext('email').notNull(),
    tokenHash: text('token_hash').notNull().unique('office_invitations_token_hash_uq'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'office_invitations_office_member_fk',
      columns: [table.officeId, table.memberId],
      foreignColumns: [officeMembers.officeId, officeMembers.id],
    }).onDelete('cascade'),
    index('office_invitations_member_idx').on(table.memberId),
  ],
)
