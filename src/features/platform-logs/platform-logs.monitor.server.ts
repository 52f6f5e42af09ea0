import { statfs as fsStatfs } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { log } from '../../platform/log.server'
import type { AlertCheck, EventSeverity } from './platform-logs.schema'
import { platformAlerts, platformEvents, platformMetrics } from './platform-logs.table.server'

/**
 * The system alerts of /admin/logs (issue 14), computed from real measurements by the monitor job every
 * 5 minutes (platform-logs.jobs.server.ts). Each check either fires (an open alert is created, or its
 * last_seen_at and values refreshed) or passes (the open alert, if any, is resolved and kept as history).
 */
export const ALERT_THRESHOLDS = {
  /** Free space on DATA_DIR's volume below this share of its size. */
  diskFreeRatio: 0.1,
  /** Database grew by more than this share AND more than dbGrowthMinBytes since the previous check. */
  dbGrowthRatio: 0.2,
  dbGrowthMinBytes: 256 * 1024 * 1024,
  /** pg-boss jobs in state 'failed' over the last 24 hours. */
  failedJobs: 1,
  /** Office backups that ended in 'error' over the last 24 hours. */
  failedBackups: 1,
  /**
   * Server errors (500s, 'erro_servidor' events) in the last hour. Requests are not counted anywhere
   * (counting them would cost a write per request), so this is an absolute count, not a ratio.
   */
  serverErrorsPerHour: 10,
}
export type AlertThresholds = typeof ALERT_THRESHOLDS

export interface DiskStats {
  bavail: number
  blocks: number
  bsize: number
}

export interface MonitorOptions {
  /** Injected in tests to simulate a full disk. */
  statfs?: (dir: string) => Promise<DiskStats>
  thresholds?: Partial<AlertThresholds>
}

interface CheckOutcome {
  check: AlertCheck
  firing: boolean
  severity: EventSeverity
  details: Record<string, number>
}

const DB_SIZE_METRIC = 'db_size'
export const MONITOR_RUN_METRIC = 'monitor_run'

async function diskCheck(dataDir: string, statfs: MonitorOptions['statfs'], t: AlertThresholds) {
  const read = statfs ?? ((dir: string) => fsStatfs(dir).then((s) => s as DiskStats))
  // DATA_DIR may not exist yet (a fresh install): its nearest existing parent is on the same volume.
  let dir = dataDir
  for (;;) {
    try {
      const stats = await read(dir)
      const total = Number(stats.blocks) * Number(stats.bsize)
      const free = Number(stats.bavail) * Number(stats.bsize)
      const freePercent = total > 0 ? Math.round((free / total) * 1000) / 10 : 100
      return {
        check: 'disco',
        firing: total > 0 && free / total < t.diskFreeRatio,
        severity: 'erro',
        details: { freePercent, freeBytes: free, totalBytes: total },
      } satisfies CheckOutcome
    } catch (error) {
      const parent = path.dirname(dir)
      if (parent === dir || (error as { code?: string }).code !== 'ENOENT') throw error
      dir = parent
    }
  }
}

async function dbGrowthCheck(db: Database, t: AlertThresholds): Promise<CheckOutcome> {
  const sizeResult = await db.execute<{ size: string | number }>(
    sql`select pg_database_size(current_database()) as size`,
  )
  const size = Number(sizeResult.rows[0]?.size ?? 0)
  const [previous] = await db
    .select({ value: platformMetrics.value })
    .from(platformMetrics)
    .where(eq(platformMetrics.name, DB_SIZE_METRIC))
  await db
    .insert(platformMetrics)
    .values({ name: DB_SIZE_METRIC, value: size })
    .onConflictDoUpdate({ target: platformMetrics.name, set: { value: size, measuredAt: sql`now()` } })
  const before = previous?.value ?? size
  const growth = size - before
  return {
    check: 'crescimento_banco',
    firing: before > 0 && growth > t.dbGrowthMinBytes && growth / before > t.dbGrowthRatio,
    severity: 'aviso',
    details: { sizeBytes: size, previousBytes: before, growthBytes: growth },
  }
}

