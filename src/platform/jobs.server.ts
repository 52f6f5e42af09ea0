import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { PgBoss, fromPglite, type ConstructorOptions, type QueueOptions } from 'pg-boss'
import type { DbHandle } from '../db/client.server'
import type { AppDeps } from './app-env.server'
import { log, summarizeError } from './log.server'

/**
 * Background jobs on pg-boss (docs/decisions/012). Features declare their jobs as data (`JobDefinition`) and
 * export them from their `*.public.server.ts`; `src/server/jobs.server.ts` lists them all and starts the runner
 * once the migrations ran. The queue lives in PostgreSQL (schema `pgboss`), so any node may send a job and
 * exactly one node runs it; on PGlite the runner works over the app's own embedded instance.
 */

/** Schedules are written in Brazilian wall-clock time: '0 3 * * *' is 03:00 in São Paulo. */
export const JOBS_TIME_ZONE = 'America/Sao_Paulo'
export const JOBS_SCHEMA = 'pgboss'

export interface JobDefinition<T = unknown> {
  /** The queue name, `<feature>.<verb>` (DESIGN §8), e.g. 'documents.purge'. */
  name: string
  /** A cron expression in America/Sao_Paulo, for a recurring job (one run cluster-wide per occurrence). */
  schedule?: string
  /** Attempts after the first when the handler throws (default 3, delayed with exponential back-off). */
  retryLimit?: number
  /** How long one run may take before it is considered lost and retried (default 15 minutes). */
  expireInSeconds?: number
  /**
   * pg-boss queue policy, fixed when the queue is first created. 'standard' (default) keeps every job sent;
   * 'short' keeps one WAITING job per singletonKey; 'exclusive' one waiting-or-running job per key.
   */
  policy?: 'standard' | 'short' | 'exclusive'
  /**
   * Runs one job. Must be idempotent: a node that dies mid-job, or a retry, runs it again.
   * (Method syntax on purpose: a list of definitions with different data types is then one array type.)
   */
  handler(context: { deps: AppDeps; data: T }): Promise<void>
}

export interface SendJobOptions {
  /** Not before this instant (a reminder at the event's time). */
  startAfter?: Date
  /**
   * On a 'short' or 'exclusive' queue (JobDefinition.policy), sending a job whose key is already waiting
   * (or, for 'exclusive', running) is a no-op that returns null. A 'standard' queue only records the key.
   */
  singletonKey?: string
}

export interface RunnerOptions {
  /** How often each queue asks for work; pg-boss's floor is 0.5 (tests), production waits 5 s at most. */
  pollingIntervalSeconds?: number
  /** First retry delay; doubles per attempt (0 = retry at once, for tests). */
  retryDelaySeconds?: number
}

export interface StartJobsOptions extends RunnerOptions {
  definitions: readonly JobDefinition[]
  deps: AppDeps
}

/** What a request (`c.get('deps').jobs`) and the server shell use. */
export interface JobRunner {
  readonly started: boolean
  /** Queues a job for a registered definition; returns its id (null when a singleton is already queued). */
  send(name: string, data: object | null, options?: SendJobOptions): Promise<string | null>
  /** Cancels a job that has not run yet (a reminder whose event moved). Unknown or finished ids are ignored. */
  cancel(name: string, id: string): Promise<void>
  /** Creates the queues, (re)writes the schedules and starts the workers; called once at server start. */
  start(options: StartJobsOptions): Promise<void>
  /** Stops taking work, lets running handlers finish (bounded), and leaves the database open. */
  stop(): Promise<void>
}

export class JobsNotStartedError extends Error {
  constructor() {
    super('the job runner is not started (tests: createTestApp({}, { jobs: … }))')
  }
}

export class UnknownJobError extends Error {
  constructor(readonly jobName: string) {
    super(`no JobDefinition named ${jobName}`)
  }
}

/**
 * What pg-boss records for a failed attempt. It would store the thrown error's message, which for a failed
 * query embeds SQL parameters (personal data): we store the same summary the log gets, names and codes only.
 */
export class JobFailedError extends Error {
  constructor(readonly summary: ReturnType<typeof summarizeError>) {
    super(summary.code ? `${summary.name} (${summary.code})` : summary.name)
    this.name = 'JobFailedError'
  }
}

/**
 * pg-boss's 'error' listener. Without a listener the event would throw and crash the process; pg-boss
 * retries by itself. Some failures arrive as plain copies of the error (`{ ...error, message, stack,
 * queue }`), which the logger would have written field by field, raw message and stack included (a
 * failed query's message carries its parameters: issue 24, seen during a database outage). Such a copy
 * becomes an error again, so the line holds class, code and code locations only, like every other.
 */
export function logPgBossError(emitted: unknown): void {
  const copy = typeof emitted === 'object' && emitted !== null ? (emitted as Record<string, unknown>) : {}
  const queue = typeof copy.queue === 'string' ? copy.queue : undefined
  let error = emitted
  if (!(emitted instanceof Error)) {
    const rebuilt = new Error()
    const name = typeof copy.name === 'string' && copy.name !== 'error' ? copy.name : 'PgBossError'
    Object.defineProperty(rebuilt, 'name', { value: name })
    if (typeof copy.code === 'string') Object.defineProperty(rebuilt, 'code', { value: copy.code })
    // summarizeError keeps only the `at …` lines of a stack: the message on its first line is dropped.
    rebuilt.stack = typeof copy.stack === 'string' ? copy.stack : ''
    error = rebuilt
  }
  log.error('jobs: erro no pg-boss', { error, ...(queue ? { queue } : {}) })
}

