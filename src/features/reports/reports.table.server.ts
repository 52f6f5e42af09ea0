import { offices } from '../offices/offices.table.server'
import { bigint, date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'

// Rollups of the reports (decision 019): totals the database keeps in step with time_entries and
// financial_entries (statement triggers, migration perf-reports-rollups), so that a year of a large office is
// a read of a few hundred rows instead of a scan of a million. Derived data: a rollup row never leaves the
// database (not in backups: the restored entries rebuild it), and `n` = how many live source rows it sums —
// a row whose n reaches 0 is deleted, so a row exists exactly when the period has something to show. A deleted
// office takes its rollups with it (the cascade; the triggers ignore rows of an office that no longer exists).

/** Per office, month and member: the stopped/manual time entries not in the trash (a running timer has none). */
export const reportHoursMonths = pgTable(
  'report_hours_months',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    /** First day of the month of time_entries.data. */
    mes: date('mes', { mode: 'string' }).notNull(),
    memberId: uuid('member_id').notNull(),
    n: integer('n').notNull(),
    minutos: bigint('minutos', { mode: 'number' }).notNull(),
    faturaveis: bigint('faturaveis', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.officeId, table.mes, table.memberId] })],
)

/** Per office, calendar year and case: the same entries, for the hours report's cases of a whole year. */
export const reportCaseHoursYears = pgTable(
  'report_case_hours_years',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    ano: integer('ano').notNull(),
    caseId: uuid('case_id').notNull(),
    n: integer('n').notNull(),
    minutos: bigint('minutos', { mode: 'number' }).notNull(),
    faturaveis: bigint('faturaveis', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.officeId, table.ano, table.caseId] }),
    // The year's cases with the most hours first, ties by case id: the report's top 500 is a range of it
    // (ORDER BY minutos desc nulls last, case_id — exactly as declared).
    index('report_case_hours_years_top_idx').on(
      table.officeId,
      table.ano,
      table.minutos.desc().nullsLast(),
      table.caseId,
    ),
  ],
)

/** Per office and calendar year: how many cases have a report_case_hours_years row (the report's casesTotal). */
export const reportCaseYears = pgTable(
  'report_case_years',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    ano: integer('ano').notNull(),
    casos: integer('casos').notNull(),
  },
  (table) => [primaryKey({ columns: [table.officeId, table.ano] })],
)

/**
 * Per office and member: active cases (aberto/andamento, not in the trash) where the member is responsible
 * (case_members) — the analytics' team productivity of the whole office.
 */
export const reportMemberCases = pgTable(
  'report_member_cases',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    casos: integer('casos').notNull(),
  },
  (table) => [primaryKey({ columns: [table.officeId, table.memberId] })],
)

/** Per office, month and case: the same entries, for the hours report's cases of a whole calendar month. */
export const reportCaseHoursMonths = pgTable(
  'report_case_hours_months',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    /** First day of the month of time_entries.data. */
    mes: date('mes', { mode: 'string' }).notNull(),
    caseId: uuid('case_id').notNull(),
    n: integer('n').notNull(),
    minutos: bigint('minutos', { mode: 'number' }).notNull(),
    faturaveis: bigint('faturaveis', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.officeId, table.mes, table.caseId] }),
    index('report_case_hours_months_top_idx').on(
      table.officeId,
      table.mes,
      table.minutos.desc().nullsLast(),
      table.caseId,
    ),
  ],
)

/** Per office and month: how many cases have a report_case_hours_months row. */
export const reportCaseMonths = pgTable(
  'report_case_months',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    mes: date('mes', { mode: 'string' }).notNull(),
    casos: integer('casos').notNull(),
  },
  (table) => [primaryKey({ columns: [table.officeId, table.mes] })],
)
