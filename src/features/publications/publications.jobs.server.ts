import { and, eq, gte, sql } from 'drizzle-orm'
import { todayISO } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import type { AppDeps } from '../../platform/app-env.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { createNotification } from '../notifications/notifications.public.server'
import { officeMembers } from '../offices/offices.table.server'
import { getPlatformSettings } from '../platform-settings/platform-settings.public.server'
import { userSettings } from '../settings/settings.table.server'
import {
  CaptureRunningError,
  markRunFailed,
  openCaptureRun,
  RETRY_AFTER_MS,
  runCapture,
} from './publications.capture.server'
import { publicationCaptureRuns, publications } from './publications.table.server'
import { visibleTo } from './publications.visibility.server'

export const CAPTURE_JOB = 'publications.capture'
export const SCHEDULE_JOB = 'publications.schedule'
export const DIGEST_JOB = 'publications.digest'
/** 06:00 and 22:00 São Paulo (issue 27); pg-boss runs each occurrence once per cluster. */
export const CAPTURE_SCHEDULE = '0 6,22 * * *'

/** A capture job: an opened run, or (a retry) an office whose run is opened when the job starts. */
export type CaptureJobData = { runId: string } | { officeId: string; retry: true }

/** Runs one capture; a failed one schedules its own retry (the run shows 'falhou — nova tentativa às hh:mm'). */
export async function handleCaptureJob(deps: AppDeps, data: CaptureJobData): Promise<void> {
  let runId: string
  if ('runId' in data) runId = data.runId
  else {
    try {
      runId = (await openCaptureRun(deps.db, data.officeId, 'agendada', null)).id
    } catch (error) {
      if (error instanceof CaptureRunningError) return
      throw error
    }
  }
  let outcome: Awaited<ReturnType<typeof runCapture>>
  try {
    outcome = await runCapture(deps, runId)
  } catch (error) {
    // An unexpected failure (the database, a bug) must not leave the office's run 'running' until it goes
    // stale: it is closed as failed and retried like any other failure.
    log.error('publications: captura interrompida', { error })
    await markRunFailed(
      deps.db,
      runId,
      'erro inesperado na busca',
      new Date(Date.now() + RETRY_AFTER_MS),
    ).catch(() => undefined)
    outcome = { status: 'failed', retryAt: new Date(Date.now() + RETRY_AFTER_MS) }
  }
  if (outcome.status === 'failed' && outcome.retryAt) {
    const [run] = await deps.db
      .select({ officeId: publicationCaptureRuns.officeId })
      .from(publicationCaptureRuns)
      .where(eq(publicationCaptureRuns.id, runId))
    if (run) {
      await deps.jobs.send(
        CAPTURE_JOB,
        { officeId: run.officeId, retry: true },
        { startAfter: outcome.retryAt, singletonKey: `retry:${run.officeId}` },
      )
    }
  }
}

/**
 * The 06:00/22:00 pass: one run per office that has something to look for (a monitored OAB, a member with
 * an OAB, or a case with a CNJ number). Each office's capture is its own job, so one slow office does not
 * hold the others and a failure retries alone.
 */
export async function scheduleCaptures(deps: AppDeps): Promise<number> {
  if (!(await getPlatformSettings(deps.db)).publicationsCapture) return 0
  const offices = await deps.db.execute<{ id: string }>(sql`
    select o.id from offices o
     where exists (select 1 from publication_oabs p where p.office_id = o.id)
        or exists (select 1 from office_members m join profiles pr on pr.user_id = m.user_id
                    where m.office_id = o.id and m.ativo and coalesce(pr.oab_numero, '') <> '')
        or exists (select 1 from cases c where c.office_id = o.id and c.numero_processo is not null and c.deleted_at is null)
       -- Once per occurrence even if two nodes fired it: an office captured on schedule within the hour is skipped.
       except
    select r.office_id from publication_capture_runs r
     where r.trigger = 'agendada' and r.started_at > now() - interval '1 hour'`)
  let sent = 0
  for (const { id } of offices.rows) {
    try {
      const run = await openCaptureRun(deps.db, id, 'agendada', null)
      await deps.jobs.send(CAPTURE_JOB, { runId: run.id })
      sent++
    } catch (error) {
      if (!(error instanceof CaptureRunningError)) log.error('publications: agendamento falhou', { error })
    }
  }
  return sent
}

/**
 * The 07:00 digest's publications part: each active member hears how many items they see arrived in the last
 * day and are still 'Não tratada' (one notification a day, sourceKey per office and day). Runs beside the
 * agenda's digest at the same hour, as its own job: the agenda knows nothing of this feature.
 */
export async function runPublicationsDigest(
  deps: Pick<AppDeps, 'db'>,
  today: string = todayISO(),
): Promise<number> {
  const offices = await deps.db.execute<{ office_id: string }>(sql`
    select distinct office_id from publications
     where status = 'nao_tratada' and created_at >= now() - interval '1 day'`)
  let sent = 0
  for (const { office_id: officeId } of offices.rows) {
    const members = await deps.db
      .select({
        memberId: officeMembers.id,
        userId: officeMembers.userId,
        nivelAcesso: officeMembers.nivelAcesso,
        notifyDeadlines: userSettings.notifyDeadlines,
      })
      .from(officeMembers)
      .leftJoin(userSettings, eq(userSettings.userId, officeMembers.userId))
      .where(and(eq(officeMembers.officeId, officeId), eq(officeMembers.ativo, true)))
    for (const member of members) {
      if (member.userId === null || member.notifyDeadlines === false) continue
      const visible = visibleTo({
        officeId,
        userId: member.userId,
        memberId: member.memberId,
        nivelAcesso: member.nivelAcesso,
      })
      const [row] = await deps.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(publications)
        .where(
          and(
            eq(publications.officeId, officeId),
            eq(publications.status, 'nao_tratada'),
            gte(publications.createdAt, sql`now() - interval '1 day'`),
            ...(visible ? [visible] : []),
          ),
        )
      const n = row?.n ?? 0
      if (n === 0) continue
      const created = await createNotification(deps.db, {
        userId: member.userId,
        officeId,
        type: 'warning',
        title: n === 1 ? '1 publicação não tratada' : `${n} publicações não tratadas`,
        message: `Chegaram nas últimas 24 horas e aguardam tratamento em Publicações e Intimações.`,
        link: paths.dashboard.publications,
        sourceKey: `publications.digest:${officeId}:${today}`,
      })
      if (created) sent++
    }
  }
  return sent
}

export const publicationsJobs: JobDefinition[] = [
  {
    name: CAPTURE_JOB,
    // A capture of 200 pages at 0.5 s each plus a few Retry-After waits: well under an hour.
    expireInSeconds: 3600,
    retryLimit: 1,
    handler: ({ deps, data }) => handleCaptureJob(deps, data as CaptureJobData),
  },
  {
    name: SCHEDULE_JOB,
    schedule: CAPTURE_SCHEDULE,
    handler: async ({ deps }) => {
      await scheduleCaptures(deps)
    },
  },
  {
    name: DIGEST_JOB,
    schedule: '0 7 * * *',
    handler: async ({ deps }) => {
      await runPublicationsDigest(deps)
    },
  },
]
