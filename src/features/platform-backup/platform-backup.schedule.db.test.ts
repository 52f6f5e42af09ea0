import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AppDeps } from '../../platform/app-env.server'
import { getStorage, newStorageKey } from '../../platform/storage.server'
import { PLATFORM_BACKUP_CREATE_JOB, runScheduleCheck } from './platform-backup.jobs.server'
import { dueSlot } from './platform-backup.schedule.server'
import { applyRetention, getState } from './platform-backup.service.server'
import { platformBackups, platformBackupState } from './platform-backup.table.server'

let t: TestApp & { deps: AppDeps }
const sent: string[] = []

beforeAll(async () => {
  // The create job is replaced by a recorder: this file tests which slots start, not the archive.
  t = await createTestApp(
    {},
    {
      jobs: [
        {
          name: PLATFORM_BACKUP_CREATE_JOB,
          handler: async ({ data }) => {
            sent.push((data as { backupId: string }).backupId)
          },
        },
      ],
    },
  )
}, 60_000)
afterAll(() => t.close())

// 2026-11-25 is a Wednesday; 2026-11-29 a Sunday. São Paulo is UTC−3.
const WED_0203 = new Date('2026-11-25T05:03:00Z')
const SUN_0105 = new Date('2026-11-29T04:05:00Z')

describe('dueSlot (São Paulo wall time)', () => {
  const daily = { tipo: 'diario' as const, hora: '02:00', diaSemana: null, ativo: true }
  const weekly = { tipo: 'semanal' as const, hora: '01:00', diaSemana: 0, ativo: true }
  it('daily 02:00 is due from 02:00 for two hours, keyed by its day', () => {
    expect(dueSlot(daily, WED_0203)).toBe('diario:2026-11-25T02:00')
    expect(dueSlot(daily, new Date('2026-11-25T04:59:00Z'))).toBeNull()
    expect(dueSlot(daily, new Date('2026-11-25T07:30:00Z'))).toBeNull()
    expect(dueSlot({ ...daily, ativo: false }, WED_0203)).toBeNull()
  })
  it('weekly is due on its weekday only', () => {
    expect(dueSlot(weekly, SUN_0105)).toBe('semanal:2026-11-29T01:00')
    expect(dueSlot(weekly, new Date('2026-11-25T04:05:00Z'))).toBeNull()
    expect(dueSlot(daily, SUN_0105)).toBeNull()
    // 23:30 Saturday schedule, checked at 00:10 Sunday: yesterday's slot.
    expect(dueSlot({ ...weekly, hora: '23:30', diaSemana: 6 }, new Date('2026-11-29T03:10:00Z'))).toBe(
      'semanal:2026-11-28T23:30',
    )
  })
})

describe('schedule check', () => {
  it('starts a due slot once, however many checks (nodes) run it', async () => {
    const results = await Promise.all([
      runScheduleCheck(t.deps, WED_0203),
      runScheduleCheck(t.deps, WED_0203),
      runScheduleCheck(t.deps, new Date(WED_0203.getTime() + 5 * 60_000)),
    ])
    expect(results.flat()).toHaveLength(1)
    const rows = await t.handle.db
      .select()
      .from(platformBackups)
      .where(eq(platformBackups.slotKey, 'diario:2026-11-25T02:00'))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.tipo).toBe('diario')
    await expect.poll(() => sent.includes(rows[0]!.id), { timeout: 20_000 }).toBe(true)

    const sunday = await runScheduleCheck(t.deps, SUN_0105)
    expect(sunday).toHaveLength(1)
    expect((await runScheduleCheck(t.deps, SUN_0105)).length).toBe(0)
  }, 60_000)

  it('a restore whose node died stops holding the platform in maintenance after 6 hours', async () => {
    await getState(t.handle.db)
    const startedAt = new Date('2026-12-01T00:00:00Z')
    await t.handle.db
      .update(platformBackupState)
      .set({ restoringBackupId: '00000000-0000-4000-8000-000000000001', restoreStartedAt: startedAt })
    await runScheduleCheck(t.deps, new Date('2026-12-01T05:00:00Z'))
    expect((await getState(t.handle.db)).restoringBackupId).not.toBeNull()
    await runScheduleCheck(t.deps, new Date('2026-12-01T06:30:00Z'))
    const state = await getState(t.handle.db)
    expect(state.restoringBackupId).toBeNull()
    expect(state.lastRestoreStatus).toBe('falhou')
  })

  it('retention deletes completed backups older than the days set, with their files', async () => {
    const storage = getStorage(t.env)
    const now = new Date('2026-12-31T12:00:00Z')
    const oldKey = newStorageKey('zip')
    const newKey = newStorageKey('zip')
    const stored = await storage.put('backups', oldKey, Buffer.from('old'))
    await storage.put('backups', newKey, Buffer.from('new'))
    const base = {
      tipo: 'manual' as const,
      status: 'concluido' as const,
      dbKind: t.handle.kind,
      size: stored.size,
      sha256: stored.sha256,
    }
    await t.handle.db.insert(platformBackups).values([
      { ...base, nome: 'velho', storageKey: oldKey, startedAt: new Date('2026-11-20T12:00:00Z') },
      { ...base, nome: 'novo', storageKey: newKey, startedAt: new Date('2026-12-20T12:00:00Z') },
    ])
    await applyRetention(t.handle.db, t.env, now)
    const names = (await t.handle.db.select({ nome: platformBackups.nome }).from(platformBackups)).map(
      (r) => r.nome,
    )
    expect(names).toContain('novo')
    expect(names).not.toContain('velho')
    expect(await storage.getStream('backups', oldKey)).toBeNull()
    expect(await storage.getStream('backups', newKey)).not.toBeNull()
  })
})
