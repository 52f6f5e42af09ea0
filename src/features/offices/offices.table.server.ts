import { NIVEIS_ACESSO } from './offices.schema'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'

/** A lawyer's practice. Office data (clients, cases…) hangs off office_id, never a bare user id. */
export const offices = pgTable('offices', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull(),
  /** Null once that account is deleted (LGPD, docs/decisions/016): the office outlives its founder. */
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Agenda (issue 9): a prazo's internal early warning, in business days before its due day. */
  prazoAvisoDias: smallint('prazo_aviso_dias').notNull().default(2),
})

/** Case-insensitive text (the citext extension): e-mails compare as people type them. */
export const citext = customType<{ data: string }>({
  dataType: () => 'citext',
})

/**
 * A person on the office's team (spec §3 "Team member"). user_id is the system account, NULL for a member
 * without system access (a secretary who only appears in the team) or one whose invitation is pending.
 * The team's own data (name, e-mail, cargo…) lives here, not in the user's profile: it is the office's record
 * of that person. A BEFORE INSERT trigger (migration 0015) fills nome_completo/email from users when a
 * membership is created for an account without them (the lawyer's own office at sign-up).
 */
export const officeMembers = pgTable(
  'office_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    // SET NULL, never cascade: a deleted account's membership stays (time entries, case history point at
    // it) as 'Usuário removido' (docs/decisions/016-lgpd.md).
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    nivelAcesso: text('nivel_acesso', { enum: NIVEIS_ACESSO }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nomeCompleto: text('nome_completo').notNull().default(''),
    email: citext('email'),
    telefone: text('telefone'),
    cargo: text('cargo'),
    oabNumero: text('oab_numero'),
    oabUf: text('oab_uf'),
    dataAdmissao: date('data_admissao', { mode: 'string' }),
    especialidades: text('especialidades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    observacoes: text('observacoes'),
    /** The user's current office: their active membership with the latest selected_at, then the oldest. */
    selectedAt: timestamp('selected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last office request (the online dot: within 5 minutes). Written at most once a minute. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Hourly rate in R$ (issue 11: the billable-hours report values the member's billable time with it). */
    valorHora: numeric('valor_hora', { precision: 14, scale: 2 }),
  },
  (table) => [
    unique('office_members_office_user_uq').on(table.officeId, table.userId),
    /** Target of composite foreign keys (office_id, member_id) from office rows pointing at a member. */
    unique('office_members_office_id_uq').on(table.officeId, table.id),
    index('office_members_user_idx').on(table.userId),
    /** One team record per e-mail in an office (an invitation fills exactly one row). */
    uniqueIndex('office_members_office_email_uq')
      .on(table.officeId, table.email)
      .where(sql`${table.email} is not null`),
    check('office_members_valor_hora_check', sql`${table.valorHora} >= 0`),
  ],
)
