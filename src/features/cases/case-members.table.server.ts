import { foreignKey, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core'
import { officeMembers } from '../offices/offices.table.server'
import { cases } from './cases.table.server'

/**
 * The responsible members of a case (issue 10): who works it. An estagiário sees and edits only the cases
 * where they are one (spec §6, the partial cells). The composite key (office_id, case_id) → cases keeps
 * the row in the case's office and (office_id, member_id) → office_members keeps the member in it too;
 * a purge of the case removes its rows.
 */
export const caseMembers = pgTable(
  'case_members',
  {
    officeId: uuid('office_id').notNull(),
    caseId: uuid('case_id').notNull(),
    memberId: uuid('member_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'case_members_pk', columns: [table.caseId, table.memberId] }),
    foreignKey({
      name: 'case_members_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }).onDelete('cascade'),
    // A member of the SAME office (office_members (office_id, id) is unique since 0015). Member rows are
    // deactivated, not deleted; an office's cascade removes both sides.
    foreignKey({
      name: 'case_members_office_member_fk',
      columns: [table.officeId, table.memberId],
      foreignColumns: [officeMembers.officeId, officeMembers.id],
    }).onDelete('cascade'),
    // The estagiário's case list and the team page's active cases per member: (office, member) → cases.
    index('case_members_office_member_case_idx').on(table.officeId, table.memberId, table.caseId),
  ],
)
