import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../auth/auth.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { createJobRunner, JOBS_TIME_ZONE, type JobRunner } from '../../platform/jobs.server'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AppDeps } from '../../platform/app-env.server'
import { OAB_PAGED, PAGED_COUNT } from './publications.fixtures'
import {
  CAPTURE_SCHEDULE,
  publicationsJobs,
  scheduleCaptures,
  SCHEDULE_JOB,
} from './publications.jobs.server'
import { startReplayServer, type ReplayServer } from './publications.replay'
import type { CaptureRun, CaptureStatus } from './publications.schema'
import { publicationCaptureRuns, publications } from './publications.table.server'

// The capture as jobs: 'Buscar agora' runs in the background, one at a time per office (409 meanwhile, accepted
// again once finished); and with two nodes on one database the 06:00/22:00 schedule captures once.

let replay: ReplayServer
let t: TestApp & { deps: AppDeps }
let second: JobRunner
let cookie = ''
let officeId = ''

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const status = async () =>
  (await (
    await t.app.request('/api/publications/capture', jsonRequest('GET', undefined, cookie))
  ).json()) as CaptureStatus

beforeAll(async () => {
  replay = await startReplayServer()
  t = await createTestApp(
    {
      DJEN_API_URL: replay.url,
      DATAJUD_API_URL: replay.url,
      // Slow enough that a second 'Buscar agora' arrives while the first runs.
      DJEN_MIN_INTERVAL_MS: '300',
      DJEN_RETRY_BASE_MS: '1',
    },
    { jobs: publicationsJobs },
  )
  const ana = await signUp(
    t,
    lawyerSignUp({ nomeCompleto: 'Ana', oabNumero: OAB_PAGED.numero, oabEstado: 'SP' }),
  )
  cookie = ana.cookie
  const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, ana.email))
  const [member] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, user?.id ?? ''))
  officeId = member?.officeId ?? ''
}, 120_000)
afterAll(async () => {
  await second?.stop()
  await t?.close()
  await replay?.close()
})

describe('publications jobs', () => {
  it("'Buscar agora': one capture at a time per office, accepted again as soon as it finished", async () => {
    const first = await t.app.request('/api/publications/capture', jsonRequest('POST', {}, cookie))
    expect(first.status).toBe(201)
    const run = (await first.json()) as CaptureRun
    expect(run.status).toBe('running')
    const again = await t.app.request('/api/publications/capture', jsonRequest('POST', {}, cookie))
    expect(again.status).toBe(409)
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/em andamento/)
    // Progress is readable while it runs, then the last run is finished.
    const running = await status()
    expect(running.running?.id).toBe(run.id)
    const finished = await waitFor(status, (s) => s.running === null)
    expect(finished.last).toMatchObject({
      id: run.id,
      status: 'finished',
      created: PAGED_COUNT,
      done: 1,
      total: 1,
    })
    const next = await t.app.request('/api/publications/capture', jsonRequest('POST', {}, cookie))
    expect(next.status).toBe(201)
    await waitFor(status, (s) => s.running === null)
  }, 60_000)

  it('two nodes: one schedule row, and the occurrence captures each office once', async () => {
    second = createJobRunner(t.handle)
    await second.start({
      definitions: publicationsJobs,
      deps: t.deps,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 0,
    })
    const { rows } = await t.handle.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule where name = ${SCHEDULE_JOB}`,
    )
    expect(rows).toEqual([{ name: SCHEDULE_JOB, cron: CAPTURE_SCHEDULE, timezone: JOBS_TIME_ZONE }])

    replay.reset()
    const before = await t.handle.db.select({ id: publicationCaptureRuns.id }).from(publicationCaptureRuns)
    // Both nodes fire the same occurrence (as if each one's timer ran it), at once and once more after.
    const nodeB: AppDeps = { ...t.deps, jobs: second }
    const sent = await Promise.all([scheduleCaptures(t.deps), scheduleCaptures(nodeB)])
    expect(sent[0] + sent[1]).toBe(1)
    await waitFor(status, (s) => s.running === null && s.last?.trigger === 'agendada')
    expect(await scheduleCaptures(nodeB)).toBe(0)
    const after = await t.handle.db.select({ id: publicationCaptureRuns.id }).from(publicationCaptureRuns)
    expect(after.length - before.length).toBe(1)
    // The DJEN was asked once, over the window from the last capture's end minus one day (one page now).
    const asked = replay.requests.filter((r) => r.query.numeroOab === OAB_PAGED.numero)
    expect(asked.map((r) => r.query.pagina)).toEqual(['1'])
    const window = asked[0]?.query ?? {}
    expect((window.dataDisponibilizacaoInicio ?? '') < (window.dataDisponibilizacaoFim ?? '')).toBe(true)
    const stored = await t.handle.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(publications)
      .where(eq(publications.officeId, officeId))
    expect(stored[0]?.n).toBe(PAGED_COUNT)
  }, 90_000)
})
