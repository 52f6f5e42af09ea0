import { NIVEIS_ACESSO } from './offices.schema'
import { boolean, index, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'

/** A lawyer's practice. Office data (clients, cases…) hangs off office_id, never a bare user id. */
export const offices = pgTable('offices', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull(),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Agenda (issue 9): a prazo's internal early warning, in business days before its due day. */
  prazoAvisoDias: smallint('prazo_aviso_dias').notNull().default(2),
})

export const officeMembers = pgTable(
  'office_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nivelAcesso: text('nivel_acesso', { enum: NIVEIS_ACESSO }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('office_members_office_user_uq').on(table.officeId, table.userId),
    index('office_members_user_idx').on(table.userId),
  ],
)
