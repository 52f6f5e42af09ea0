import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database, Executor } from '../../db/client.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import {
  COLLECTION_LIMIT,
  collectionLimitMessage,
  lawyerCollectionSchemas,
  type CollectionItem,
  type LawyerCollection,
} from './profiles.schema'
import {
  lawyerCertifications,
  lawyerEducation,
  lawyerEvents,
  lawyerLanguages,
  lawyerPracticeAreas,
  lawyerPublications,
  lawyerServices,
  lawyerSuccessCases,
} from './lawyer-collections.table.server'
import { formatValidationError } from './validation.server'

type CollectionTable = PgTable & { id: PgColumn; userId: PgColumn; createdAt: PgColumn }

interface CollectionDefinition {
  table: CollectionTable
  orderBy: SQL[]
}

const nullsLast = (column: PgColumn) => sql`${column} desc nulls last`

// Newest work first where items carry a year or date; otherwise the order the lawyer added them.
const DEFINITIONS: Record<LawyerCollection, CollectionDefinition> = {
  'practice-areas': {
    table: lawyerPracticeAreas,
    orderBy: [desc(lawyerPracticeAreas.principal), asc(lawyerPracticeAreas.createdAt)],
  },
  languages: { table: lawyerLanguages, orderBy: [asc(lawyerLanguages.createdAt)] },
  services: { table: lawyerServices, orderBy: [asc(lawyerServices.createdAt)] },
  education: {
    table: lawyerEducation,
    orderBy: [desc(lawyerEducation.anoInicio), asc(lawyerEducation.createdAt)],
  },
  certifications: {
    table: lawyerCertifications,
    orderBy: [nullsLast(lawyerCertifications.ano), asc(lawyerCertifications.createdAt)],
  },
  publications: {
    table: lawyerPublications,
    orderBy: [nullsLast(lawyerPublications.ano), asc(lawyerPublications.createdAt)],
  },
  'success-cases': {
    table: lawyerSuccessCases,
    orderBy: [nullsLast(lawyerSuccessCases.ano), asc(lawyerSuccessCases.createdAt)],
  },
  events: { table: lawyerEvents, orderBy: [desc(lawyerEvents.data), asc(lawyerEvents.createdAt)] },
}

type Row = Record<string, unknown> & { id: string; userId: string; createdAt: Date }

function toItem<C extends LawyerCollection>(row: Row): CollectionItem<C> {
  const { userId: _owner, createdAt, ...fields } = row
  return { ...fields, createdAt: createdAt.toISOString() } as unknown as CollectionItem<C>
}

export async function listCollection<C extends LawyerCollection>(
  db: Database,
  collection: C,
  userId: string,
): Promise<CollectionItem<C>[]> {
  const { table, orderBy } = DEFINITIONS[collection]
  const rows = (await db
    .select()
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(...orderBy)) as Row[]
  return rows.map((row) => toItem<C>(row))
}

async function findOwned(db: Database, table: CollectionTable, userId: string, id: string) {
  const [row] = (await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))) as Row[]
  return row
}

/** Rules that need the database: one entry per practice area and per language, a single 'principal'. */
async function checkUniqueness(
  db: Database,
  collection: LawyerCollection,
  userId: string,
  data: Record<string, unknown>,
  exceptId?: string,
) {
  const others = (table: CollectionTable) =>
    exceptId ? and(eq(table.userId, userId), ne(table.id, exceptId)) : eq(table.userId, userId)
  if (collection === 'practice-areas') {
    const [duplicate] = await db
      .select({ id: lawyerPracticeAreas.id })
      .from(lawyerPracticeAreas)
      .where(and(others(lawyerPracticeAreas), eq(lawyerPracticeAreas.area, data.area as never)))
    if (duplicate)
      throw new ApiError(409, 'duplicate', 'Esta área de atuação já foi adicionada.', {
        area: 'Esta área de atuação já foi adicionada.',
      })
  }
  if (collection === 'languages') {
    const [duplicate] = await db
      .select({ id: lawyerLanguages.id })
      .from(lawyerLanguages)
      .where(
        and(others(lawyerLanguages), sql`lower(${lawyerLanguages.idioma}) = lower(${String(data.idioma)})`),
      )
    if (duplicate)
      throw new ApiError(409, 'duplicate', 'Este idioma já foi adicionado.', {
        idioma: 'Este idioma já foi adicionado.',
      })
  }
}

