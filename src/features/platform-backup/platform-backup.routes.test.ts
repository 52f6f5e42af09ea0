import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { platformEvents } from '../platform-logs/platform-logs.table.server'
import { platformBackupJobs } from './platform-backup.jobs.server'
import type { PlatformBackupOverview } from './platform-backup.schema'
import { platformBackups } from './platform-backup.table.server'
import { adminCallers, call, eventually, type TestAccount } from './platform-backup.test-helpers.server'

const MASTER = 'master-platform-backup@example.com'
const ID = '00000000-0000-4000-8000-000000000000'

let t: TestApp
let master: TestAccount
let plain: TestAccount
let admin: TestAccount

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER }, { jobs: platformBackupJobs })
  ;({ master, plain, admin } = await adminCallers(t, MASTER))
}, 60_000)
afterAll(() => t.close())

const overview = async () => {
  const response = await call(t, 'GET', '/api/admin/backup', master.cookie)
  expect(response.status).toBe(200)
  return (await response.json()) as PlatformBackupOverview
}

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/backup'],
  ['POST', '/api/admin/backup'],
  ['PATCH', '/api/admin/backup/schedules/diario', { ativo: true }],
  ['PUT', '/api/admin/backup/retention', { retencaoDias: 30 }],
  ['GET', `/api/admin/backup/${ID}/download`],
  ['GET', `/api/admin/backup/${ID}/restore-command`],
  ['POST', `/api/admin/backup/${ID}/restore`, { confirmacao: 'RESTAURAR' }],
]

describe('access: superadmin only, decided on the server', () => {
  it.each(ROUTES)('%s %s: anonymous 401, user 403, admin 403', async (method, path, body) => {
    expect((await call(t, method, path, undefined, body)).status).toBe(401)
    const asUser = await call(t, method, path, plain.cookie, body)
    expect(asUser.status).toBe(403)
    expect((await asUser.json()).error.message).toBe('Acesso negado.')
    expect((await call(t, method, path, admin.cookie, body)).status).toBe(403)
  })

  it('superadmin: overview with the spec §9 defaults', async () => {
    const data = await overview()
    expect(data.schedules).toEqual([
      { tipo: 'diario', hora: '02:00', diaSemana: null, ativo: true },
      { tipo: 'semanal', hora: '01:00', diaSemana: 0, ativo: true },
    ])
    expect(data.retencaoDias).toBe(30)
    expect(data.stats.scheduled).toBe(2)
    expect(data.restore.mode).toBe(t.handle.kind === 'postgres' ? 'painel' : 'comando')
  })

  it('superadmin: unknown backup → 404; bad input → pt-BR 400', async () => {
    expect((await call(t, 'GET', `/api/admin/backup/${ID}/download`, master.cookie)).status).toBe(404)
    const bad = await call(t, 'PATCH', '/api/admin/backup/schedules/diario', master.cookie, { hora: '25:00' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.fields.hora).toBe('Informe o horário no formato HH:MM.')
    const noConfirm = await call(t, 'POST', `/api/admin/backup/${ID}/restore`, master.cookie, {
      confirmacao: 'x',
    })
    expect(noConfirm.status).toBe(400)
  })
})

describe('Criar Backup → job → Concluído → download', () => {
  it('makes a verified archive of the platform, in the background', async () => {
    const created = await call(t, 'POST', '/api/admin/backup', master.cookie)
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const done = await eventually(overview, (o) =>
      o.items.some((i) => i.id === id && i.status !== 'processando'),
    )
    const item = done.items.find((i) => i.id === id)
    expect(item?.status).toBe('concluido')
    expect(item?.tipo).toBe('manual')
    expect(done.stats.total).toBe(1)
    expect(done.stats.totalSize).toBe(item?.size)
    expect(done.stats.lastBackupAt).not.toBeNull()

    const download = await call(t, 'GET', `/api/admin/backup/${id}/download`, master.cookie)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/zip')
    const bytes = Buffer.from(await download.arrayBuffer())
    expect(bytes.length).toBe(item?.size)
    expect(bytes.subarray(0, 2).toString()).toBe('PK')

    const events = await t.handle.db.select().from(platformEvents).where(eq(platformEvents.kind, 'backup'))
    expect(events.some((e) => (e.details as { backupId?: string }).backupId === id)).toBe(true)

    if (t.handle.kind === 'pglite') {
      const command = await call(t, 'GET', `/api/admin/backup/${id}/restore-command`, master.cookie)
      expect((await command.json()).command).toMatch(/^npm run db:restore -- .+\.zip$/)
      const refused = await call(t, 'POST', `/api/admin/backup/${id}/restore`, master.cookie, {
        confirmacao: 'RESTAURAR',
      })
      expect(refused.status).toBe(409)
    }
  }, 120_000)

  it('a missing pg_dump fails the run with a recorded reason (PostgreSQL)', async () => {
    if (t.handle.kind !== 'postgres') return
    const previous = process.env.PG_BIN_DIR
    process.env.PG_BIN_DIR = '/nonexistent'
    try {
      const { id } = (await (await call(t, 'POST', '/api/admin/backup', master.cookie)).json()) as {
        id: string
      }
      const row = await eventually(
        async () => (await t.handle.db.select().from(platformBackups).where(eq(platformBackups.id, id)))[0],
        (r) => r?.status !== 'processando',
      )
      expect(row?.status).toBe('falhou')
      expect(row?.error).toBe('pg_dump')
      expect(row?.storageKey).toBeNull()
    } finally {
      if (previous === undefined) delete process.env.PG_BIN_DIR
      else process.env.PG_BIN_DIR = previous
    }
  }, 60_000)

  it('edits a schedule and the retention', async () => {
    const response = await call(t, 'PATCH', '/api/admin/backup/schedules/semanal', master.cookie, {
      hora: '03:30',
      diaSemana: 6,
      ativo: false,
    })
    expect(response.status).toBe(200)
    const data = (await response.json()) as PlatformBackupOverview
    expect(data.schedules[1]).toEqual({ tipo: 'semanal', hora: '03:30', diaSemana: 6, ativo: false })
    expect(data.stats.scheduled).toBe(1)
    const retention = await call(t, 'PUT', '/api/admin/backup/retention', master.cookie, { retencaoDias: 7 })
    expect(((await retention.json()) as PlatformBackupOverview).retencaoDias).toBe(7)
  })
})
