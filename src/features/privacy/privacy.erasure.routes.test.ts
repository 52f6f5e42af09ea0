import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { crmCounters } from '../clients/clients.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { officeInvitations } from '../team/team.table.server'
import { executeAccountDeletion } from './privacy.deletion.server'
import { call, join, person, type Person } from './privacy.fixtures'
import { REMOVED_USER_NAME } from './privacy.schema'

// Issue 23: an account's deletion asks each table's owner for its part (erasure-hooks.server.ts, wired by
// src/server/feature-hooks.server.ts) in the deletion's transaction: the closed office's CRM counters
// (clients) and the invitations of the team record that stays (team), beside the offices' own rows.

let t: TestApp & Awaited<ReturnType<typeof createTestApp>>
let sofia: Person // sócia of the office that stays
let uriel: Person // associado there; sócio of his own one-person office, closed with his account
let urielMemberId: string

beforeAll(async () => {
  t = await createTestApp()
  sofia = await person(t, 'Sofia Sócia')
  uriel = await person(t, 'Uriel Usuário')
  // A client in each one's own office (the current one until he joins Sofia's): a counter row per office.
  for (const who of [uriel, sofia]) {
    const response = await call(t, 'POST', '/api/clients', who.cookie, { nomeCompleto: 'Cliente Contado' })
    expect(response.status).toBe(201)
  }
  urielMemberId = await join(t, sofia.officeId!, uriel, 'associado')
  await t.handle.db.insert(officeInvitations).values({
    officeId: sofia.officeId!,
    memberId: urielMemberId,
    email: uriel.email,
    tokenHash: 'erasure-test-token-hash',
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  })
})
afterAll(() => t.close())

describe("an account's deletion asks each owner for its part", () => {
  it('erases the closed office’s counters and the kept team record’s invitations', async () => {
    const db = t.handle.db
    const countersOf = (officeId: string) =>
      db.select().from(crmCounters).where(eq(crmCounters.officeId, officeId))
    expect((await countersOf(uriel.officeId!)).length).toBeGreaterThan(0)
    expect((await countersOf(sofia.officeId!)).length).toBeGreaterThan(0)

    expect(await executeAccountDeletion(t.deps, uriel.userId)).toEqual({
      status: 'deleted',
      closedOffices: 1,
      keptMemberships: 1,
    })

    expect(await countersOf(uriel.officeId!)).toHaveLength(0)
    expect((await countersOf(sofia.officeId!)).length).toBeGreaterThan(0)
    expect(
      await db.select().from(officeInvitations).where(eq(officeInvitations.memberId, urielMemberId)),
    ).toHaveLength(0)
    const [member] = await db.select().from(officeMembers).where(eq(officeMembers.id, urielMemberId))
    expect(member).toMatchObject({ userId: null, ativo: false, nomeCompleto: REMOVED_USER_NAME, email: null })
  })
})
