import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import sanitizeHtml from 'sanitize-html'
import type { Database } from '../../db/client.server'
import type { NivelAcesso } from '../offices/offices.public'
import { officeMembers } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { findPlaceholders } from './merge-fields'
import { SEED_TEMPLATES } from './templates.seed-content'
import type {
  TemplateCreateData,
  TemplateDetail,
  TemplateKind,
  TemplateListItem,
  TemplateUpdateData,
} from './templates.schema'
import { documentTemplates } from './templates.table.server'

// The office's templates: the list (seeded on first use), reads and the editor's writes. Every statement is
// bounded by the caller's office; another office's template is a missing one (null → 404).

/** The request's database or the transaction a route runs a change in. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

/** Who is asking (c.get('office') as the templates see it). */
export interface TemplateViewer {
  officeId: string
  userId: string
  memberId: string
  nivelAcesso: NivelAcesso
}

/**
 * The template HTML subset (the plan's contract, what the editor produces and both renderers draw): anything
 * else is dropped on save, tags AND attributes, keeping the text. Only text-align survives as a style.
 */
const TEMPLATE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'br', 'mark'],
  allowedAttributes: { p: ['style'], h1: ['style'], h2: ['style'], h3: ['style'] },
  allowedStyles: { '*': { 'text-align': [/^(left|center|right|justify)$/] } },
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
}

export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, TEMPLATE_HTML).trim()
}

/**
 * Gives the office the five starting templates, once. The unique (office_id, seed_key) makes it an insert
 * that two first requests at the same moment cannot double; a seeded template the office deleted keeps its
 * row (soft delete), so it never comes back.
 */
export async function ensureSeeded(db: Executor, officeId: string): Promise<void> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.officeId, officeId), sql`${documentTemplates.seedKey} is not null`))
  if ((row?.n ?? 0) >= SEED_TEMPLATES.length) return
  await db
    .insert(documentTemplates)
    .values(
      SEED_TEMPLATES.map((seed) => ({
        officeId,
        seedKey: seed.key,
        name: seed.name,
        kind: seed.kind,
        source: 'editor' as const,
        html: seed.html,
      })),
    )
    .onConflictDoNothing({ target: [documentTemplates.officeId, documentTemplates.seedKey] })
}

/** 'Criado por': the author as the office knows them (the team record), else their profile. */
const authorName = sql<
  string | null
>`coalesce(nullif(${officeMembers.nomeCompleto}, ''), ${profiles.nomeCompleto})`

const listColumns = {
  id: documentTemplates.id,
  name: documentTemplates.name,
  kind: documentTemplates.kind,
  source: documentTemplates.source,
  seedKey: documentTemplates.seedKey,
  createdById: documentTemplates.createdBy,
  createdByName: authorName,
  createdAt: documentTemplates.createdAt,
  updatedAt: documentTemplates.updatedAt,
}

type ListRow = {
  id: string
  name: string
  kind: TemplateKind
  source: 'editor' | 'docx'
  seedKey: string | null
  createdById: string | null
  createdByName: string | null
  createdAt: Date
  updatedAt: Date
}

function toItem(row: ListRow): TemplateListItem {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    source: row.source,
    seeded: row.seedKey !== null,
    createdBy: row.createdById ? { id: row.createdById, nome: row.createdByName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function selectTemplates(db: Executor, columns: SelectedFields) {
  return db
    .select(columns)
    .from(documentTemplates)
    .leftJoin(
      officeMembers,
      and(
        eq(officeMembers.officeId, documentTemplates.officeId),
        eq(officeMembers.userId, documentTemplates.createdBy),
      ),
    )
    .leftJoin(profiles, eq(profiles.userId, documentTemplates.createdBy))
}

const live = (officeId: string) =>
  and(eq(documentTemplates.officeId, officeId), isNull(documentTemplates.deletedAt))

/** Every live template of the office by name (an office keeps a few dozen: no paging). */
export async function listTemplates(db: Executor, officeId: string): Promise<TemplateListItem[]> {
  const rows = (await selectTemplates(db, listColumns)
    .where(live(officeId))
    .orderBy(asc(documentTemplates.name), asc(documentTemplates.id))
    .limit(500)) as ListRow[]
  return rows.map(toItem)
}

/** One live template, with what generation needs (null: none in this office → 404). */
export async function findTemplate(db: Executor, officeId: string, id: string) {
  const [row] = (await selectTemplates(db, {
    ...listColumns,
    html: documentTemplates.html,
    docxStorageKey: documentTemplates.docxStorageKey,
  })
    .where(and(eq(documentTemplates.id, id), live(officeId)))
    .limit(1)) as (ListRow & { html: string; docxStorageKey: string | null })[]
  return row ?? null
}

export type TemplateRecord = NonNullable<Awaited<ReturnType<typeof findTemplate>>>

/** The detail answer; `placeholders` lists the fields of the text (for a Word file, given: its own). */
export function toDetail(row: TemplateRecord, placeholders?: readonly string[]): TemplateDetail {
  return {
    ...toItem(row),
    html: row.html,
    placeholders: [...new Set(placeholders ?? findPlaceholders(row.html))].sort(),
  }
}

export async function createTemplate(
  db: Executor,
  viewer: TemplateViewer,
  data: TemplateCreateData,
): Promise<string> {
  const [row] = await db
    .insert(documentTemplates)
    .values({
      officeId: viewer.officeId,
      createdBy: viewer.userId,
      name: data.name,
      kind: data.kind,
      source: 'editor',
      html: sanitizeTemplateHtml(data.html),
    })
    .returning({ id: documentTemplates.id })
  if (!row) throw new Error('template insert returned nothing')
  return row.id
}

/** A Word template: its file is already in storage under `storageKey`; `html` is its text for reading. */
export async function insertDocxTemplate(
  db: Executor,
  viewer: TemplateViewer,
  data: { name: string; kind: TemplateKind; html: string; storageKey: string },
): Promise<string> {
  const [row] = await db
    .insert(documentTemplates)
    .values({
      officeId: viewer.officeId,
      createdBy: viewer.userId,
      name: data.name,
      kind: data.kind,
      source: 'docx',
      html: sanitizeTemplateHtml(data.html),
      docxStorageKey: data.storageKey,
    })
    .returning({ id: documentTemplates.id })
  if (!row) throw new Error('template insert returned nothing')
  return row.id
}

/** 'not_found' → 404; 'docx_text' → 400 (a Word template's text is its file's). */
export async function updateTemplate(
  db: Executor,
  officeId: string,
  id: string,
  data: TemplateUpdateData,
): Promise<'ok' | 'not_found' | 'docx_text'> {
  const [current] = await db
    .select({ source: documentTemplates.source })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.id, id), live(officeId)))
    .for('update')
  if (!current) return 'not_found'
  if (data.html !== undefined && current.source === 'docx') return 'docx_text'
  await db
    .update(documentTemplates)
    .set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.kind !== undefined && { kind: data.kind }),
      ...(data.html !== undefined && { html: sanitizeTemplateHtml(data.html) }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(documentTemplates.id, id), eq(documentTemplates.officeId, officeId)))
  return 'ok'
}

/** Soft delete; false when the office has no such live template. */
export async function deleteTemplate(db: Executor, officeId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(documentTemplates)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(documentTemplates.id, id), live(officeId)))
    .returning({ id: documentTemplates.id })
  return rows.length > 0
}
