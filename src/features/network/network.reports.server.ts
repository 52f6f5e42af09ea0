import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { jobs } from '../jobs/jobs.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { iso, type Executor } from './network.people.server'
import {
  NETWORK_MESSAGES,
  type ContentReportItem,
  type ReportResult,
  type ReportTargetType,
} from './network.schema'
import { contentReports, reviews } from './network.table.server'

// 'Denunciar': any signed-in user reports a profile, a review or a job; moderation (issue 14) lists the
// open reports and resolves them, hiding a review when it decides so.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The owner of what is reported (to refuse reporting oneself), or null when there is no such target. */
async function targetOwner(db: Executor, type: ReportTargetType, id: string): Promise<string | null> {
  if (type === 'profile') {
    const [row] = await db.select({ owner: profiles.userId }).from(profiles).where(eq(profiles.userId, id))
    return row?.owner ?? null
  }
  if (!UUID.test(id)) return null
  if (type === 'review') {
    const [row] = await db
      .select({ owner: reviews.reviewerUserId })
      .from(reviews)
      .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
    return row?.owner ?? null
  }
  const [row] = await db.select({ owner: jobs.entityUserId }).from(jobs).where(eq(jobs.id, id))
  return row?.owner ?? null
}

/**
 * Files a report. One OPEN report per reporter per target (partial unique index): a repeat returns the
 * existing one with created=false instead of piling up duplicates for the moderators.
 */
export async function createReport(
  db: Database,
  reporterId: string,
  input: { targetType: ReportTargetType; targetId: string; motivo: string },
): Promise<ReportResult> {
  const owner = await targetOwner(db, input.targetType, input.targetId)
  if (owner === null) throw notFound(NETWORK_MESSAGES.reportTargetNotFound)
  if (owner === reporterId) throw new ApiError(400, 'self_report', NETWORK_MESSAGES.selfReport)
  const [inserted] = await db
    .insert(contentReports)
    .values({ reporterUserId: reporterId, ...input })
    .onConflictDoNothing({
      target: [contentReports.reporterUserId, contentReports.targetType, contentReports.targetId],
      where: sql`${contentReports.status} = 'pendente'`,
    })
    .returning({ id: contentReports.id })
  if (inserted) return { id: inserted.id, created: true }
  const [existing] = await db
    .select({ id: contentReports.id })
    .from(contentReports)
    .where(
      and(
        eq(contentReports.reporterUserId, reporterId),
        eq(contentReports.targetType, input.targetType),
        eq(contentReports.targetId, input.targetId),
        eq(contentReports.status, 'pendente'),
      ),
    )
  if (!existing) throw new Error('open report vanished')
  return { id: existing.id, created: false }
}

const reportColumns = {
  id: contentReports.id,
  reporterUserId: contentReports.reporterUserId,
  reporterName: profiles.nomeCompleto,
  targetType: contentReports.targetType,
  targetId: contentReports.targetId,
  motivo: contentReports.motivo,
  status: contentReports.status,
  decision: contentReports.decision,
  decidedBy: contentReports.decidedBy,
  decidedAt: contentReports.decidedAt,
  createdAt: contentReports.createdAt,
}

type ReportRow = {
  [K in keyof typeof reportColumns]: (typeof reportColumns)[K]['_']['data'] | null
}

function toItem(row: ReportRow, target: ContentReportItem['target'] = null): ContentReportItem {
  return {
    id: row.id as string,
    reporterUserId: row.reporterUserId,
    reporterName: row.reporterName,
    targetType: row.targetType as ReportTargetType,
    targetId: row.targetId as string,
    target,
    motivo: row.motivo as string,
    status: row.status as 'pendente' | 'resolvida',
    decision: row.decision,
    decidedBy: row.decidedBy,
    decidedAt: iso(row.decidedAt),
    createdAt: iso(row.createdAt) as string,
  }
}

type Target = NonNullable<ContentReportItem['target']>

