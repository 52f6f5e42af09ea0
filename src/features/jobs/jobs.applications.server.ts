import { and, eq, sql } from 'drizzle-orm'
import { ApiError, notFound } from '../../platform/http-error.server'
import { createNotification } from '../notifications/notifications.public.server'
import { jobPath } from './jobs.paths'
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from './jobs.constants'
import type { CandidateApplication, EntityApplication } from './jobs.schema'
import { JOB_MESSAGES } from './jobs.schema'
import { type Executor, findJob, networkRole, ownJob } from './jobs.service.server'
import { isoText } from './jobs.sql.server'
import { jobApplications } from './jobs.table.server'

export interface StoredCv {
  storageKey: string
  nome: string
  size: number
  sha256: string
}

/** Who may apply to this job (before a byte of the CV is read): an estudante or advogado, once, to an open job. */
export async function checkCanApply(db: Executor, userId: string, jobId: string): Promise<void> {
  const job = await findJob(db, jobId)
  if (!job || !job.open) throw notFound(JOB_MESSAGES.notFound)
  const role = await networkRole(db, userId)
  if (role?.userType !== 'estudante' && role?.userType !== 'advogado')
    throw new ApiError(403, 'forbidden', JOB_MESSAGES.onlyCandidates)
  const [existing] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.candidateUserId, userId)))
  if (existing) throw new ApiError(409, 'conflict', JOB_MESSAGES.alreadyApplied)
}

/** Records the application; the unique (job, candidate) settles two concurrent tries (409). */
export async function insertApplication(
  db: Executor,
  userId: string,
  jobId: string,
  cv: StoredCv,
): Promise<string> {
  const [row] = await db
    .insert(jobApplications)
    .values({
      jobId,
      candidateUserId: userId,
      cvStorageKey: cv.storageKey,
      cvNome: cv.nome,
      cvTamanho: cv.size,
      cvSha256: cv.sha256,
    })
    .onConflictDoNothing()
    .returning({ id: jobApplications.id })
  if (!row) throw new ApiError(409, 'conflict', JOB_MESSAGES.alreadyApplied)
  // The entity hears of it (no personal data in the text: the name is on its dashboard).
  const job = await findJob(db, jobId)
  if (job)
    await createNotification(db, {
      userId: job.entity_user_id,
      title: 'Nova candidatura',
      message: `Nova candidatura para "${job.titulo.slice(0, 120)}".`,
      type: 'info',
      link: '/dashboard',
    })
  return row.id
}

/** The candidate writes (or rewrites) the cover letter of their own application. */
export async function updateLetter(db: Executor, userId: string, applicationId: string, carta: string) {
  const rows = await db
    .update(jobApplications)
    .set({ carta: carta || null, updatedAt: sql`now()` as never })
    .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.candidateUserId, userId)))
    .returning({ id: jobApplications.id })
  if (rows.length === 0) throw notFound(JOB_MESSAGES.applicationNotFound)
}

type EntityApplicationRow = {
  id: string
  job_id: string
  job_titulo: string
  nome: string | null
  user_type: string | null
  carta: string | null
  cv_nome: string
  cv_tamanho: number
  status: ApplicationStatus
  created_at: string
  updated_at: string
}

