import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type DbHandle } from '../db/client.server'
import { createApp } from '../server/app.server'
import { buildDeps } from '../server/build-deps.server'
import { startJobs } from '../server/jobs.server'
import { createPostgresFromTemplate, openPgliteFromTemplate, urlFor } from './template-database'
import type { AppDeps } from '../platform/app-env.server'
import { loadEnv, type Env } from '../platform/env.server'
import type { JobDefinition } from '../platform/jobs.server'
import type { MailMessage, Mailer } from '../platform/mailer.server'

/** A mailer that keeps what it sent, for tests that read the reset or confirmation link. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = []
  return {
    sent,
    async send(message) {
      sent.push(message)
    },
  }
}

/**
 * A fresh, migrated and seeded database for one test file: PGlite in memory, or — when
 * TEST_DATABASE_URL is set (the api:postgres project) — a throwaway database on that server.
 */
export async function createTestDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const handle = await openPgliteFromTemplate()
    return { handle, drop: () => handle.close() }
  }
  const name = `jc_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  await createPostgresFromTemplate(serverUrl, name)
  const handle = await openDatabase({ databaseUrl: urlFor(serverUrl, name) })
  return {
    handle,
    drop: async () => {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

export interface TestApp {
  app: ReturnType<typeof createApp>
  handle: DbHandle
  env: Env
  mailer: ReturnType<typeof createMemoryMailer>
  close: () => Promise<void>
}

export interface TestAppOptions {
  /**
   * Start the background-job runner (off by default: most tests don't need pg-boss's start-up). `true`
   * registers the product's jobs (src/server/jobs.server.ts); a list registers those definitions instead.
   * Polls every 0.5 s and retries at once, so a test waits well under a second for a job.
   */
  jobs?: true | readonly JobDefinition[]
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp & { deps: AppDeps }> {
  const { handle, drop } = await createTestDatabase()
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `jc-test-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...envOverrides,
  })
  const mailer = createMemoryMailer()
  const deps = buildDeps(env, handle, 'test-secret-test-secret-test-secret-0123', mailer)
  if (options.jobs) {
    const definitions = options.jobs === true ? undefined : options.jobs
    await startJobs(deps, { definitions, pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 })
  }
  const app = createApp(deps)
  const close = async () => {
    await deps.jobs.stop()
    await drop()
  }
  return { app, handle, env, mailer, deps, close }
}
