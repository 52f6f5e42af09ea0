import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { offices } from '../offices/offices.table.server'
import {
  EVENT_PRIORITIES,
  EVENT_STATUSES,
  EVENT_TYPES,
  REMINDER_OPTIONS,
  type PrazoInfo,
} from './agenda.schema'

const inList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', '))

/**
 * An office's agenda event (issue 9). One agenda per office: every member sees every event.
 * `inicio` is the instant (date + hora in America/Sao_Paulo); a prazo is all-day, at 00:00 São Paulo of
 * its due day. client_id / case_id point at rows of the SAME office (composite keys, DESIGN §8), without
 * cascade, as documents do. reminder_job_id is the pg-boss job of the pending reminder (cancelled when
 * the event moves, is cancelled or deleted). `prazo` keeps what 'Criar prazo' computed (input, dates,
 * trail); aviso_em is its internal early-warning day, read by the daily digest.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    titulo: text('titulo').notNull(),
    tipo: text('tipo', { enum: EVENT_TYPES }).notNull(),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('agendado'),
    prioridade: text('prioridade', { enum: EVENT_PRIORITIES }).notNull().default('media'),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    diaInteiro: boolean('dia_inteiro').notNull().default(false),
    local: text('local'),
    descricao: text('descricao'),
    lembreteMinutos: smallint('lembrete_minutos'),
    caseId: uuid('case_id'),
    clientId: uuid('client_id'),
    reminderJobId: text('reminder_job_id'),
    prazo: jsonb('prazo').$type<PrazoInfo>(),
    avisoEm: date('aviso_em'),
    /** 'Visível ao cliente' (issue 26): the portal shows the event to the client of its case/client. */
    visivelCliente: boolean('visivel_cliente').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    foreignKey({
      name: 'events_office_client_fk',
      columns: [table.officeId, table.clientId],
      foreignColumns: [clients.officeId, clients.id],
    }),
    foreignKey({
      name: 'events_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }),
    check('events_titulo_len', sql`char_length(${table.titulo}) between 1 and 200`),
    check('events_local_len', sql`char_length(${table.local}) <= 200`),
    check('events_descricao_len', sql`char_length(${table.descricao}) <= 5000`),
    check('events_tipo_check', sql`${table.tipo} in (${inList(EVENT_TYPES)})`),
    check('events_status_check', sql`${table.status} in (${inList(EVENT_STATUSES)})`),
    check('events_prioridade_check', sql`${table.prioridade} in (${inList(EVENT_PRIORITIES)})`),
    check('events_lembrete_check', sql`${table.lembreteMinutos} in (${inList(REMINDER_OPTIONS)})`),
    // Month/week views and the list: one index range per office, in time order.
    index('events_office_inicio_idx')
      .on(table.officeId, table.inicio)
      .where(sql`${table.deletedAt} is null`),
    // The case's and the client's upcoming events, and the foreign keys' lookups.
    index('events_office_case_idx').on(table.officeId, table.caseId),
    index('events_office_client_idx').on(table.officeId, table.clientId),
    // The daily digest: prazos with an early-warning day, across offices.
    index('events_aviso_em_idx')
      .on(table.avisoEm)
      .where(sql`${table.avisoEm} is not null and ${table.deletedAt} is null`),
  ],
)

/**
 * An office's own closed days of a court (state/municipal holidays, suspension orders, outages). The
 * served calendar is the seeds of lib/br/court-calendars.ts merged with these rows; a row with
 * `removido` true is a tombstone that hides a seeded day the court did open.
 */
export const courtClosedDays = pgTable(
  'court_closed_days',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    tribunal: text('tribunal').notNull(),
    data: date('data').notNull(),
    motivo: text('motivo').notNull(),
    removido: boolean('removido').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'court_closed_days_pk', columns: [table.officeId, table.tribunal, table.data] }),
    check('court_closed_days_tribunal_check', sql`${table.tribunal} ~ '^[A-Z][A-Z0-9-]{1,19}$'`),
    check('court_closed_days_motivo_len', sql`char_length(${table.motivo}) between 1 and 200`),
  ],
)

/**
 * A user's secret iCalendar feed of their office's agenda: only the sha256 of the token is kept, so the
 * URL is shown once; regenerating replaces the hash and the old URL stops at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_uq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('calendar_feeds_token_hash_check', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`)],
)
