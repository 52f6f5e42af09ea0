import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { BACKUP_MESSAGES } from './backups.schema'
import { officeBackups } from './backups.table.server'

// A backup whose job cannot be queued (here: a server whose queue never started, as when pg-boss cannot reach
// its schema) must not stay 'in progress' for ever: that row would refuse every later backup as 'running'.

let t: TestApp
let owner: { cookie: string }

beforeAll(async () => {
  t = await createTestApp() // no job runner
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Quésia Queue' }))
}, 60_000)
afterAll(() => t.close())

it('answers 503 in pt-BR and ends the row as an error, so the next backup is not refused as running', async () => {
  const first = await t.app.request(
    '/api/backups',
    jsonRequest('POST', { parts: ['clientes'] }, owner.cookie),
  )
  expect(first.status).toBe(503)
  expect(((await first.json()) as { error: { message: string } }).error.message).toBe(
    BACKUP_MESSAGES.notQueued,
  )
  const rows = await t.handle.db.select().from(officeBackups)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ status: 'error', error: BACKUP_MESSAGES.notQueued })
  expect(rows[0]?.finishedAt).toBeInstanceOf(Date)

  const second = await t.app.request(
    '/api/backups',
    jsonRequest('POST', { parts: ['clientes'] }, owner.cookie),
  )
  expect(second.status).toBe(503) // again the queue, not 409 'Já existe um backup em andamento'
  expect(
    await t.handle.db.select().from(officeBackups).where(eq(officeBackups.status, 'error')),
  ).toHaveLength(2)
})