const PRODUCTION_POLLING_SECONDS = 5
const PRODUCTION_RETRY_DELAY_SECONDS = 30
const DEFAULT_RETRY_LIMIT = 3
/** A graceful stop waits this long for running handlers (the shell force-exits after 10 s). */
const STOP_TIMEOUT_MS = 5_000
/** pg-boss's own pool on PostgreSQL: polling and the cron pass need few connections. */
const POSTGRES_POOL_MAX = 3

/** pg-boss's connection: its own small pool on PostgreSQL, the app's single PGlite instance otherwise. */
function databaseOptions(handle: DbHandle): ConstructorOptions {
  // drizzle keeps the driver client it was built on (`$client`), absent from the shared `Database` type.
  const client = (handle.db as unknown as { $client: unknown }).$client
  if (handle.kind === 'pglite') {
    // Every PGlite query and exec waits for the instance's transaction lock, so pg-boss statements
    // interleave with the app's transactions without ever landing inside one.
    return { db: fromPglite(client as PGlite), backend: 'pglite' }
  }
  const { connectionString } = (client as pg.Pool).options
  if (!connectionString) throw new Error('the PostgreSQL pool has no connection string for pg-boss')
  return { connectionString, max: POSTGRES_POOL_MAX, application_name: 'jusconecta-jobs' }
}

export function createJobRunner(handle: DbHandle): JobRunner {
  let boss: PgBoss | undefined
  let names = new Set<string>()

  const running = (): PgBoss => {
    if (!boss) throw new JobsNotStartedError()
    return boss
  }

  return {
    get started() {
      return boss !== undefined
    },

    async send(name, data, options = {}) {
      const instance = running()
      if (!names.has(name)) throw new UnknownJobError(name)
      return instance.send(name, data, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      })
    },

    async cancel(name, id) {
      await running().cancel(name, id)
    },

    async start({ definitions, deps, ...options }) {
      if (boss) throw new Error('the job runner is already started')
      const polling = options.pollingIntervalSeconds ?? PRODUCTION_POLLING_SECONDS
      const retryDelay = options.retryDelaySeconds ?? PRODUCTION_RETRY_DELAY_SECONDS
      const instance = new PgBoss({ ...databaseOptions(handle), schema: JOBS_SCHEMA })
      // Without a listener an 'error' event would throw and crash the process; pg-boss retries by itself.
      instance.on('error', logPgBossError)
      instance.on('warning', (warning) => log.info('jobs: aviso do pg-boss', { warning: warning.message }))
      await instance.start()
      try {
        for (const definition of definitions) {
          const queue: QueueOptions = {
            retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
            retryDelay: retryDelay,
            retryBackoff: retryDelay > 0,
            expireInSeconds: definition.expireInSeconds ?? 15 * 60,
          }
          // createQueue leaves an existing queue as it was; updateQueue brings its options up to date
          // (all but the policy, which pg-boss fixes at creation).
          await instance.createQueue(definition.name, { ...queue, policy: definition.policy ?? 'standard' })
          await instance.updateQueue(definition.name, queue)
        }
        await syncSchedules(instance, definitions)
        for (const definition of definitions) {
          await instance.work(definition.name, { pollingIntervalSeconds: polling }, async ([job]) => {
            if (!job) return
            try {
              await definition.handler({ deps, data: job.data })
            } catch (error) {
              // Name, id and error class/code only: job data may carry personal data (LGPD). The id finds the
              // job's row (pgboss.job) and its stored summary; the process goes on with the next job.
              log.error('jobs: tarefa falhou', {
                job: definition.name,
                jobId: job.id,
                attempt: job.retryCount,
                error,
              })
              throw new JobFailedError(summarizeError(error))
            }
          })
        }
      } catch (error) {
        await instance.stop({ graceful: false }).catch(() => {})
        throw error
      }
      names = new Set(definitions.map((definition) => definition.name))
      boss = instance
      log.info('jobs: executor iniciado', { queues: definitions.length })
    },

    async stop() {
      const instance = boss
      if (!instance) return
      boss = undefined
      // close: true ends pg-boss's own pool on PostgreSQL; a PGlite adapter is never closed by pg-boss.
      await instance.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true })
    },
  }
}

/**
 * Makes the stored schedules match the definitions: one per scheduled definition, in São Paulo time, and
 * none left for a job that lost its schedule. pg-boss keeps them in `pgboss.schedule`, shared by every node.
 */
async function syncSchedules(instance: PgBoss, definitions: readonly JobDefinition[]) {
  const wanted = new Map(
    definitions.flatMap((definition) =>
      definition.schedule ? [[definition.name, definition.schedule] as const] : [],
    ),
  )
  for (const stored of await instance.getSchedules()) {
    if (!wanted.has(stored.name)) await instance.unschedule(stored.name, stored.key || undefined)
  }
  for (const [name, cron] of wanted) await instance.schedule(name, cron, null, { tz: JOBS_TIME_ZONE })
}
