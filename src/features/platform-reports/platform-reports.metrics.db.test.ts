import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client.server'
import { createTestDatabase } from '../../test/test-app'
import { sessions, users } from '../auth/auth.table.server'
import { platformEvents } from '../platform-logs/platform-logs.table.server'
import { profiles } from '../profiles/profiles.table.server'
import {
  activeUsersPerWeek,
  resolveWindow,
  signupsPerWeek,
  userTypeDistribution,
} from './platform-reports.metrics.server'

// The screen's user figures over rows written straight into users / profiles / sessions / platform_events,
// in March 2025 (far from the accounts any other test makes), with São Paulo week boundaries crossed on purpose:
// Sunday 9 March 23:30 in Brasília is already Monday 10 March in UTC.

let handle: DbHandle
let drop: () => Promise<void>
const at = (iso: string) => new Date(iso)

async function person(type: 'advogado' | 'estudante' | 'entidade', createdAt: Date, lastSeenAt?: Date) {
  const id = randomUUID()
  await handle.db
    .insert(users)
    .values({ id, name: `Pessoa ${id}`, email: `${id}@example.com`, createdAt, updatedAt: createdAt })
  await handle.db
    .insert(profiles)
    .values({ userId: id, userType: type, nomeCompleto: `Pessoa ${id}`, lastSeenAt: lastSeenAt ?? null })
  return id
}

let base: Awaited<ReturnType<typeof userTypeDistribution>>
const MARCH = { from: at('2025-03-01T00:00:00-03:00'), to: at('2025-04-01T00:00:00-03:00') }

beforeAll(async () => {
  ;({ handle, drop } = await createTestDatabase())
  base = await userTypeDistribution(handle.db)
  // Sign-ups: one late on Sunday 9 March (week of 3 March in Brasília), two on Monday 10 March, one on
  // 31 March 23:00 (1 April in UTC: still March here), one on 28 February 23:00 (1 March UTC: February here).
  const u1 = await person('advogado', at('2025-03-09T23:30:00-03:00'))
  const u2 = await person('estudante', at('2025-03-10T00:30:00-03:00'))
  await person('estudante', at('2025-03-10T12:00:00-03:00'), at('2025-03-11T10:00:00-03:00'))
  await person('entidade', at('2025-03-31T23:00:00-03:00'))
  await person('advogado', at('2025-02-28T23:00:00-03:00'))
  // Activity: u1 signs in on 4 March and again (a session) on 5 March — one person that week; the session
  // was last refreshed on 12 March. u2 signs in on Sunday 9 March 23:30 (UTC Monday). The third person's
  // last visit (profiles.last_seen_at) was 11 March.
  await handle.db.insert(platformEvents).values([
    { kind: 'login', actorUserId: u1, at: at('2025-03-04T10:00:00-03:00') },
    { kind: 'login', actorUserId: u2, at: at('2025-03-09T23:30:00-03:00') },
    // Not a sign-in: not activity.
    { kind: 'login_falhou', actorUserId: u2, at: at('2025-03-18T10:00:00-03:00') },
  ])
  await handle.db.insert(sessions).values({
    id: randomUUID(),
    token: randomUUID(),
    userId: u1,
    expiresAt: at('2025-04-30T00:00:00Z'),
    createdAt: at('2025-03-05T09:00:00-03:00'),
    updatedAt: at('2025-03-12T09:00:00-03:00'),
  })
}, 60_000)
afterAll(() => drop())

describe('user figures', () => {
  it('user-type distribution counts the profiles, with shares', async () => {
    const after = await userTypeDistribution(handle.db)
    const count = (data: typeof base, type: string) => data.items.find((i) => i.type === type)?.count ?? 0
    expect(after.total - base.total).toBe(5)
    expect(count(after, 'advogado') - count(base, 'advogado')).toBe(2)
    expect(count(after, 'estudante') - count(base, 'estudante')).toBe(2)
    expect(count(after, 'entidade') - count(base, 'entidade')).toBe(1)
    const shares = after.items.map((i) => i.percent)
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0)
    const lawyer = after.items.find((i) => i.type === 'advogado')
    expect(lawyer?.percent).toBe(Math.round((lawyer!.count / after.total) * 1000) / 10)
  })

  it('sign-ups per São Paulo week (Monday), zero-filled', async () => {
    expect(await signupsPerWeek(handle.db, MARCH.from, MARCH.to)).toEqual([
      { week: '2025-02-24', count: 0 },
      { week: '2025-03-03', count: 1 },
      { week: '2025-03-10', count: 2 },
      { week: '2025-03-17', count: 0 },
      { week: '2025-03-24', count: 0 },
      { week: '2025-03-31', count: 1 },
    ])
  })

  it('active users per week: distinct people seen by sign-in, session or last visit', async () => {
    expect(await activeUsersPerWeek(handle.db, MARCH.from, MARCH.to)).toEqual([
      { week: '2025-02-24', count: 0 },
      { week: '2025-03-03', count: 2 },
      { week: '2025-03-10', count: 2 },
      { week: '2025-03-17', count: 0 },
      { week: '2025-03-24', count: 0 },
      { week: '2025-03-31', count: 0 },
    ])
  })
})

describe('resolveWindow', () => {
  const now = at('2026-11-25T15:00:00Z')
  it('presets count back from now; 12 months start on day 1 in São Paulo', async () => {
    const days30 = await resolveWindow(handle.db, { periodo: '30d' }, now)
    expect(days30.to).toEqual(now)
    expect(days30.from.toISOString()).toBe('2026-10-26T15:00:00.000Z')
    const months12 = await resolveWindow(handle.db, { periodo: '12m' }, now)
    expect(months12.from.toISOString()).toBe('2025-12-01T03:00:00.000Z')
  })

  it('a month range covers whole months, its end capped at now', async () => {
    const march = await resolveWindow(handle.db, { periodo: 'custom', de: '2025-03', ate: '2025-03' }, now)
    expect(march.from).toEqual(MARCH.from)
    expect(march.to).toEqual(MARCH.to)
    const current = await resolveWindow(handle.db, { periodo: 'custom', de: '2026-10', ate: '2026-11' }, now)
    expect(current.from.toISOString()).toBe('2026-10-01T03:00:00.000Z')
    expect(current.to).toEqual(now)
  })
})
