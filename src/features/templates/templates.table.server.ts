import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'
import { TEMPLATE_KINDS, TEMPLATE_LIMITS, TEMPLATE_SOURCES } from './templates.schema'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * An office's document template (issue 25, Modelos). source 'editor': `html` is what the browser editor
 * saved, sanitised to the template subset. source 'docx': the uploaded Word file is kept in the 'documents'
 * storage area under docx_storage_key (generation fills THAT file, so the office keeps its letterhead) and
 * `html` holds its text converted for reading. seed_key names the five templates every office starts with:
 * unique per office, so the first list's seeding is an `insert … on conflict do nothing` that two
 * concurrent requests cannot double. Deletion is soft (deleted_at) and keeps the seed_key, so a deleted
 * seeded template is never seeded again.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: TEMPLATE_KINDS }).notNull(),
    source: text('source', { enum: TEMPLATE_SOURCES }).notNull().default('editor'),
    html: text('html').notNull(),
    docxStorageKey: text('docx_storage_key'),
    seedKey: text('seed_key'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('document_templates_office_id_uq').on(table.officeId, table.id),
    // Seeding's idempotence (null seed keys never conflict: user templates are unlimited).
    unique('document_templates_office_seed_uq').on(table.officeId, table.seedKey),
    unique('document_templates_docx_storage_key_uq').on(table.docxStorageKey),
    check(
      'document_templates_name_len',
      sql`char_length(${table.name}) between 1 and ${sql.raw(String(TEMPLATE_LIMITS.name))}`,
    ),
    check('document_templates_kind_check', sql`${table.kind} in (${inList(TEMPLATE_KINDS)})`),
    check('document_templates_source_check', sql`${table.source} in (${inList(TEMPLATE_SOURCES)})`),
    // A Word template has its file; an editor template has none.
    check(
      'document_templates_docx_check',
      sql`(${table.source} = 'docx') = (${table.docxStorageKey} is not null)`,
    ),
    // The converted text of a large Word file may exceed what the editor accepts (200 000): room for it.
    check('document_templates_html_len', sql`char_length(${table.html}) <= 2000000`),
    check('document_templates_storage_key_len', sql`char_length(${table.docxStorageKey}) between 1 and 200`),
    check('document_templates_seed_key_len', sql`char_length(${table.seedKey}) between 1 and 60`),
    // The list: the office's live templates by name.
    index('document_templates_office_name_idx')
      .on(table.officeId, table.name)
      .where(sql`${table.deletedAt} is null`),
  ],
)