function toEntityApplication(row: EntityApplicationRow): EntityApplication {
  return {
    id: row.id,
    jobId: row.job_id,
    jobTitulo: row.job_titulo,
    candidate: { nome: row.nome ?? 'Candidato', userType: row.user_type ?? '' },
    carta: row.carta,
    cvNome: row.cv_nome,
    cvTamanho: Number(row.cv_tamanho),
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

const ENTITY_APPLICATION_COLUMNS = sql.raw(`a.id, a.job_id, j.titulo as job_titulo, p.nome_completo as nome,
  p.user_type, a.carta, a.cv_nome, a.cv_tamanho, a.status,
  to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  to_char(a.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at`)

/** The applications of one job, for its entity only (403 for anyone else). */
export async function listApplicationsOfJob(
  db: Executor,
  userId: string,
  jobId: string,
): Promise<EntityApplication[]> {
  await ownJob(db, userId, jobId)
  const { rows } = await db.execute<EntityApplicationRow>(sql`
    select ${ENTITY_APPLICATION_COLUMNS}
    from job_applications a join jobs j on j.id = a.job_id left join profiles p on p.user_id = a.candidate_user_id
    where a.job_id = ${jobId}
    order by a.created_at desc, a.id desc
    limit 500`)
  return rows.map(toEntityApplication)
}

/** The newest applications to any of the entity's jobs (the entity panel). */
export async function listRecentApplicationsForEntity(
  db: Executor,
  entityUserId: string,
  limit = 5,
): Promise<EntityApplication[]> {
  const { rows } = await db.execute<EntityApplicationRow>(sql`
    select ${ENTITY_APPLICATION_COLUMNS}
    from jobs j join lateral (
      select * from job_applications a where a.job_id = j.id order by a.created_at desc, a.id desc limit ${limit}
    ) a on true
    left join profiles p on p.user_id = a.candidate_user_id
    where j.entity_user_id = ${entityUserId}
    order by a.created_at desc, a.id desc
    limit ${limit}`)
  return rows.map(toEntityApplication)
}

/** The entity moves an application; the candidate is told (notification with a link to the job). */
export async function changeApplicationStatus(
  db: Executor,
  userId: string,
  applicationId: string,
  status: ApplicationStatus,
): Promise<EntityApplication> {
  const [application] = await db
    .select({
      jobId: jobApplications.jobId,
      candidate: jobApplications.candidateUserId,
      status: jobApplications.status,
    })
    .from(jobApplications)
    .where(eq(jobApplications.id, applicationId))
  if (!application) throw notFound(JOB_MESSAGES.applicationNotFound)
  await ownJob(db, userId, application.jobId)
  if (application.status !== status) {
    await db
      .update(jobApplications)
      .set({ status, updatedAt: sql`now()` as never })
      .where(eq(jobApplications.id, applicationId))
    const job = await findJob(db, application.jobId)
    await createNotification(db, {
      userId: application.candidate,
      title: 'Candidatura atualizada',
      message: `Sua candidatura para "${(job?.titulo ?? 'vaga').slice(0, 120)}" agora está: ${APPLICATION_STATUS_LABELS[status]}.`,
      type: status === 'recusada' ? 'warning' : status === 'aprovada' ? 'success' : 'info',
      link: jobPath(application.jobId),
    })
  }
  const { rows } = await db.execute<EntityApplicationRow>(sql`
    select ${ENTITY_APPLICATION_COLUMNS}
    from job_applications a join jobs j on j.id = a.job_id left join profiles p on p.user_id = a.candidate_user_id
    where a.id = ${applicationId}`)
  return toEntityApplication(rows[0]!)
}

/** 'Minhas candidaturas': the candidate's applications, newest first. */
export async function listApplicationsOfCandidate(
  db: Executor,
  userId: string,
  limit = 50,
): Promise<CandidateApplication[]> {
  const { rows } = await db.execute<{
    id: string
    status: ApplicationStatus
    carta: string | null
    cv_nome: string
    created_at: string
    updated_at: string
    job_id: string
    titulo: string
    empresa: string
    open: boolean
  }>(sql`
    select a.id, a.status, a.carta, a.cv_nome, ${isoText('a.created_at')} as created_at,
      ${isoText('a.updated_at')} as updated_at, j.id as job_id, j.titulo, j.empresa,
      (j.status = 'aberta' and (j.encerra_em is null or j.encerra_em >= (now() at time zone 'America/Sao_Paulo')::date)) as open
    from job_applications a join jobs j on j.id = a.job_id
    where a.candidate_user_id = ${userId}
    order by a.created_at desc
    limit ${limit}`)
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    carta: row.carta,
    cvNome: row.cv_nome,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    job: { id: row.job_id, titulo: row.titulo, empresa: row.empresa, open: row.open },
  }))
}

/** The stored CV, for the candidate themself or the job's entity; anyone else gets a 404. */
export async function findCvForViewer(db: Executor, userId: string, applicationId: string) {
  const { rows } = await db.execute<{ key: string; nome: string; size: number; sha256: string }>(sql`
    select a.cv_storage_key as key, a.cv_nome as nome, a.cv_tamanho as size, a.cv_sha256 as sha256
    from job_applications a join jobs j on j.id = a.job_id
    where a.id = ${applicationId} and (a.candidate_user_id = ${userId} or j.entity_user_id = ${userId})`)
  const row = rows[0]
  if (!row) throw notFound(JOB_MESSAGES.applicationNotFound)
  return { ...row, size: Number(row.size) }
}
