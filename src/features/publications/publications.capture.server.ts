import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { addDaysISO, todayISO, toISODate } from '../../lib/br/dates'
import type { AppDeps } from '../../platform/app-env.server'
import { log } from '../../platform/log.server'
import { cases } from '../cases/cases.table.server'
import { getPlatformSettings } from '../platform-settings/platform-settings.public.server'
import { createDjenClient, DjenError, type DjenQuery } from './publications.djen.server'
import { mailNewItems, notifyNewItems } from './publications.notify.server'
import { syncProfileOabs } from './publications.oabs.server'
import { PUBLICATIONS_MESSAGES, type CaptureRun, type CaptureStatus } from './publications.schema'
import { storePage, type OabTarget } from './publications.store.server'
import { publicationCaptureRuns, publicationOabs } from './publications.table.server'
import type { Executor } from './publications.visibility.server'

/** A first capture reaches this many days back; later ones start one day before the last window's end. */
export const FIRST_WINDOW_DAYS = 30
/** A failed run is tried again this much later (the retry job, and 'falhou — nova tentativa às hh:mm'). */
export const RETRY_AFTER_MS = 30 * 60_000
/** A 'running' run whose heartbeat is older than this lost its node: the next attempt closes it. */
const STALE_AFTER = '15 minutes'

type RunRow = typeof publicationCaptureRuns.$inferSelect

export function toCaptureRun(row: RunRow): CaptureRun {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    done: row.done,
    total: row.total,
    received: row.received,
    created: row.created,
    updated: row.updated,
    error: row.error,
  }
}

/** Thrown when the office already has a run in progress ('Buscar agora' answers 409). */
export class CaptureRunningError extends Error {
  constructor() {
    super('capture already running')
    this.name = 'CaptureRunningError'
  }
}

/**
 * Opens a run for the office, or throws CaptureRunningError while one runs. The partial unique index
 * (one 'running' row per office) decides, on any node; a run whose node died (stale heartbeat) is closed
 * as failed first so it never blocks the office for good.
 */
export async function openCaptureRun(
  db: Executor,
  officeId: string,
  trigger: 'agendada' | 'manual',
  requestedBy: string | null,
): Promise<RunRow> {
  await db
    .update(publicationCaptureRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error: 'a busca foi interrompida' })
    .where(
      and(
        eq(publicationCaptureRuns.officeId, officeId),
        eq(publicationCaptureRuns.status, 'running'),
        sql`${publicationCaptureRuns.heartbeatAt} < now() - ${STALE_AFTER}::interval`,
      ),
    )
  const [row] = await db
    .insert(publicationCaptureRuns)
    .values({ officeId, trigger, requestedBy })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new CaptureRunningError()
  return row
}

/** Closes a run still 'running' that could not start (no job runner) or broke unexpectedly. */
export async function markRunFailed(
  db: Executor,
  runId: string,
  error: string,
  nextRetryAt: Date | null = null,
): Promise<RunRow> {
  const [row] = await db
    .update(publicationCaptureRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error, nextRetryAt })
    .where(and(eq(publicationCaptureRuns.id, runId), eq(publicationCaptureRuns.status, 'running')))
    .returning()
  if (!row) throw new Error('capture run vanished')
  return row
}

/** GET /api/publications/capture. */
export async function captureStatus(db: AppDeps['db'], officeId: string): Promise<CaptureStatus> {
  const settings = await getPlatformSettings(db)
  const runs = await db
    .select()
    .from(publicationCaptureRuns)
    .where(eq(publicationCaptureRuns.officeId, officeId))
    .orderBy(desc(publicationCaptureRuns.startedAt))
    .limit(10)
  const running = runs.find((r) => r.status === 'running') ?? null
  const last = runs.find((r) => r.status !== 'running') ?? null
  const success = runs.find((r) => r.status === 'finished') ?? null
  return {
    enabled: settings.publicationsCapture,
    running: running ? toCaptureRun(running) : null,
    last: last ? toCaptureRun(last) : null,
    lastSuccessAt: success?.finishedAt?.toISOString() ?? null,
    nextRetryAt: last?.status === 'failed' ? (last.nextRetryAt?.toISOString() ?? null) : null,
  }
}

/** Where case-number queries start: one day before the last successful run's day, or 30 days back. */
async function caseWindowStart(db: AppDeps['db'], officeId: string, today: string): Promise<string> {
  const [row] = await db
    .select({ startedAt: publicationCaptureRuns.startedAt })
    .from(publicationCaptureRuns)
    .where(and(eq(publicationCaptureRuns.officeId, officeId), eq(publicationCaptureRuns.status, 'finished')))
    .orderBy(desc(publicationCaptureRuns.startedAt))
    .limit(1)
  return row ? addDaysISO(toISODate(row.startedAt), -1) : addDaysISO(today, -FIRST_WINDOW_DAYS)
}

interface Target {
  query: DjenQuery
  oab: OabTarget | null
}

export interface RunOutcome {
  status: 'finished' | 'failed'
  /** When the office's run failed: the retry's instant. */
  retryAt: Date | null
}

/**
 * Runs an opened capture: every monitored OAB over its own window (its last complete window's end minus one
 * day, or the last 30 days, to today) and every case number of the office. A query that fails leaves its
 * OAB's window where it was (so the next run covers the gap) and the run ends 'failed' with a retry time;
 * the other queries still run. Never throws for the DJEN's failures.
 */
