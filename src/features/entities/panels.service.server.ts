import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { jobApplications, jobs, jobViewsDaily, savedJobs } from '../jobs/jobs.table.server'
import { connections } from '../network/network.table.server'
import { profiles } from '../profiles/profiles.table.server'
import type {
  ConnectionSummary,
  EntityJobRow,
  EntityPanelResponse,
  StudentPanelResponse,
} from './entities.schema'
import { iso, jobCidade, jobEstado, jobIsOpen, jobSummaryColumns, toJobSummary } from './entity-jobs.server'

type ProfileRow = typeof profiles.$inferSelect

// The two dashboard panels of issue 13. Every query is keyed by the signed-in user's id (the route passes
// c.get('user').id): a panel never takes another user's id from the request.

const LIST = 5
const RECENT_APPLICATIONS = 10
const ENTITY_JOBS = 100
/** How many of the newest open jobs (of the student's state, and overall) recommendation ranks. */
const RECOMMEND_POOL = 60

const count = sql<number>`count(*)::int`

/** Applications still in progress: everything before a final 'aprovada' / 'recusada'. */
const applicationActive = sql`${jobApplications.status} not in ('aprovada', 'recusada')`

export async function getStudentPanel(db: Database, student: ProfileRow): Promise<StudentPanelResponse> {
  const userId = student.userId
  const [applicationTotals, applicationRows, savedTotal, savedRows, recommended, connectionData] =
    await Promise.all([
      db
        .select({ total: count, active: sql<number>`count(*) filter (where ${applicationActive})::int` })
        .from(jobApplications)
        .where(eq(jobApplications.candidateUserId, userId)),
      db
        .select({
          id: jobApplications.id,
          jobId: jobApplications.jobId,
          titulo: jobs.titulo,
          empresa: jobs.empresa,
          status: jobApplications.status,
          createdAt: jobApplications.createdAt,
          updatedAt: jobApplications.updatedAt,
        })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(eq(jobApplications.candidateUserId, userId))
        .orderBy(sql`${jobApplications.createdAt} desc nulls last`)
        .limit(RECENT_APPLICATIONS),
      db
        .select({ total: count })
        .from(savedJobs)
        .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
        .where(and(eq(savedJobs.userId, userId), jobIsOpen)),
      db
        .select(jobSummaryColumns)
        .from(savedJobs)
        .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
        .leftJoin(jobCidade, eq(jobCidade.id, jobs.cidadeId))
        .leftJoin(jobEstado, eq(jobEstado.id, jobs.estadoId))
        .where(and(eq(savedJobs.userId, userId), jobIsOpen))
        .orderBy(sql`${savedJobs.createdAt} desc nulls last`)
        .limit(LIST),
      recommendedJobs(db, userId, student.estadoId),
      connectionsOf(db, userId),
    ])

  return {
    stats: {
      applications: Number(applicationTotals[0]?.total ?? 0),
      activeApplications: Number(applicationTotals[0]?.active ?? 0),
      savedJobs: Number(savedTotal[0]?.total ?? 0),
      connections: connectionData.total,
    },
    applications: applicationRows.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    recommended,
    saved: savedRows.map(toJobSummary),
    connections: connectionData.recent,
  }
}

/**
 * Open jobs for a student: their state first, then the student level (nivel 'Estudante' or an internship),
 * then the newest. Ranks a bounded pool — the newest open jobs of the state and overall, each read from
 * JOBS's partial indexes — so the cost does not grow with the number of jobs. Skips jobs already applied to.
 */
async function recommendedJobs(db: Database, userId: string, estadoId: number | null) {
  // The pools are plain ordered index reads; jobs already applied to are dropped afterwards (an anti-join
  // inside the pool makes PostgreSQL give up the index order and sort every open job).
  const pool = (inState: boolean) =>
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(jobIsOpen, inState && estadoId !== null ? eq(jobs.estadoId, estadoId) : undefined))
      .orderBy(sql`${jobs.createdAt} desc nulls last`, sql`${jobs.id} desc nulls last`)
      .limit(RECOMMEND_POOL)
  const [local, recent] = await Promise.all([estadoId === null ? [] : pool(true), pool(false)])
  const ids = [...new Set([...local, ...recent].map((row) => row.id))]
  if (ids.length === 0) return []
  const notApplied = sql`not exists (select 1 from ${jobApplications} where ${jobApplications.jobId} = ${jobs.id} and ${jobApplications.candidateUserId} = ${userId})`
  const sameState = estadoId === null ? sql`false` : sql`${jobs.estadoId} = ${estadoId}`
  const studentLevel = sql`(${jobs.nivel} = 'Estudante' or ${jobs.tipo} = 'Estágio')`
  const rows = await db
    .select(jobSummaryColumns)
    .from(jobs)
    .leftJoin(jobCidade, eq(jobCidade.id, jobs.cidadeId))
    .leftJoin(jobEstado, eq(jobEstado.id, jobs.estadoId))
    .where(and(inArray(jobs.id, ids), notApplied))
    .orderBy(
      sql`(${sameState}) desc`,
      sql`(${studentLevel}) desc`,
      sql`${jobs.createdAt} desc nulls last`,
      sql`${jobs.id} desc nulls last`,
    )
    .limit(LIST)
  return rows.map(toJobSummary)
}

