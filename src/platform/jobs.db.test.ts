import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app'
import type { AppDeps } from './app-env.server'
import {
  createJobRunner,
  JOBS_TIME_ZONE,
  JobsNotStartedError,
  UnknownJobError,
  type JobDefinition,
  type JobRunner,
} from './jobs.server'
import { log } from './log.server'

// The pg-boss runner on this database (PGlite in memory, or a throwaway PostgreSQL database).

interface Run {
  data: { key: string }
  at: number
  deps: AppDeps
}
const runs: Run[] = []
const attempts = new Map<string, number>()
const ranFor = (key: string) => runs.filter((run) => run.data.key === key)

const definitions: JobDefinition[] = [
  {
    name: 'test.record',
    async handler({ deps, data }) {
      runs.push({ data: data as Run['data'], at: Date.now(), deps })
    },
  },
  {
    // Fails its first attempt, then succeeds: a transient error.
    name: 'test.flaky',
    async handler({ data }) {
      const { key } = data as Run['data']
      const attempt = (attempts.get(key) ?? 0) + 1
      attempts.set(key, attempt)
      if (attempt === 1) throw new Error('transient')
    },
  },
  {
    // Always fails; the message carries personal data that must reach neither the log nor pg-boss's record.
    name: 'test.broken',
    retryLimit: 1,
    async handler({ data }) {
      const { key } = data as Run['data']
      attempts.set(key, (attempts.get(key) ?? 0) + 1)
      throw Object.assign(new Error('falhou para maria@example.com, CPF 123.456.789-09'), { code: '23505' })
    },
  },
  { name: 'test.unique', policy: 'short', async handler() {} },
  { name: 'test.nightly', schedule: '0 3 * * *', async handler() {} },
]

let t: TestApp & { deps: AppDeps }
const extraRunners: JobRunner[] = []
beforeAll(async () => {
  t = await createTestApp({}, { jobs: definitions })
})
afterAll(async () => {
  for (const runner of extraRunners) await runner.stop()
  await t.close()
})

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function jobRow(id: string) {
  const { rows } = await t.handle.db.execute<{ state: string; retry_count: number; output: unknown }>(
    sql`select state, retry_count, output from pgboss.job where id = ${id}`,
  )
  return rows[0]
}

describe('job runner', () => {
  it('runs a sent job with its data and the app dependencies', async () => {
    const id = await t.deps.jobs.send('test.record', { key: 'now' })
    expect(id).toEqual(expect.any(String))
    await waitFor(() => ranFor('now').length > 0)
    expect(ranFor('now')).toHaveLength(1)
    expect(ranFor('now')[0]?.data).toEqual({ key: 'now' })
    expect(ranFor('now')[0]?.deps.db).toBe(t.deps.db)
    await waitFor(async () => (await jobRow(id!))?.state === 'completed')
  })

  it('does not run a job before its startAfter', async () => {
    const startAfter = new Date(Date.now() + 1_200)
    await t.deps.jobs.send('test.record', { key: 'later' }, { startAfter })
    await t.deps.jobs.send('test.record', { key: 'meanwhile' })
    await waitFor(() => ranFor('meanwhile').length > 0)
    expect(ranFor('later')).toHaveLength(0)
    await waitFor(() => ranFor('later').length > 0)
    expect(ranFor('later')[0]!.at).toBeGreaterThanOrEqual(startAfter.getTime())
  })

  it('cancels a job scheduled for later', async () => {
    const id = await t.deps.jobs.send(
      'test.record',
      { key: 'cancelled' },
      { startAfter: new Date(Date.now() + 700) },
    )
    await t.deps.jobs.cancel('test.record', id!)
    expect((await jobRow(id!))?.state).toBe('cancelled')
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(ranFor('cancelled')).toHaveLength(0)
  })

  it('keeps one job per singleton key while it waits', async () => {
    const later = new Date(Date.now() + 60_000)
    const send = (singletonKey: string) =>
      t.deps.jobs.send('test.unique', { key: 'single' }, { startAfter: later, singletonKey })
    const first = await send('event-1')
    expect(first).toEqual(expect.any(String))
    expect(await send('event-1')).toBeNull()
    expect(await send('event-2')).toEqual(expect.any(String))
    // Once cancelled, the key is free again (a reminder moved to a new time).
    await t.deps.jobs.cancel('test.unique', first!)
    expect(await send('event-1')).toEqual(expect.any(String))
  })

  it('retries a failing handler', async () => {
    const id = await t.deps.jobs.send('test.flaky', { key: 'flaky' })
    await waitFor(async () => (await jobRow(id!))?.state === 'completed')
    expect(attempts.get('flaky')).toBe(2)
  })

  it('records a job that keeps failing, logging only names and codes, and keeps running others', async () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => {})
    try {
      const id = await t.deps.jobs.send('test.broken', { key: 'payload-7f3a' })
      await waitFor(async () => (await jobRow(id!))?.state === 'failed')
      expect(attempts.get('payload-7f3a')).toBe(2) // the first attempt + retryLimit 1

      const stored = JSON.stringify((await jobRow(id!))?.output)
      expect(stored).toContain('23505')
      expect(stored).not.toMatch(/maria|123\.456/)

      const calls = errors.mock.calls.filter(([, data]) => data?.job === 'test.broken')
      expect(calls.length).toBeGreaterThanOrEqual(2)
      const logged = JSON.stringify(calls)
      expect(logged).toContain('23505')
      expect(logged).not.toMatch(/maria|123\.456|payload-7f3a/) // neither the message nor the job's data
    } finally {
      errors.mockRestore()
    }
    await t.deps.jobs.send('test.record', { key: 'after-failure' })
    await waitFor(() => ranFor('after-failure').length > 0)
  })

  it('registers schedules in São Paulo time', async () => {
    const { rows } = await t.handle.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule order by name`,
    )
    expect(rows).toEqual([{ name: 'test.nightly', cron: '0 3 * * *', timezone: JOBS_TIME_ZONE }])
  })

  it('runs each job once when two nodes share the database', async () => {
    const second = createJobRunner(t.handle)
    extraRunners.push(second)
    await second.start({ definitions, deps: t.deps, pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 })
    const keys = Array.from({ length: 12 }, (_, index) => `pair-${index}`)
    for (const key of keys) await t.deps.jobs.send('test.record', { key })
    await waitFor(() => keys.every((key) => ranFor(key).length > 0))
    await new Promise((resolve) => setTimeout(resolve, 700))
    for (const key of keys) expect(ranFor(key)).toHaveLength(1)
    // Starting again rewrote the same schedule rather than adding one.
    const { rows } = await t.handle.db.execute(sql`select 1 from pgboss.schedule`)
    expect(rows).toHaveLength(1)
  })

  it('refuses an unknown job name and a runner that is not started', async () => {
    await expect(t.deps.jobs.send('test.nope', {})).rejects.toBeInstanceOf(UnknownJobError)
    await expect(createJobRunner(t.handle).send('test.record', {})).rejects.toBeInstanceOf(
      JobsNotStartedError,
    )
  })
})
