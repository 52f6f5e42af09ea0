import { and, eq, sql } from 'drizzle-orm'
import { consumeRateLimit } from '../../platform/rate-limit.server'
import type { Database } from '../../db/client.server'
import { notFound } from '../../platform/http-error.server'
import type { JobNivel } from './jobs.constants'
import type { JobCard, SavedJob } from './jobs.schema'
import { JOB_MESSAGES } from './jobs.schema'
import { type Executor, findJob } from './jobs.service.server'
import { CARD_COLUMNS, CARD_JOINS, OPEN_JOB, isoText, toCard, type CardRow } from './jobs.sql.server'
import { savedJobs } from './jobs.table.server'

/** 'Salvar vaga': only an open job can be saved; saving twice is harmless. */
export async function saveJob(db: Executor, userId: string, jobId: string) {
  const job = await findJob(db, jobId)
  if (!job?.open) throw notFound(JOB_MESSAGES.notFound)
  await db.insert(savedJobs).values({ userId, jobId }).onConflictDoNothing()
}

export async function unsaveJob(db: Executor, userId: string, jobId: string) {
  await db.delete(savedJobs).where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobId, jobId)))
}

/** The user's saved jobs, newest saved first; a job closed since then stays listed, marked closed. */
export async function listSavedJobs(db: Executor, userId: string, limit = 50): Promise<SavedJob[]> {
  const { rows } = await db.execute<CardRow & { open: boolean; saved_at: string }>(sql`
    select ${CARD_COLUMNS}, ${OPEN_JOB} as open, ${isoText('s.created_at')} as saved_at
    from saved_jobs s join jobs j on j.id = s.job_id ${CARD_JOINS}
    where s.user_id = ${userId}
    order by s.created_at desc
    limit ${limit}`)
  return rows.map((row) => ({ ...toCard(row), open: row.open, savedAt: row.saved_at }))
}

/**
 * Open jobs for a student's panel: their state and level first, then the newest. Reads at most the 200
 * newest open jobs of the state (index jobs_open_estado_created_idx) plus the newest overall, so it stays
 * cheap at 100 k jobs.
 */
export async function recommendedJobs(
  db: Executor,
  { estadoId, nivel, limit = 5 }: { estadoId: number | null; nivel: JobNivel | null; limit?: number },
): Promise<JobCard[]> {
  const { rows } = await db.execute<CardRow>(sql`
    with candidates as (
      (select j.id from jobs j where ${OPEN_JOB} and j.estado_id = ${estadoId}
        order by j.created_at desc nulls last, j.id desc nulls last limit 200)
      union
      (select j.id from jobs j where ${OPEN_JOB}
        order by j.created_at desc nulls last, j.id desc nulls last limit 50)
    )
    select ${CARD_COLUMNS} from candidates k join jobs j on j.id = k.id ${CARD_JOINS}
    order by (j.estado_id is not distinct from ${estadoId}) desc, (j.nivel = ${nivel}) desc nulls last,
      j.created_at desc, j.id desc
    limit ${limit}`)
  return rows.map(toCard)
}

/**
 * Counts a view of the job page: at most one per viewer (user, else address) per job per hour, through
 * the shared rate-limit table, so reloading the page does not inflate the count. Stored in PostgreSQL:
 * the job's total and the day's counter (São Paulo day).
 */
export async function recordJobView(
  db: Database,
  jobId: string,
  viewer: { userId: string | null; address: string },
): Promise<boolean> {
  const job = await findJob(db, jobId)
  if (!job?.open) throw notFound(JOB_MESSAGES.notFound)
  // The entity looking at its own job is not a view.
  if (viewer.userId === job.entity_user_id) return false
  const viewerKey = viewer.userId ?? `ip:${viewer.address}`
  const decision = await consumeRateLimit(db, `job-view:${jobId}:${viewerKey}`, {
    windowSeconds: 3600,
    max: 1,
  })
  if (!decision.allowed) return false
  await db.transaction(async (tx) => {
    await tx.execute(sql`update jobs set views = views + 1 where id = ${jobId}`)
    await tx.execute(sql`
      insert into job_views_daily (job_id, dia, views)
      values (${jobId}, (now() at time zone 'America/Sao_Paulo')::date, 1)
      on conflict (job_id, dia) do update set views = job_views_daily.views + 1`)
  })
  return true
}