/** What each reported target is, in three queries at most (one per kind), keyed 'type:id'. */
async function describeTargets(db: Executor, rows: ReportRow[]): Promise<Map<string, Target>> {
  const ids = (type: ReportTargetType) =>
    [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId as string))].filter(
      (id) => type === 'profile' || UUID.test(id),
    )
  const result = new Map<string, Target>()
  const [profileIds, reviewIds, jobIds] = [ids('profile'), ids('review'), ids('job')]
  const [people, reviewed, posted] = await Promise.all([
    profileIds.length
      ? db
          .select({ id: profiles.userId, nome: profiles.nomeCompleto, tipo: profiles.userType })
          .from(profiles)
          .where(inArray(profiles.userId, profileIds))
      : [],
    reviewIds.length
      ? db
          .select({
            id: reviews.id,
            texto: reviews.texto,
            rating: reviews.rating,
            hiddenAt: reviews.hiddenAt,
            lawyer: profiles.nomeCompleto,
          })
          .from(reviews)
          .leftJoin(profiles, eq(profiles.userId, reviews.lawyerUserId))
          .where(inArray(reviews.id, reviewIds))
      : [],
    jobIds.length
      ? db
          .select({ id: jobs.id, titulo: jobs.titulo, empresa: jobs.empresa })
          .from(jobs)
          .where(inArray(jobs.id, jobIds))
      : [],
  ])
  for (const p of people) result.set(`profile:${p.id}`, { title: p.nome, detail: p.tipo, hidden: false })
  for (const r of reviewed) {
    result.set(`review:${r.id}`, {
      title: `Avaliação (${r.rating}/5) de ${r.lawyer ?? 'advogado'}`,
      detail: r.texto,
      hidden: r.hiddenAt !== null,
    })
  }
  for (const j of posted) result.set(`job:${j.id}`, { title: j.titulo, detail: j.empresa, hidden: false })
  return result
}

async function withTargets(db: Executor, rows: ReportRow[]): Promise<ContentReportItem[]> {
  const targets = await describeTargets(db, rows)
  return rows.map((row) => toItem(row, targets.get(`${row.targetType}:${row.targetId}`) ?? null))
}

/** Reports by status, oldest pending first (moderation works the queue in order). */
export async function listReports(
  db: Database,
  options: { status?: 'pendente' | 'resolvida'; limit?: number; offset?: number } = {},
): Promise<{ items: ContentReportItem[]; total: number }> {
  const status = options.status ?? 'pendente'
  const where = eq(contentReports.status, status)
  const [rows, [count]] = await Promise.all([
    db
      .select(reportColumns)
      .from(contentReports)
      .leftJoin(profiles, eq(profiles.userId, contentReports.reporterUserId))
      .where(where)
      .orderBy(
        status === 'pendente'
          ? sql`${contentReports.createdAt} asc`
          : sql`${contentReports.decidedAt} desc nulls last`,
      )
      .limit(options.limit ?? 50)
      .offset(options.offset ?? 0),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contentReports)
      .where(where),
  ])
  return { items: await withTargets(db, rows), total: Number(count?.n ?? 0) }
}

/** The open reports (issue 14's Denúncias tab). */
export function listPendingReports(
  db: Database,
  page: { limit?: number; offset?: number } = {},
): Promise<{ items: ContentReportItem[]; total: number }> {
  return listReports(db, { status: 'pendente', ...page })
}

/**
 * Resolves a report with a decision; `hide` on a review report hides that review (it leaves the public
 * list, the average and the count). Other open reports of the same target are resolved with it.
 */
export async function resolveReport(
  db: Database,
  input: { id: string; decision: string; hide: boolean; decidedBy: string },
): Promise<ContentReportItem> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        targetType: contentReports.targetType,
        targetId: contentReports.targetId,
        status: contentReports.status,
      })
      .from(contentReports)
      .where(eq(contentReports.id, input.id))
      .for('update')
    if (!report) throw notFound(NETWORK_MESSAGES.reportNotFound)
    if (report.status !== 'pendente') {
      throw new ApiError(409, 'already_resolved', NETWORK_MESSAGES.reportAlreadyResolved)
    }
    if (input.hide && report.targetType === 'review' && UUID.test(report.targetId)) {
      await tx
        .update(reviews)
        .set({ hiddenAt: sql`now()` })
        .where(and(eq(reviews.id, report.targetId), isNull(reviews.hiddenAt)))
    }
    await tx
      .update(contentReports)
      .set({
        status: 'resolvida',
        decision: input.decision,
        decidedBy: input.decidedBy,
        decidedAt: sql`now()`,
      })
      .where(
        and(
          eq(contentReports.targetType, report.targetType),
          eq(contentReports.targetId, report.targetId),
          eq(contentReports.status, 'pendente'),
        ),
      )
    const [row] = await tx
      .select(reportColumns)
      .from(contentReports)
      .leftJoin(profiles, eq(profiles.userId, contentReports.reporterUserId))
      .where(eq(contentReports.id, input.id))
    if (!row) throw new Error('resolved report vanished')
    const [item] = await withTargets(tx, [row])
    return item as ContentReportItem
  })
}
