import { sql } from 'drizzle-orm'
import { check, foreignKey, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'
import { financialEntries } from './financial.table.server'

/**
 * A Pix charge issued for a pending receita (issue 11): the static BR Code the client pays with. The txid is
 * derived from the entry id, so the same entry always yields the same code, and it is unique per office so a
 * bank statement line (which carries the txid) can later be matched to its entry. Re-issuing after the
 * entry's amount changed updates the row (valor, payload) instead of adding one.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').notNull(),
    txid: text('txid').notNull(),
    /** The amount the code carries (the entry's valor when it was last issued). */
    valor: numeric('valor', { precision: 14, scale: 2 }).notNull(),
    payload: text('payload').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The entry's purge takes its charge with it.
    foreignKey({
      name: 'pix_charges_office_entry_fk',
      columns: [table.officeId, table.entryId],
      foreignColumns: [financialEntries.officeId, financialEntries.id],
    }).onDelete('cascade'),
    unique('pix_charges_office_txid_uq').on(table.officeId, table.txid),
    // One charge per entry (the upsert's target).
    unique('pix_charges_entry_uq').on(table.entryId),
    check('pix_charges_valor_check', sql`${table.valor} > 0`),
    check('pix_charges_txid_check', sql`${table.txid} ~ '^[A-Za-z0-9]{1,25}$'`),
  ],
)
