import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { profiles } from '../profiles/profiles.table.server'
import { findPublicLawyer, iso, type Executor } from './network.people.server'
import { NETWORK_MESSAGES, type PublicReview, type ReviewPage, type ReviewSummary } from './network.schema'
import { reviews } from './network.table.server'

// Reviews of public lawyers: one per reviewer per lawyer (a second submit edits it), never of oneself.
// Hidden (moderated) reviews leave the list, the average and the count at once.

const visible = isNull(reviews.hiddenAt)

/** Count and average of a lawyer's visible reviews (what the directory's card shows too). */
export async function reviewSummary(db: Executor, lawyerUserId: string): Promise<ReviewSummary> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
    })
    .from(reviews)
    .where(and(eq(reviews.lawyerUserId, lawyerUserId), visible))
  return {
    count: Number(row?.count ?? 0),
    average: row?.average === null || row?.average === undefined ? null : Number(row.average),
  }
}

export async function listReviews(
  db: Database,
  lawyerKey: string,
  viewerId: string | null,
  page: { limit: number; offset: number },
): Promise<ReviewPage> {
  const lawyer = await findPublicLawyer(db, lawyerKey)
  if (!lawyer) throw notFound(NETWORK_MESSAGES.lawyerNotFound)
  const [summary, rows, mine] = await Promise.all([
    reviewSummary(db, lawyer.userId),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        texto: reviews.texto,
        reviewerUserId: reviews.reviewerUserId,
        reviewerName: profiles.nomeCompleto,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .leftJoin(profiles, eq(profiles.userId, reviews.reviewerUserId))
      .where(and(eq(reviews.lawyerUserId, lawyer.userId), visible))
      .orderBy(sql`${reviews.createdAt} desc nulls last`, sql`${reviews.id} desc nulls last`)
      .limit(page.limit)
      .offset(page.offset),
    viewerId
      ? db
          .select({ rating: reviews.rating, texto: reviews.texto })
          .from(reviews)
          .where(and(eq(reviews.lawyerUserId, lawyer.userId), eq(reviews.reviewerUserId, viewerId)))
      : Promise.resolve([]),
  ])
  const items: PublicReview[] = rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    texto: row.texto,
    reviewerName: row.reviewerName ?? 'Usuário',
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
    mine: viewerId !== null && row.reviewerUserId === viewerId,
  }))
  return {
    lawyerUserId: lawyer.userId,
    ...summary,
    total: summary.count,
    items,
    canReview: viewerId !== null && viewerId !== lawyer.userId,
    mine: mine[0] ?? null,
  }
}

/**
 * Creates or edits the viewer's review of a public lawyer. The (lawyer, reviewer) unique key makes the
 * upsert atomic: two quick submits leave one review. Editing a hidden review keeps it hidden.
 */
export async function upsertReview(
  db: Database,
  lawyerKey: string,
  reviewerId: string,
  input: { rating: number; texto: string },
): Promise<{ id: string; created: boolean }> {
  const lawyer = await findPublicLawyer(db, lawyerKey)
  if (!lawyer) throw notFound(NETWORK_MESSAGES.lawyerNotFound)
  if (lawyer.userId === reviewerId) throw new ApiError(403, 'self_review', NETWORK_MESSAGES.selfReview)
  const [row] = await db
    .insert(reviews)
    .values({ lawyerUserId: lawyer.userId, reviewerUserId: reviewerId, ...input })
    .onConflictDoUpdate({
      target: [reviews.lawyerUserId, reviews.reviewerUserId],
      set: { rating: input.rating, texto: input.texto, updatedAt: sql`now()` },
    })
    .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` })
  if (!row) throw new Error('review upsert returned nothing')
  return { id: row.id, created: Boolean(row.created) }
}

/** The reviewer removes their own review. */
export async function deleteOwnReview(db: Database, lawyerKey: string, reviewerId: string): Promise<void> {
  const lawyer = await findPublicLawyer(db, lawyerKey)
  if (!lawyer) throw notFound(NETWORK_MESSAGES.lawyerNotFound)
  const deleted = await db
    .delete(reviews)
    .where(and(eq(reviews.lawyerUserId, lawyer.userId), eq(reviews.reviewerUserId, reviewerId)))
    .returning({ id: reviews.id })
  if (deleted.length === 0) throw notFound(NETWORK_MESSAGES.reviewNotFound)
}
