import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  boolean,
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
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { offices } from '../offices/offices.table.server'
import { DOCUMENT_ACCESS_LEVELS, DOCUMENT_FILE_TYPES, DOCUMENT_FOLDERS } from './documents.schema'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * An office's document (issue 8): the metadata the members edit plus the number of its current
 * version; the files themselves are rows of document_versions. created_by is the uploader, who keeps
 * access to a restricted or confidential document whatever their level (documents.access.ts).
 * client_id / case_id point at rows of the SAME office through composite keys (DESIGN §8), and,
 * as cases do, without cascade: clients and cases are soft-deleted and documents keep the link.
 * Deletion is soft (deleted_at); the purge job removes rows and files 30 days later.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    clientId: uuid('client_id'),
    caseId: uuid('case_id'),
    nome: text('nome').notNull(),
    /** The name folded for search (lower case, no accents), kept by the database (see clients.nome_busca). */
    nomeBusca: text('nome_busca')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`f_unaccent(lower(${documents.nome}))`),
    pasta: text('pasta', { enum: DOCUMENT_FOLDERS }).notNull(),
    nivelAcesso: text('nivel_acesso', { enum: DOCUMENT_ACCESS_LEVELS }).notNull(),
    etiquetas: text('etiquetas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The tags folded for search, written by the service with every change of etiquetas
     * (f_unaccent(lower(…)) of the tags joined by newlines). Not a generated column: array_to_string is
     * only STABLE, which PostgreSQL refuses in a generated expression.
     */
    etiquetasBusca: text('etiquetas_busca').notNull().default(''),
    observacoes: text('observacoes'),
    /** 'Compartilhar com o cliente' (issue 26): off by default; the portal shows only shared documents. */
    compartilhadoCliente: boolean('compartilhado_cliente').notNull().default(false),
    versao: integer('versao').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The target of document_versions' composite key.
    unique('documents_office_id_id_uq').on(table.officeId, table.id),
    foreignKey({
      name: 'documents_office_client_fk',
      columns: [table.officeId, table.clientId],
      foreignColumns: [clients.officeId, clients.id],
    }),
    foreignKey({
      name: 'documents_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }),
    check('documents_nome_len', sql`char_length(${table.nome}) between 1 and 255`),
    check('documents_pasta_check', sql`${table.pasta} in (${inList(DOCUMENT_FOLDERS)})`),
    check('documents_nivel_acesso_check', sql`${table.nivelAcesso} in (${inList(DOCUMENT_ACCESS_LEVELS)})`),
    check('documents_etiquetas_len', sql`coalesce(array_length(${table.etiquetas}, 1), 0) <= 20`),
    check('documents_etiquetas_busca_len', sql`char_length(${table.etiquetasBusca}) <= 2100`),
    check('documents_observacoes_len', sql`char_length(${table.observacoes}) <= 5000`),
    check('documents_versao_check', sql`${table.versao} >= 1`),
    // First page, newest first, and the capped total: one index range per office.
    index('documents_office_created_idx')
      .on(table.officeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.deletedAt} is null`),
    // Folder view and folder filter; stats group by folder and access level.
    index('documents_office_pasta_created_idx')
      .on(table.officeId, table.pasta, table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
    // The client's and the case's documents (their screens' sections), and the foreign keys' lookups.
    index('documents_office_client_idx').on(table.officeId, table.clientId),
    index('documents_office_case_idx').on(table.officeId, table.caseId),
    // Accent/case-insensitive fragment search on the name and the tags.
    index('documents_nome_busca_trgm_idx').using('gin', sql`${table.nomeBusca} gin_trgm_ops`),
    index('documents_etiquetas_busca_trgm_idx').using('gin', sql`${table.etiquetasBusca} gin_trgm_ops`),
    // The purge job's scan: only deleted rows are in it.
    index('documents_deleted_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
)

/**
 * Every file a document has had: version 1 is the first upload, each 'Nova versão' adds the next.
 * storage_key is a random key of the 'documents' storage area (never the original name); size and
 * sha256 were computed while the upload streamed, and every download is checked against them.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id').notNull(),
    documentId: uuid('document_id').notNull(),
    versao: integer('versao').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    tipo: text('tipo', { enum: DOCUMENT_FILE_TYPES }).notNull(),
    mimeType: text('mime_type').notNull(),
    originalName: text('original_name').notNull(),
    /** Stored AES-256-GCM encrypted at rest (the office's setting when uploaded, issue 12); size/sha256 are the plaintext's. */
    encrypted: boolean('encrypted').notNull().default(false),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A version belongs to a document of the same office; purging the document removes its versions.
    foreignKey({
      name: 'document_versions_office_document_fk',
      columns: [table.officeId, table.documentId],
      foreignColumns: [documents.officeId, documents.id],
    }).onDelete('cascade'),
    unique('document_versions_document_versao_uq').on(table.documentId, table.versao),
    unique('document_versions_storage_key_uq').on(table.storageKey),
    check('document_versions_versao_check', sql`${table.versao} >= 1`),
    check('document_versions_size_check', sql`${table.size} between 1 and 10485760`),
    check('document_versions_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    check('document_versions_tipo_check', sql`${table.tipo} in (${inList(DOCUMENT_FILE_TYPES)})`),
    check('document_versions_mime_len', sql`char_length(${table.mimeType}) between 1 and 255`),
    check('document_versions_original_name_len', sql`char_length(${table.originalName}) between 1 and 255`),
    check('document_versions_storage_key_len', sql`char_length(${table.storageKey}) between 1 and 200`),
  ],
)
