import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import type { JobDefinition } from '../../platform/jobs.server'
import { users } from '../auth/auth.table.server'
import { officeBackups } from '../backups/backups.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { jobDefinitions } from '../../server/jobs.server'
import { backupJobs } from '../backups/backups.public.server'
import { MONITOR_JOB, pruneExpired, RETENTION_JOB } from './platform-logs.jobs.server'
import { runMonitor, type DiskStats } from './platform-logs.monitor.server'
import { platformAlerts, platformEvents } from './platform-logs.table.server'

const failing: JobDefinition = {
  name: 'platform-logs-test.fail',
  retryLimit: 0,
  handler: async () => {
    throw new Error('falha simulada')
  },
}

let t: Awaited<ReturnType<typeof createTestApp>>
let officeId: string
let cookie: string
/** A healthy disk unless a test says otherwise: 50 % free. */
let disk: DiskStats = { bavail: 500, blocks: 1000, bsize: 4096 }
const monitor = () => runMonitor(t.deps, { statfs: async () => disk })

async function openAlert(check: string) {
  const rows = await t.handle.db
    .select()
    .from(platformAlerts)
    .where(sql`${platformAlerts.check} = ${check} and ${platformAlerts.status} = 'aberto'`)
  return rows[0]
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { jobs: [failing, ...backupJobs] })
  const data = lawyerSignUp()
  cookie = (await signUp(t, data)).cookie
  const [member] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(eq(users.email, data.email))
  officeId = member!.officeId
})
afterAll(() => t.close())

describe('system alerts (issue 14): fire on a simulated condition, resolve when it passes', () => {
  it('starts with no alert on a healthy system', async () => {
    await monitor()
    expect(await t.handle.db.select().from(platformAlerts)).toEqual([])
  })

  it('disk: fires under 10 % free on DATA_DIR’s volume, once, and resolves when space returns', async () => {
    disk = { bavail: 50, blocks: 1000, bsize: 4096 }
    await monitor()
    await monitor()
    const open = await openAlert('disco')
    expect(open).toMatchObject({ severity: 'erro', details: { freePercent: 5 } })
    expect(await t.handle.db.select().from(platformAlerts)).toHaveLength(1)
    disk = { bavail: 500, blocks: 1000, bsize: 4096 }
    await monitor()
    expect(await openAlert('disco')).toBeUndefined()
    const [resolved] = await t.handle.db.select().from(platformAlerts)
    expect(resolved).toMatchObject({ status: 'resolvido' })
    expect(resolved?.resolvedAt).toBeInstanceOf(Date)
  })

  it('server errors: 10 in the last hour fire, older ones do not count', async () => {
    const insertErrors = (count: number, ago: string) =>
      t.handle.db.execute(sql`insert into ${platformEvents} (kind, severity, at)
        select 'erro_servidor', 'erro', now() - ${ago}::interval from generate_series(1, ${count})`)
    await insertErrors(9, '10 minutes')
    await insertErrors(5, '2 hours')
    await monitor()
    expect(await openAlert('taxa_erros')).toBeUndefined()
    await insertErrors(1, '1 minute')
    await monitor()
    expect((await openAlert('taxa_erros'))?.details).toEqual({ count: 10, threshold: 10 })
    await t.handle.db.execute(sql`update ${platformEvents} set at = now() - interval '61 minutes'
      where kind = 'erro_servidor'`)
    await monitor()
    expect(await openAlert('taxa_erros')).toBeUndefined()
  })

  it('a failed office backup in the last 24 hours fires; one from yesterday does not', async () => {
    const [row] = await t.handle.db
      .insert(officeBackups)
      .values({
        officeId,
        nome: 'Backup teste',
        tipo: 'automatic',
        status: 'error',
        scope: ['clientes'],
        finishedAt: new Date(),
      })
      .returning({ id: officeBackups.id })
    await monitor()
    expect((await openAlert('backup_falhou'))?.details).toEqual({ count: 1 })
    await t.handle.db
      .update(officeBackups)
      .set({ finishedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(officeBackups.id, row!.id))
    await monitor()
    expect(await openAlert('backup_falhou')).toBeUndefined()
  })

  it('a pg-boss job that failed in the last 24 hours fires', async () => {
    const id = await t.deps.jobs.send(failing.name, {})
    await waitFor(async () => {
      const { rows } = await t.handle.db.execute<{ state: string }>(
        sql`select state from pgboss.job where id = ${id}`,
      )
      return rows[0]?.state === 'failed'
    })
    await monitor()
    expect((await openAlert('jobs_falhos'))?.details).toEqual({ count: 1 })
    await t.handle.db.execute(
      sql`update pgboss.job set completed_on = now() - interval '25 hours' where id = ${id}`,
    )
    await monitor()
    expect(await openAlert('jobs_falhos')).toBeUndefined()
  })

  it('database growth: fires when the size jumped past the thresholds since the previous check', async () => {
    await monitor()
    // Pretend the previous check saw a tiny database: today's size is a jump.
    await t.handle.db.execute(sql`update platform_metrics set value = 1 where name = 'db_size'`)
    await runMonitor(t.deps, { statfs: async () => disk, thresholds: { dbGrowthMinBytes: 1024 } })
    expect((await openAlert('crescimento_banco'))?.details.previousBytes).toBe(1)
    await monitor()
    expect(await openAlert('crescimento_banco')).toBeUndefined()
  })
})

describe('retention', () => {
  it('prunes events older than the retention and keeps the rest', async () => {
    await t.handle.db.execute(sql`insert into ${platformEvents} (kind, at) values
      ('login', now() - interval '181 days'), ('login', now() - interval '179 days')`)
    const before = await t.handle.db.select({ at: platformEvents.at }).from(platformEvents)
    expect(await pruneExpired(t.handle.db)).toBe(1)
    expect(await t.handle.db.select().from(platformEvents)).toHaveLength(before.length - 1)
  })
})

describe('schedules', () => {
  it('registers the 5-minute monitor and the daily retention with the product’s jobs', () => {
    expect(jobDefinitions.find((job) => job.name === MONITOR_JOB)?.schedule).toBe('*/5 * * * *')
    expect(jobDefinitions.find((job) => job.name === RETENTION_JOB)?.schedule).toBe('40 3 * * *')
  })
})

describe('backup events', () => {
  it('a completed office backup is a platform event (ids and type only)', async () => {
    const created = await t.app.request('/api/backups', jsonRequest('POST', { parts: ['clientes'] }, cookie))
    expect(created.status).toBe(201)
    const { backup } = (await created.json()) as { backup: { id: string } }
    await waitFor(async () => {
      const rows = await t.handle.db.select().from(platformEvents).where(eq(platformEvents.kind, 'backup'))
      return rows.some((row) => row.details.backupId === backup.id)
    })
    const [event] = await t.handle.db
      .select()
      .from(platformEvents)
      .where(sql`${platformEvents.details}->>'backupId' = ${backup.id}`)
    expect(event).toMatchObject({ kind: 'backup', severity: 'info', ip: null })
    expect(event?.details).toEqual({ backupId: backup.id, officeId, tipo: 'manual' })
  })
})
