import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { offices } from '../offices/offices.table.server'

export const PORTAL_ACCESS_STATUSES = ['convidado', 'ativo', 'revogado'] as const
export const PORTAL_AUTHORS = ['cliente', 'escritorio'] as const

/**
 * One client's access to the office's portal (issue 26): at most one row per client. The invitation token is
 * kept only as its SHA-256 (the raw 256-bit value travels once, in the e-mail) and is cleared when used, so a
 * link works once. user_id is the account that accepted it; the access is checked on EVERY portal request
 * against this row (status 'ativo'), never from a per-node cache, so a revocation holds on the next request on
 * any node.
 */
export const portalAccess = pgTable(
  'portal_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The address the invitation went to (the client's e-mail at the time). */
    email: text('email').notNull(),
    status: text('status', { enum: PORTAL_ACCESS_STATUSES }).notNull().default('convidado'),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('portal_access_office_client_uq').on(table.officeId, table.clientId),
    unique('portal_access_office_id_id_uq').on(table.officeId, table.id),
    foreignKey({
      name: 'portal_access_office_client_fk',
      columns: [table.officeId, table.clientId],
      foreignColumns: [clients.officeId, clients.id],
    }).onDelete('cascade'),
    uniqueIndex('portal_access_token_hash_uq').on(table.tokenHash),
    index('portal_access_user_idx').on(table.userId),
    check('portal_access_status_check', sql`${table.status} in ('convidado', 'ativo', 'revogado')`),
    check('portal_access_email_len', sql`char_length(${table.email}) <= 254`),
  ],
)

/**
 * The messages between an office and one client (issue 26): a thread per client, each message optionally tied
 * to one of the client's cases. author says which side wrote it; read_at is when the OTHER side first read it
 * (the read receipt).
 */
export const portalMessages = pgTable(
  'portal_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    caseId: uuid('case_id'),
    author: text('author', { enum: PORTAL_AUTHORS }).notNull(),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    unique('portal_messages_office_id_id_uq').on(table.officeId, table.id),
    foreignKey({
      name: 'portal_messages_office_client_fk',
      columns: [table.officeId, table.clientId],
      foreignColumns: [clients.officeId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'portal_messages_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }).onDelete('cascade'),
    index('portal_messages_thread_idx').on(table.officeId, table.clientId, sql`${table.createdAt} desc`),
    // The dashboard's 'Mensagens não lidas': the office's unread client messages.
    index('portal_messages_unread_idx')
      .on(table.officeId, table.clientId)
      .where(sql`${table.author} = 'cliente' and ${table.readAt} is null`),
    check('portal_messages_author_check', sql`${table.author} in ('cliente', 'escritorio')`),
    check('portal_messages_body_len', sql`char_length(${table.body}) <= 5000`),
  ],
)

/**
 * A file attached to a message (same upload rules as documents). Uploaded first (message_id null, by its
 * uploader), then attached when the message is sent; an unattached file older than a day is purged.
 */
export const portalMessageFiles = pgTable(
  'portal_message_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    messageId: uuid('message_id'),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Always false today; the backup's file contract (document_versions has the same column). */
    encrypted: boolean('encrypted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'portal_message_files_office_client_fk',
      columns: [table.officeId, table.clientId],
      foreignColumns: [clients.officeId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'portal_message_files_office_message_fk',
      columns: [table.officeId, table.messageId],
      foreignColumns: [portalMessages.officeId, portalMessages.id],
    }).onDelete('cascade'),
    index('portal_message_files_message_idx').on(table.messageId),
    check('portal_message_files_name_len', sql`char_length(${table.fileName}) <= 255`),
  ],
)
