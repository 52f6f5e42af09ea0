import fs from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { officeOf } from '../documents/documents.fixtures'
import { officeSettings } from '../office-settings/office-settings.public.server'
import { BACKUP_SCHEDULE_JOB, runBackupSchedule } from './backups.jobs.server'
import { nextScheduledRun } from './backups.service.server'
import { officeBackups } from './backups.table.server'

let t: TestApp & { deps: Parameters<typeof runBackupSchedule>[0] }
let officeId: string
let cookie: string

/** A Sunday and a Monday at 02:00 in São Paulo (05:00 UTC). */
const SUNDAY = new Date('2026-11-29T05:00:00Z')
const MONDAY = new Date('2026-11-30T05:00:00Z')

async function rows() {
  return t.handle.db.select().from(officeBackups).where(eq(officeBackups.officeId, officeId))
}

async function settle() {
  const deadline = Date.now() + 30_000
  while ((await rows()).some((row) => row.status === 'in_progress')) {
    if (Date.now() > deadline) throw new Error('backup job did not finish')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function setBackupSettings(values: Partial<typeof officeSettings.$inferInsert>) {
  await t.handle.db
    .insert(officeSettings)
    .values({ officeId, ...values })
    .onConflictDoUpdate({ target: officeSettings.officeId, set: values })
}

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true })
  const account = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  cookie = account.cookie
  officeId = await officeOf(t, account.email)
}, 120_000)
afterAll(() => t.close())
beforeEach(async () => {
  await t.handle.db.delete(officeBackups)
})

describe('the 02:00 schedule', () => {
  it('is registered with pg-boss in São Paulo time', async () => {
    const { rows: schedules } = await t.handle.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule where name = ${BACKUP_SCHEDULE_JOB}`,
    )
    expect(schedules).toEqual([
      { name: BACKUP_SCHEDULE_JOB, cron: '0 2 * * *', timezone: 'America/Sao_Paulo' },
    ])
    void cookie
  })

  it('backs up an office with automatic backup on, once per day, and none when it is off', async () => {
    await setBackupSettings({ backupAutomatico: true, backupFrequencia: 'diario' })
    await runBackupSchedule(t.deps, MONDAY)
    await settle()
    const [first] = await rows()
    expect(first).toMatchObject({ tipo: 'automatic', status: 'success', createdBy: null })
    expect(first?.scope).toEqual(['clientes', 'casos', 'documentos', 'configuracoes'])
    await runBackupSchedule(t.deps, MONDAY)
    await settle()
    expect(await rows()).toHaveLength(1)

    await t.handle.db.delete(officeBackups)
    await setBackupSettings({ backupAutomatico: false })
    await runBackupSchedule(t.deps, MONDAY)
    expect(await rows()).toHaveLength(0)
  })

  it('weekly: only on Sundays', async () => {
    await setBackupSettings({ backupAutomatico: true, backupFrequencia: 'semanal' })
    await runBackupSchedule(t.deps, MONDAY)
    expect(await rows()).toHaveLength(0)
    await runBackupSchedule(t.deps, SUNDAY)
    await settle()
    expect(await rows()).toHaveLength(1)
  })

  it("retention removes backups older than the office's days, rows and files; keeps the rest", async () => {
    await setBackupSettings({ backupAutomatico: false, backupRetencaoDias: 30 })
    const key = 'AAAAAAAAAAAAAAAAAAAAAAAA.zip'
    const file = path.join(t.env.dataDir, 'files', 'backups', key)
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(file, 'zip')
    const base = {
      officeId,
      tipo: 'manual' as const,
      scope: ['clientes' as const],
      status: 'success' as const,
    }
    await t.handle.db.insert(officeBackups).values([
      { ...base, nome: 'Velho', storageKey: key },
      { ...base, nome: 'Recente' },
    ])
    // Age the rows in SQL: 31 and 29 days before the run.
    await t.handle.db.execute(
      sql`update office_backups set created_at = ${MONDAY.toISOString()}::timestamptz - interval '31 days' where nome = 'Velho'`,
    )
    await t.handle.db.execute(
      sql`update office_backups set created_at = ${MONDAY.toISOString()}::timestamptz - interval '29 days' where nome = 'Recente'`,
    )
    await runBackupSchedule(t.deps, MONDAY)
    expect((await rows()).map((row) => row.nome)).toEqual(['Recente'])
    await expect(fs.stat(file)).rejects.toThrow()
  })

  it('marks a run left in progress for hours (its node died) as failed', async () => {
    await setBackupSettings({ backupAutomatico: false })
    await t.handle.db.insert(officeBackups).values({
      officeId,
      nome: 'Interrompido',
      tipo: 'automatic',
      scope: ['clientes'],
      createdAt: new Date(MONDAY.getTime() - 7 * 60 * 60 * 1000),
    })
    await runBackupSchedule(t.deps, MONDAY)
    const [row] = await rows()
    expect(row).toMatchObject({ status: 'error', error: 'O backup foi interrompido antes de terminar.' })
  })
})

describe('next scheduled run', () => {
  it('is the next 02:00 in São Paulo; Sunday for weekly; none when off', () => {
    const now = new Date('2026-11-25T12:00:00Z') // a Wednesday, 09:00 in São Paulo
    expect(nextScheduledRun({ automatico: true, frequencia: 'diario' }, now)?.toISOString()).toBe(
      '2026-11-26T05:00:00.000Z',
    )
    expect(nextScheduledRun({ automatico: true, frequencia: 'semanal' }, now)?.toISOString()).toBe(
      '2026-11-29T05:00:00.000Z',
    )
    expect(nextScheduledRun({ automatico: false, frequencia: 'diario' }, now)).toBeNull()
  })
})
