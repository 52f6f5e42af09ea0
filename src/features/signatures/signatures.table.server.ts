import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { documents } from '../documents/documents.table.server'
import { offices } from '../offices/offices.table.server'
import { SIGNATURE_STATUSES } from './signatures.schema'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * A PDF sent for electronic signature (issue 25): which version of which document, who sent it, the
 * SHA-256 of the bytes the signers saw and the code printed on the evidence page. When the last signer
 * signs, the signed PDF becomes a new version of the document (signed_versao, signed_sha256 — the
 * /verificar page finds a request by either the code or the signed file's hash).
 * 'expirado' is not stored: a 'pendente' request whose unsigned signers' links all expired reads so.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').notNull(),
    documentVersao: integer('document_versao').notNull(),
    documentName: text('document_name').notNull(),
    status: text('status', { enum: SIGNATURE_STATUSES }).notNull().default('pendente'),
    message: text('message'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    originalSha256: text('original_sha256').notNull(),
    verificationCode: text('verification_code').notNull(),
    signedVersao: integer('signed_versao'),
    signedSha256: text('signed_sha256'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('signature_requests_office_id_id_uq').on(table.officeId, table.id),
    unique('signature_requests_verification_code_uq').on(table.verificationCode),
    foreignKey({
      name: 'signature_requests_office_document_fk',
      columns: [table.officeId, table.documentId],
      foreignColumns: [documents.officeId, documents.id],
    }).onDelete('cascade'),
    check('signature_requests_status_check', sql`${table.status} in (${inList(SIGNATURE_STATUSES)})`),
    check('signature_requests_message_len', sql`char_length(${table.message}) <= 2000`),
    check('signature_requests_sha256_check', sql`${table.originalSha256} ~ '^[0-9a-f]{64}$'`),
    // The documents list shows each document's latest request.
    index('signature_requests_office_document_idx').on(table.officeId, table.documentId, table.createdAt),
    index('signature_requests_signed_sha256_idx')
      .on(table.signedSha256)
      .where(sql`${table.signedSha256} is not null`),
  ],
)

/**
 * One signer of a request. The link's token exists only in the e-mail: the row keeps its SHA-256. The
 * 6-digit code likewise (code_hash), with the wrong tries counted: the 5th locks the link (locked_at).
 * cpf is the one on record (the client's when the signer is the client); signing must give the same.
 */
export const signatureSigners = pgTable(
  'signature_signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id').notNull(),
    requestId: uuid('request_id').notNull(),
    position: integer('position').notNull(),
    /**
     * The client this signer is (their CPF came from the record), kept as a plain id: the signers travel with
     * their documents in a backup's 'documentos' part, which a restore replaces without touching clients.
     */
    clientId: uuid('client_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    cpf: text('cpf'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedName: text('signed_name'),
    signedCpf: text('signed_cpf'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    refusalReason: text('refusal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'signature_signers_office_request_fk',
      columns: [table.officeId, table.requestId],
      foreignColumns: [signatureRequests.officeId, signatureRequests.id],
    }).onDelete('cascade'),
    unique('signature_signers_token_hash_uq').on(table.tokenHash),
    unique('signature_signers_request_position_uq').on(table.requestId, table.position),
    check('signature_signers_cpf_check', sql`${table.cpf} ~ '^[0-9]{11}$'`),
    check('signature_signers_signed_cpf_check', sql`${table.signedCpf} ~ '^[0-9]{11}$'`),
    check('signature_signers_name_len', sql`char_length(${table.name}) between 1 and 200`),
    check('signature_signers_email_len', sql`char_length(${table.email}) between 3 and 254`),
    check('signature_signers_attempts_check', sql`${table.codeAttempts} between 0 and 5`),
    check('signature_signers_user_agent_len', sql`char_length(${table.userAgent}) <= 500`),
    check('signature_signers_refusal_len', sql`char_length(${table.refusalReason}) <= 1000`),
    index('signature_signers_office_client_idx').on(table.officeId, table.clientId),
  ],
)
