import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppDeps } from '../../platform/app-env.server'
import { JOBS_TIME_ZONE } from '../../platform/jobs.server'
import { purgeCutoff } from '../../platform/purge.server'
import { signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { purgeDeletedCases } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { purgeDeletedClients } from './clients.public.server'
import { clients } from './clients.table.server'

// DESIGN §8: a soft-deleted client is purged 30 days after its deletion, never while a case still names it.

let t: TestApp & { deps: AppDeps }
let officeId: string
beforeAll(async () => {
  t = await createTestApp({}, { jobs: true })
  const { cookie } = await signUp(t)
  const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
  officeId = me.office.id as string
})
afterAll(() => t.close())

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000)

async function newClient(deletedDaysAgo: number | null): Promise<string> {
  const [row] = await t.handle.db
    .insert(clients)
    .values({
      officeId,
      nomeCompleto: 'Cliente de teste',
      deletedAt: deletedDaysAgo === null ? null : daysAgo(deletedDaysAgo),
    })
    .returning({ id: clients.id })
  return row!.id
}

async function newCase(clientId: string, deletedDaysAgo: number | null): Promise<string> {
  const [row] = await t.handle.db
    .insert(cases)
    .values({
      officeId,
      clientId,
      titulo: 'Caso de teste',
      areaJuridica: 'Civil',
      deletedAt: deletedDaysAgo === null ? null : daysAgo(deletedDaysAgo),
    })
    .returning({ id: cases.id })
  return row!.id
}

async function existing(table: typeof clients | typeof cases, ids: string[]): Promise<string[]> {
  const rows = await t.handle.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))
  return rows.map((row) => row.id)
}

describe('clients purge', () => {
  it('removes clients deleted over 30 days ago and keeps the rest', async () => {
    const due = await newClient(31)
    const recent = await newClient(29)
    const active = await newClient(null)
    expect(await purgeDeletedClients(t.handle.db, purgeCutoff())).toBe(1)
    expect(await existing(clients, [due, recent, active])).toEqual(expect.arrayContaining([recent, active]))
    expect(await existing(clients, [due])).toEqual([])
  })

  it('purges the cases first, then their client; a client with an active case stays', async () => {
    const withDeletedCase = await newClient(31)
    const deletedCase = await newCase(withDeletedCase, 31)
    const withActiveCase = await newClient(31)
    const activeCase = await newCase(withActiveCase, null)

    // While a case names the client, the client stays (the foreign key refuses; the run goes on).
    expect(await purgeDeletedClients(t.handle.db, purgeCutoff())).toBe(0)
    expect(await purgeDeletedCases(t.handle.db, purgeCutoff())).toBe(1)
    expect(await existing(cases, [deletedCase, activeCase])).toEqual([activeCase])
    expect(await purgeDeletedClients(t.handle.db, purgeCutoff())).toBe(1)
    expect(await existing(clients, [withDeletedCase, withActiveCase])).toEqual([withActiveCase])
  })

  it('runs as the nightly clients.purge job, scheduled in São Paulo time', async () => {
    const { rows } = await t.handle.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule where name like '%.purge' order by cron`,
    )
    expect(rows).toEqual([
      { name: 'documents.purge', cron: '0 3 * * *', timezone: JOBS_TIME_ZONE },
      { name: 'cases.purge', cron: '15 3 * * *', timezone: JOBS_TIME_ZONE },
      { name: 'clients.purge', cron: '30 3 * * *', timezone: JOBS_TIME_ZONE },
      // Entries point at cases: they go first (03:05; the crons sort as text).
      { name: 'financial.purge', cron: '5 3 * * *', timezone: JOBS_TIME_ZONE },
    ])

    const due = await newClient(40)
    const recent = await newClient(10)
    await t.deps.jobs.send('clients.purge', null)
    const deadline = Date.now() + 10_000
    while ((await existing(clients, [due])).length > 0) {
      if (Date.now() > deadline) throw new Error('clients.purge did not run')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(await existing(clients, [recent])).toEqual([recent])
  })
})
