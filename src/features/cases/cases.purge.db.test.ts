import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeCutoff } from '../../platform/purge.server'
import { signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { purgeDeletedCases } from './cases.public.server'
import { cases } from './cases.table.server'

// DESIGN §8: a soft-deleted case is purged 30 days after its deletion (the clients test covers the order).

let t: TestApp
let officeId: string
beforeAll(async () => {
  t = await createTestApp()
  const { cookie } = await signUp(t)
  const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
  officeId = me.office.id as string
})
afterAll(() => t.close())

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000)

async function newCase(deletedDaysAgo: number | null): Promise<string> {
  const [row] = await t.handle.db
    .insert(cases)
    .values({
      officeId,
      titulo: 'Caso de teste',
      areaJuridica: 'Civil',
      deletedAt: deletedDaysAgo === null ? null : daysAgo(deletedDaysAgo),
    })
    .returning({ id: cases.id })
  return row!.id
}

describe('cases purge', () => {
  it('removes cases deleted over 30 days ago and keeps the rest', async () => {
    const due = await newCase(31)
    const recent = await newCase(29)
    const active = await newCase(null)
    expect(await purgeDeletedCases(t.handle.db, purgeCutoff())).toBe(1)
    const left = await t.handle.db
      .select({ id: cases.id })
      .from(cases)
      .where(inArray(cases.id, [due, recent, active]))
    expect(left.map((row) => row.id).sort()).toEqual([recent, active].sort())
  })
})
