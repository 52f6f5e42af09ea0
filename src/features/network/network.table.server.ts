import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { clients } from '../clients/clients.table.server'

// The professional network's own rows (issue 13). Platform-wide, not office data: the backup catalogue
// excludes them deliberately (the lead a contact creates is an ordinary clients row of the office).

/**
 * A review of a lawyer: one per reviewer per lawyer (a second submit edits it). hidden_at is set by
 * moderation (issue 14): a hidden review leaves the public list, the average and the count.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerUserId: text('lawyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewerUserId: text('reviewer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    texto: text('texto').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('reviews_lawyer_reviewer_uq').on(table.lawyerUserId, table.reviewerUserId),
    // The public list (newest first) and the card's count/avg read only visible rows.
    index('reviews_lawyer_visible_idx')
      .on(table.lawyerUserId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} is null`),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('reviews_texto_len', sql`char_length(${table.texto}) between 1 and 2000`),
    check('reviews_not_self', sql`${table.lawyerUserId} <> ${table.reviewerUserId}`),
  ],
)

/**
 * 'Denunciar': a user's report of a profile, a review or a job, for the admin moderation (issue 14).
 * target_id is text (profiles are keyed by user id, reviews and jobs by uuid). One OPEN report per
 * reporter per target: a second click while it is pending changes nothing.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterUserId: text('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['profile', 'review', 'job'] }).notNull(),
    targetId: text('target_id').notNull(),
    motivo: text('motivo').notNull(),
    status: text('status', { enum: ['pendente', 'resolvida'] })
      .notNull()
      .default('pendente'),
    decision: text('decision'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('content_reports_open_uq')
      .on(table.reporterUserId, table.targetType, table.targetId)
      .where(sql`${table.status} = 'pendente'`),
    index('content_reports_status_created_idx').on(table.status, table.createdAt.desc()),
    index('content_reports_target_idx').on(table.targetType, table.targetId),
    check('content_reports_target_type_check', sql`${table.targetType} in ('profile', 'review', 'job')`),
    check('content_reports_status_check', sql`${table.status} in ('pendente', 'resolvida')`),
    check('content_reports_motivo_len', sql`char_length(${table.motivo}) between 1 and 1000`),
    check('content_reports_decision_len', sql`char_length(${table.decision}) <= 1000`),
  ],
)

/**
 * A lawyer's request to have their OAB card checked: the photo/PDF lives in the private storage under
 * storage_key. At most one pending request per user; a rejected one keeps its reason (motivo).
 */
export const oabVerifications = pgTable(
  'oab_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pendente', 'aprovada', 'rejeitada'] })
      .notNull()
      .default('pendente'),
    motivo: text('motivo'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oab_verifications_one_pending_uq')
      .on(table.userId)
      .where(sql`${table.status} = 'pendente'`),
    index('oab_verifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('oab_verifications_status_created_idx').on(table.status, table.createdAt.desc()),
    check('oab_verifications_status_check', sql`${table.status} in ('pendente', 'aprovada', 'rejeitada')`),
    check('oab_verifications_motivo_len', sql`char_length(${table.motivo}) <= 1000`),
  ],
)

/**
 * A connection between two people (lawyers and students). One row per unordered pair, whoever asked:
 * the unique index on (least, greatest) refuses a second request in either direction.
 */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterUserId: text('requester_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeUserId: text('addressee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pendente', 'aceita', 'recusada'] })
      .notNull()
      .default('pendente'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('connections_pair_uq').using(
      'btree',
      sql`least(${table.requesterUserId}, ${table.addresseeUserId})`,
      sql`greatest(${table.requesterUserId}, ${table.addresseeUserId})`,
    ),
    index('connections_requester_status_idx').on(table.requesterUserId, table.status),
    index('connections_addressee_status_idx').on(table.addresseeUserId, table.status),
    check('connections_status_check', sql`${table.status} in ('pendente', 'aceita', 'recusada')`),
    check('connections_not_self', sql`${table.requesterUserId} <> ${table.addresseeUserId}`),
  ],
)

/**
 * A message sent through a lawyer's public contact form: kept so the lawyer can read it whole and so
 * the lead (client_id, an ordinary client row of the lawyer's office) can be traced to its origin. No
 * office_id of its own: the message is the lawyer's, the lead is the office's (and in its backups).
 */
export const profileContacts = pgTable(
  'profile_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerUserId: text('lawyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    telefone: text('telefone'),
    mensagem: text('mensagem').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('profile_contacts_lawyer_created_idx').on(table.lawyerUserId, table.createdAt.desc()),
    check('profile_contacts_nome_len', sql`char_length(${table.nome}) between 1 and 160`),
    check('profile_contacts_email_len', sql`char_length(${table.email}) <= 254`),
    check('profile_contacts_mensagem_len', sql`char_length(${table.mensagem}) between 1 and 3000`),
  ],
)
