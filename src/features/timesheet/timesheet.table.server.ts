import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { cases } from '../cases/cases.table.server'
import { officeMembers, offices } from '../offices/offices.table.server'

/**
 * Time a member worked on a case (issue 10, "Timesheet"): a manual entry (data + minutos) or a timer.
 * A RUNNING timer is a row with inicio set and fim/minutos null — a row, so it survives a reload, a restart
 * and a second tab — and the partial unique index allows one per member. Stopping it sets fim and minutos.
 * member_id and case_id point at rows of the SAME office (composite keys, DESIGN §8). Soft-deleted.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    caseId: uuid('case_id').notNull(),
    /** The working day (São Paulo wall date) the time counts for. */
    data: date('data', { mode: 'string' }).notNull(),
    inicio: timestamp('inicio', { withTimezone: true }),
    fim: timestamp('fim', { withTimezone: true }),
    /** Null only while the timer runs. */
    minutos: integer('minutos'),
    descricao: text('descricao').notNull().default(''),
    faturavel: boolean('faturavel').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      name: 'time_entries_office_member_fk',
      columns: [table.officeId, table.memberId],
      foreignColumns: [officeMembers.officeId, officeMembers.id],
    }).onDelete('cascade'),
    // A purged case takes its hours with it (cases are soft-deleted first, so this is the end of the trash).
    foreignKey({
      name: 'time_entries_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }).onDelete('cascade'),
    check('time_entries_minutos_check', sql`${table.minutos} between 1 and 1440`),
    check('time_entries_fim_check', sql`${table.fim} > ${table.inicio}`),
    check('time_entries_descricao_len', sql`char_length(${table.descricao}) <= 1000`),
    // Stopped or manual entries have their minutes; only a running timer has none.
    check(
      'time_entries_running_check',
      sql`(${table.minutos} is null) = (${table.inicio} is not null and ${table.fim} is null)`,
    ),
    uniqueIndex('time_entries_one_running_uq')
      .on(table.memberId)
      .where(sql`${table.inicio} is not null and ${table.fim} is null and ${table.deletedAt} is null`),
    // 'Minhas horas' (a member's weeks) and the team page (an office's month).
    index('time_entries_member_data_idx').on(table.memberId, table.data.desc()),
    index('time_entries_office_data_idx').on(table.officeId, table.data),
    // A case's hours (the hours report's top cases of a year, decision 019) and the composite key's cascade
    // when a case is purged.
    index('time_entries_office_case_idx').on(table.officeId, table.caseId, table.data),
    // The associado's own hours in the reports (restricted scope): a period of one member, covered.
    index('time_entries_office_member_report_idx')
      .on(table.officeId, table.memberId, table.data, table.caseId, table.faturavel, table.minutos)
      .where(sql`${table.deletedAt} is null`),
    // The billable-hours report and analytics (issue 11): a period's hours per member and case, covered.
    index('time_entries_office_data_report_idx')
      .on(table.officeId, table.data, table.memberId, table.caseId, table.faturavel, table.minutos)
      .where(sql`${table.deletedAt} is null`),
  ],
)