export async function runCapture(
  deps: AppDeps,
  runId: string,
  now: () => Date = () => new Date(),
): Promise<RunOutcome> {
  const { db, env } = deps
  const [run] = await db.select().from(publicationCaptureRuns).where(eq(publicationCaptureRuns.id, runId))
  if (!run || run.status !== 'running') return { status: 'finished', retryAt: null }
  const officeId = run.officeId
  const fail = async (error: string): Promise<RunOutcome> => {
    const retryAt = new Date(now().getTime() + RETRY_AFTER_MS)
    await db
      .update(publicationCaptureRuns)
      .set({ status: 'failed', finishedAt: sql`now()`, error, nextRetryAt: retryAt })
      .where(eq(publicationCaptureRuns.id, runId))
    return { status: 'failed', retryAt }
  }
  if (!(await getPlatformSettings(db)).publicationsCapture) {
    await db
      .update(publicationCaptureRuns)
      .set({ status: 'failed', finishedAt: sql`now()`, error: PUBLICATIONS_MESSAGES.captureDisabled })
      .where(eq(publicationCaptureRuns.id, runId))
    return { status: 'failed', retryAt: null }
  }
  const today = todayISO({ now: now() })
  await syncProfileOabs(db, officeId)
  // Items received before their case was registered: matched now, by CNJ number.
  await db.execute(sql`
    update publications p set case_id = c.id, updated_at = now()
      from cases c
     where c.office_id = ${officeId} and c.deleted_at is null and c.numero_processo is not null
       and p.office_id = ${officeId} and p.case_id is null and p.numero_processo = c.numero_processo`)
  const oabRows = await db.select().from(publicationOabs).where(eq(publicationOabs.officeId, officeId))
  const oabs: OabTarget[] = oabRows.map((o) => ({
    id: o.id,
    numero: o.numero,
    uf: o.uf,
    ownerUserId: o.ownerUserId,
  }))
  const caseRows = await db
    .selectDistinct({ numero: cases.numeroProcesso })
    .from(cases)
    .where(and(eq(cases.officeId, officeId), isNotNull(cases.numeroProcesso), isNull(cases.deletedAt)))
  const caseFrom = await caseWindowStart(db, officeId, today)
  const targets: Target[] = [
    ...oabRows.map((o, i) => ({
      oab: oabs[i] ?? null,
      query: {
        numeroOab: o.numero,
        ufOab: o.uf,
        from: o.lastWindowEnd ? addDaysISO(o.lastWindowEnd, -1) : addDaysISO(today, -FIRST_WINDOW_DAYS),
        to: today,
      },
    })),
    ...caseRows.flatMap((c) =>
      c.numero ? [{ oab: null, query: { numeroProcesso: c.numero, from: caseFrom, to: today } }] : [],
    ),
  ]
  await db
    .update(publicationCaptureRuns)
    .set({ total: targets.length, heartbeatAt: sql`now()` })
    .where(eq(publicationCaptureRuns.id, runId))

  const client = createDjenClient({
    baseUrl: env.DJEN_API_URL,
    minIntervalMs: env.DJEN_MIN_INTERVAL_MS,
    timeoutMs: env.PUBLICATIONS_HTTP_TIMEOUT_MS,
    retryBaseMs: env.DJEN_RETRY_BASE_MS,
  })
  const tally = new Map<string, number>()
  const errors: string[] = []
  let done = 0
  for (const target of targets) {
    // The switch may go off mid-run: stop calling out at once.
    if (!(await getPlatformSettings(db)).publicationsCapture) {
      errors.push(PUBLICATIONS_MESSAGES.captureDisabled)
      break
    }
    try {
      for await (const page of client.pages(target.query)) {
        const stored = await storePage(db, officeId, page.items, oabs, target.oab)
        await notifyNewItems(db, officeId, stored.created, oabs, tally)
        await db
          .update(publicationCaptureRuns)
          .set({
            received: sql`${publicationCaptureRuns.received} + ${page.items.length}`,
            created: sql`${publicationCaptureRuns.created} + ${stored.created.length}`,
            updated: sql`${publicationCaptureRuns.updated} + ${stored.updated}`,
            heartbeatAt: sql`now()`,
          })
          .where(eq(publicationCaptureRuns.id, runId))
      }
      if (target.oab) {
        await db
          .update(publicationOabs)
          .set({
            lastWindowEnd: target.query.to,
            lastSuccessAt: sql`now()`,
            lastRunAt: sql`now()`,
            lastError: null,
            nextRetryAt: null,
          })
          .where(eq(publicationOabs.id, target.oab.id))
      }
    } catch (error) {
      const reason = error instanceof DjenError ? error.message : 'erro inesperado na busca'
      if (!(error instanceof DjenError)) log.error('publications: falha na captura', { error })
      errors.push(reason)
      if (target.oab) {
        await db
          .update(publicationOabs)
          .set({
            lastRunAt: sql`now()`,
            lastError: reason,
            nextRetryAt: new Date(now().getTime() + RETRY_AFTER_MS),
          })
          .where(eq(publicationOabs.id, target.oab.id))
      }
    }
    done++
    await db
      .update(publicationCaptureRuns)
      .set({ done, heartbeatAt: sql`now()` })
      .where(eq(publicationCaptureRuns.id, runId))
  }
  await mailNewItems(deps, tally)
  if (errors.length > 0) {
    const first = errors[0] ?? ''
    return fail(
      errors.length === 1
        ? first
        : `${first} (e mais ${errors.length - 1} falha${errors.length > 2 ? 's' : ''})`,
    )
  }
  await db
    .update(publicationCaptureRuns)
    .set({ status: 'finished', finishedAt: sql`now()`, nextRetryAt: null })
    .where(eq(publicationCaptureRuns.id, runId))
  return { status: 'finished', retryAt: null }
}
