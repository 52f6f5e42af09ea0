import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, DbHandle } from '../db/client.server'
import { createTestDatabase } from '../test/test-app'
import { consumeRateLimit, createBatchedRateLimiter } from './rate-limit.server'
import { rateLimits } from './rate-limit.table.server'

let handle: DbHandle
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ handle, drop } = await createTestDatabase())
})
afterAll(() => drop())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const sharedCount = async (key: string) =>
  (await handle.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count

/** The database, counting the statements issued through it. */
function countingDb() {
  const counter = { statements: 0 }
  const db = new Proxy(handle.db, {
    get(target, property, receiver) {
      if (property === 'insert' || property === 'select' || property === 'execute') counter.statements++
      return Reflect.get(target, property, receiver) as unknown
    },
  }) as Database
  return { db, counter }
}

describe('consumeRateLimit (exact, one atomic statement)', () => {
  it('admits exactly max of many concurrent hits', async () => {
    const rule = { windowSeconds: 60, max: 10 }
    const decisions = await Promise.all(
      Array.from({ length: 25 }, () => consumeRateLimit(handle.db, 'test:concurrent', rule)),
    )
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10)
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfter > 0 && d.retryAfter <= 60)).toBe(
      true,
    )
  })

  it('starts a new window once the old one has ended', async () => {
    const rule = { windowSeconds: 1, max: 1 }
    expect((await consumeRateLimit(handle.db, 'test:window', rule)).allowed).toBe(true)
    expect((await consumeRateLimit(handle.db, 'test:window', rule)).allowed).toBe(false)
    await sleep(1100)
    expect(await consumeRateLimit(handle.db, 'test:window', rule)).toMatchObject({ allowed: true, count: 1 })
  })
})

describe('createBatchedRateLimiter (data routes)', () => {
  it('decides without touching the database and sends the hits in one background statement', async () => {
    const { db, counter } = countingDb()
    const limiter = createBatchedRateLimiter(db, { name: 'nodb', windowSeconds: 60, max: 100 })
    for (let i = 0; i < 4; i++) {
      expect(limiter.hit('u1')).toEqual({ allowed: true })
      expect(limiter.hit('u2')).toEqual({ allowed: true })
    }
    expect(counter.statements).toBe(0)
    await limiter.flush()
    expect(counter.statements).toBe(1)
    expect(await sharedCount('nodb:u1')).toBe(4)
    expect(await sharedCount('nodb:u2')).toBe(4)
  })

  it('flushes on its own within a second', async () => {
    const limiter = createBatchedRateLimiter(handle.db, { name: 'timer', windowSeconds: 60, max: 100 })
    limiter.hit('u1')
    await sleep(1300)
    expect(await sharedCount('timer:u1')).toBe(1)
  })

  it('gives two nodes one budget: each learns the other’s hits at its flush', async () => {
    const a = createBatchedRateLimiter(handle.db, { name: 'shared', windowSeconds: 60, max: 10 })
    const b = createBatchedRateLimiter(handle.db, { name: 'shared', windowSeconds: 60, max: 10 })
    for (let i = 0; i < 6; i++) expect(a.hit('u').allowed).toBe(true)
    await a.flush()
    expect(b.hit('u').allowed).toBe(true)
    await b.flush() // b now knows 7
    for (let i = 0; i < 3; i++) expect(b.hit('u').allowed).toBe(true)
    const refused = b.hit('u')
    expect(refused.allowed).toBe(false)
    if (!refused.allowed) expect(refused.retryAfter).toBeGreaterThan(0)
    await b.flush()
    await a.flush() // nothing pending on a: it learns at its next own hit's flush
    expect(await sharedCount('shared:u')).toBe(10)
    // a's next flush teaches it the shared 10 as well.
    a.hit('u')
    await a.flush()
    expect(a.hit('u').allowed).toBe(false)
  })

  it('flushes at once when a key gathers max/20 unsent hits (bounded overshoot)', async () => {
    const limiter = createBatchedRateLimiter(handle.db, { name: 'burst', windowSeconds: 60, max: 200 })
    for (let i = 0; i < 10; i++) limiter.hit('u')
    await limiter.flush() // waits for the flush the 10th hit started
    expect(await sharedCount('burst:u')).toBe(10)
  })
})