/** Accepted connections (NETWORK's table): the count and the most recent few, with public names only. */
async function connectionsOf(
  db: Database,
  userId: string,
): Promise<{ total: number; recent: ConnectionSummary[] }> {
  const mine = and(
    eq(connections.status, 'aceita'),
    or(eq(connections.requesterUserId, userId), eq(connections.addresseeUserId, userId)),
  )
  const other = sql<string>`case when ${connections.requesterUserId} = ${userId} then ${connections.addresseeUserId} else ${connections.requesterUserId} end`
  const [totals, recent] = await Promise.all([
    db.select({ total: count }).from(connections).where(mine),
    db
      .select({
        userId: profiles.userId,
        nomeCompleto: profiles.nomeCompleto,
        nomeEntidade: profiles.nomeEntidade,
        userType: profiles.userType,
        avatarUrl: profiles.avatarUrl,
        slug: profiles.slug,
        perfilPublico: profiles.perfilPublico,
      })
      .from(connections)
      .innerJoin(profiles, eq(profiles.userId, other))
      .where(mine)
      .orderBy(sql`coalesce(${connections.respondedAt}, ${connections.createdAt}) desc`)
      .limit(LIST),
  ])
  return {
    total: Number(totals[0]?.total ?? 0),
    recent: recent.map((row) => ({
      userId: row.userId,
      nome: row.userType === 'entidade' && row.nomeEntidade ? row.nomeEntidade : row.nomeCompleto,
      avatarUrl: row.avatarUrl,
      // Lawyers (/advogados/:slug) and entities (/entidades/:slug) have public pages; students do not.
      slug: row.perfilPublico && row.slug && row.userType !== 'estudante' ? row.slug : null,
      userType: row.userType,
    })),
  }
}

export async function getEntityPanel(db: Database, entity: ProfileRow): Promise<EntityPanelResponse> {
  const userId = entity.userId
  const applicationsOf = (extra?: ReturnType<typeof sql>) =>
    sql<number>`(select count(*)::int from ${jobApplications} where ${jobApplications.jobId} = ${jobs.id}${extra ? sql` and ${extra}` : sql``})`
  const [totals, jobRows, recentRows, views30d] = await Promise.all([
    db
      .select({
        openJobs: sql<number>`count(*) filter (where ${jobIsOpen})::int`,
        views: sql<number>`coalesce(sum(${jobs.views}), 0)::int`,
        applications: sql<number>`coalesce(sum(${applicationsOf()}), 0)::int`,
        newApplications: sql<number>`coalesce(sum(${applicationsOf(sql`${jobApplications.status} = 'recebida'`)}), 0)::int`,
      })
      .from(jobs)
      .where(eq(jobs.entityUserId, userId)),
    db
      .select({
        ...jobSummaryColumns,
        open: sql<boolean>`${jobIsOpen}`,
        views: jobs.views,
        applications: applicationsOf(),
        newApplications: applicationsOf(sql`${jobApplications.status} = 'recebida'`),
      })
      .from(jobs)
      .leftJoin(jobCidade, eq(jobCidade.id, jobs.cidadeId))
      .leftJoin(jobEstado, eq(jobEstado.id, jobs.estadoId))
      .where(eq(jobs.entityUserId, userId))
      .orderBy(sql`${jobs.createdAt} desc nulls last`, sql`${jobs.id} desc nulls last`)
      .limit(ENTITY_JOBS),
    db
      .select({
        id: jobApplications.id,
        jobId: jobApplications.jobId,
        titulo: jobs.titulo,
        candidateName: profiles.nomeCompleto,
        status: jobApplications.status,
        createdAt: jobApplications.createdAt,
      })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .leftJoin(profiles, eq(profiles.userId, jobApplications.candidateUserId))
      .where(eq(jobs.entityUserId, userId))
      .orderBy(sql`${jobApplications.createdAt} desc nulls last`)
      .limit(RECENT_APPLICATIONS),
    db
      .select({ total: sql<number>`coalesce(sum(${jobViewsDaily.views}), 0)::int` })
      .from(jobViewsDaily)
      .innerJoin(jobs, eq(jobs.id, jobViewsDaily.jobId))
      .where(
        and(
          eq(jobs.entityUserId, userId),
          sql`${jobViewsDaily.dia} > (now() at time zone 'America/Sao_Paulo')::date - 30`,
        ),
      ),
  ])

  const rows: EntityJobRow[] = jobRows.map((row) => ({
    ...toJobSummary(row),
    status: row.open ? 'aberta' : 'encerrada',
    applications: Number(row.applications),
    newApplications: Number(row.newApplications),
    views: Number(row.views),
  }))
  const total = totals[0]
  return {
    slug: entity.perfilPublico && entity.slug ? entity.slug : null,
    stats: {
      openJobs: Number(total?.openJobs ?? 0),
      applications: Number(total?.applications ?? 0),
      newApplications: Number(total?.newApplications ?? 0),
      views: Number(total?.views ?? 0),
      views30d: Number(views30d[0]?.total ?? 0),
    },
    jobs: rows,
    recentApplications: recentRows.map((row) => ({
      ...row,
      candidateName: row.candidateName ?? '—',
      createdAt: iso(row.createdAt),
    })),
  }
}
