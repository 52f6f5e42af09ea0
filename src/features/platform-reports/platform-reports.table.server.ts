import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { REPORT_FORMATS, REPORT_KINDS, REPORT_PERIODS, REPORT_STATUSES } from './platform-reports.constants'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * A business report of /admin/reports (issue 14), made in the background: the row exists at once
 * ('processando'), the pg-boss job writes the file (aggregates only: no names, e-mails or documents) and marks
 * it 'concluido', or 'erro' with a pt-BR reason. Platform-wide, not office data (no office_id, so not in the
 * office backup catalogue). period_from/period_to are fixed at request time, so a job run later (or again)
 * reports the same window. requested_by is plain text (no FK): the row outlives the account.
 */
export const platformReports = pgTable(
  'platform_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    period: text('period', { enum: REPORT_PERIODS }).notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('processando'),
    /** Why it failed, in pt-BR for the screen (never an internal message). */
    error: text('error'),
    storageKey: text('storage_key').unique(),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('platform_reports_kind_check', sql`${table.kind} in (${inList(REPORT_KINDS)})`),
    check('platform_reports_format_check', sql`${table.format} in (${inList(REPORT_FORMATS)})`),
    check('platform_reports_period_check', sql`${table.period} in (${inList(REPORT_PERIODS)})`),
    check('platform_reports_status_check', sql`${table.status} in (${inList(REPORT_STATUSES)})`),
    check('platform_reports_range_check', sql`${table.periodFrom} < ${table.periodTo}`),
    // The recent list, newest first.
    index('platform_reports_created_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
)