/** Marking an area as principal takes the flag from the previous one (at most one per lawyer). */
async function releasePrincipal(db: Executor, userId: string, exceptId?: string) {
  await db
    .update(lawyerPracticeAreas)
    .set({ principal: false })
    .where(
      and(
        eq(lawyerPracticeAreas.userId, userId),
        eq(lawyerPracticeAreas.principal, true),
        exceptId ? ne(lawyerPracticeAreas.id, exceptId) : undefined,
      ),
    )
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true
  }
  return false
}

/** Two requests racing past the duplicate check meet the unique index: answer like the check would. */
async function translateConflicts<T>(collection: LawyerCollection, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(
        409,
        'duplicate',
        collection === 'practice-areas'
          ? 'Esta área de atuação já foi adicionada.'
          : 'Este item já foi adicionado.',
      )
    throw error
  }
}

export async function createCollectionItem<C extends LawyerCollection>(
  db: Database,
  collection: C,
  userId: string,
  data: Record<string, unknown>,
): Promise<CollectionItem<C>> {
  const { table } = DEFINITIONS[collection]
  const [total] = await db.select({ value: count() }).from(table).where(eq(table.userId, userId))
  if ((total?.value ?? 0) >= COLLECTION_LIMIT) throw new ApiError(400, 'limit', collectionLimitMessage)
  await checkUniqueness(db, collection, userId, data)
  const row = await translateConflicts(collection, () =>
    db.transaction(async (tx) => {
      if (collection === 'practice-areas' && data.principal === true) await releasePrincipal(tx, userId)
      const [inserted] = (await tx
        .insert(table)
        .values({ ...data, userId } as never)
        .returning()) as Row[]
      return inserted
    }),
  )
  if (!row) throw new Error('insert returned nothing')
  return toItem<C>(row)
}

export async function updateCollectionItem<C extends LawyerCollection>(
  db: Database,
  collection: C,
  userId: string,
  id: string,
  patch: Record<string, unknown>,
): Promise<CollectionItem<C>> {
  const { table } = DEFINITIONS[collection]
  const existing = await findOwned(db, table, userId, id)
  if (!existing) throw notFound()
  // Re-check the whole item: a PATCH of one field must not break a rule that spans two.
  const { id: _id, userId: _owner, createdAt: _created, ...current } = existing
  const merged = lawyerCollectionSchemas[collection].create.safeParse({
    ...dropNulls(current),
    ...patch,
  })
  if (!merged.success) throw formatValidationError(merged.error)
  if (Object.keys(patch).length === 0) return toItem<C>(existing)
  await checkUniqueness(db, collection, userId, merged.data as Record<string, unknown>, id)
  const row = await translateConflicts(collection, () =>
    db.transaction(async (tx) => {
      if (collection === 'practice-areas' && patch.principal === true) await releasePrincipal(tx, userId, id)
      const [updated] = (await tx
        .update(table)
        .set(patch as never)
        .where(and(eq(table.id, id), eq(table.userId, userId)))
        .returning()) as Row[]
      return updated
    }),
  )
  if (!row) throw notFound()
  return toItem<C>(row)
}

export async function deleteCollectionItem(
  db: Database,
  collection: LawyerCollection,
  userId: string,
  id: string,
): Promise<void> {
  const { table } = DEFINITIONS[collection]
  const deleted = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning({ id: table.id })
  if (deleted.length === 0) throw notFound()
}

/** The stored row as schema input: null columns are "absent" (optional fields accept undefined). */
function dropNulls(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null))
}