async function failedJobsCheck(db: Database, t: AlertThresholds): Promise<CheckOutcome> {
  // pg-boss creates its schema when the runner starts; before that there is nothing to count.
  const exists = await db.execute<{ ok: boolean }>(sql`select to_regclass('pgboss.job') is not null as ok`)
  let count = 0
  if (exists.rows[0]?.ok) {
    const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from pgboss.job
      where state = 'failed' and completed_on >= now() - interval '24 hours'`)
    count = Number(result.rows[0]?.count ?? 0)
  }
  return { check: 'jobs_falhos', firing: count >= t.failedJobs, severity: 'aviso', details: { count } }
}

/**
 * A check whose measure lives in a feature above this one (failed office backups): the feature gives the count,
 * registered by the shell (src/server/feature-hooks.server.ts); the threshold and the alert stay here.
 */
export interface CountedCheck {
  check: AlertCheck
  severity: EventSeverity
  threshold: 'failedBackups'
  count: (db: Database) => Promise<number>
}

const countedChecks = new Map<AlertCheck, CountedCheck>()

export function registerCountedCheck(check: CountedCheck): void {
  countedChecks.set(check.check, check)
}

async function countedCheck(db: Database, counted: CountedCheck, t: AlertThresholds): Promise<CheckOutcome> {
  const count = await counted.count(db)
  return {
    check: counted.check,
    firing: count >= t[counted.threshold],
    severity: counted.severity,
    details: { count },
  }
}

async function errorRateCheck(db: Database, t: AlertThresholds): Promise<CheckOutcome> {
  // Served by platform_events_kind_at_idx; capped so a storm of errors costs no more than the threshold.
  const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from (
    select 1 from ${platformEvents} where ${platformEvents.kind} = 'erro_servidor'
      and ${platformEvents.at} >= now() - interval '1 hour' limit 10000) as recent`)
  const count = Number(result.rows[0]?.count ?? 0)
  return {
    check: 'taxa_erros',
    firing: count >= t.serverErrorsPerHour,
    severity: 'erro',
    details: { count, threshold: t.serverErrorsPerHour },
  }
}

/** Opens (or refreshes) the check's alert when it fires; resolves its open alert when it passes. */
async function applyOutcome(db: Database, outcome: CheckOutcome): Promise<void> {
  if (outcome.firing) {
    await db
      .insert(platformAlerts)
      .values({ check: outcome.check, severity: outcome.severity, details: outcome.details })
      .onConflictDoUpdate({
        target: platformAlerts.check,
        targetWhere: sql`${platformAlerts.status} = 'aberto'`,
        set: { details: outcome.details, lastSeenAt: sql`now()` },
      })
    return
  }
  await db
    .update(platformAlerts)
    .set({ status: 'resolvido', resolvedAt: sql`now()` })
    .where(and(eq(platformAlerts.check, outcome.check), eq(platformAlerts.status, 'aberto')))
}

/** Runs every check once and stores the outcome. A check that throws is skipped, the others still run. */
export async function runMonitor(
  deps: { db: Database; env: { dataDir: string } },
  options: MonitorOptions = {},
): Promise<CheckOutcome[]> {
  const t = { ...ALERT_THRESHOLDS, ...options.thresholds }
  const { db } = deps
  const checks: Array<() => Promise<CheckOutcome>> = [
    () => diskCheck(deps.env.dataDir, options.statfs, t),
    () => dbGrowthCheck(db, t),
    () => failedJobsCheck(db, t),
    ...[...countedChecks.values()].map((counted) => () => countedCheck(db, counted, t)),
    () => errorRateCheck(db, t),
  ]
  const outcomes: CheckOutcome[] = []
  for (const run of checks) {
    const outcome = await run().catch((error: unknown) => {
      log.error('monitor check failed', { error })
      return null
    })
    if (!outcome) continue
    await applyOutcome(db, outcome)
    outcomes.push(outcome)
  }
  await db
    .insert(platformMetrics)
    .values({ name: MONITOR_RUN_METRIC, value: outcomes.length })
    .onConflictDoUpdate({
      target: platformMetrics.name,
      set: { value: outcomes.length, measuredAt: sql`now()` },
    })
  return outcomes
}
