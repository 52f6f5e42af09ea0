import { date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { offices } from '../offices/offices.table.server'

// The paid-entries rollup (decision 019): kept by the database's statement triggers on financial_entries
// (migration perf-reports-rollups), read by the financial cards and chart and by the reports. It is the
// financial entries' derived data, so financial owns it; reports reads it from here.

/**
 * Per office, payment month, type and legal area of the linked case ('' = no case): paid entries not in the
 * trash (status pago). A case's area change moves its sums (row trigger on cases).
 */
export const reportPaidMonths = pgTable(
  'report_paid_months',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    /** First day of the month of financial_entries.data_pagamento. */
    mes: date('mes', { mode: 'string' }).notNull(),
    tipo: text('tipo').notNull(),
    area: text('area').notNull(),
    n: integer('n').notNull(),
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.officeId, table.mes, table.tipo, table.area] })],
)
