import { and, between, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { reportPaidMonths } from './financial-rollup.table.server'

export { splitPeriod } from './financial-dates'

// Reads of report_paid_months, the paid entries per office, month, type and area that the database keeps in
// step with financial_entries (decision 019): a whole month of the whole office is a few rows, not a scan.

type Months = { from: string; to: string }

const inMonths = (officeId: string, months: Months) =>
  and(eq(reportPaidMonths.officeId, officeId), between(reportPaidMonths.mes, months.from, months.to))

/** Paid totals per type over the whole months `months` (first days, inclusive). */
export function paidByTipoOfMonths(db: Database, officeId: string, months: Months) {
  return db
    .select({ tipo: reportPaidMonths.tipo, total: sql<string>`sum(${reportPaidMonths.total})::text` })
    .from(reportPaidMonths)
    .where(inMonths(officeId, months))
    .groupBy(reportPaidMonths.tipo)
}

/** Paid totals per month ('YYYY-MM') and type over the whole months `months`. */
export function paidByMonthOfMonths(db: Database, officeId: string, months: Months) {
  return db
    .select({
      mes: sql<string>`to_char(${reportPaidMonths.mes}, 'YYYY-MM')`,
      tipo: reportPaidMonths.tipo,
      total: sql<string>`sum(${reportPaidMonths.total})::text`,
    })
    .from(reportPaidMonths)
    .where(inMonths(officeId, months))
    .groupBy(reportPaidMonths.mes, reportPaidMonths.tipo)
}
