import { describe, expect, it } from 'vitest'
import { UserCache, UserChanges } from './user-cache.server'

function setup(maxEntries = 10) {
  let now = 1_000_000
  const clock = () => now
  const changes = new UserChanges(clock)
  const cache = new UserCache<string>(changes, { ttlMs: 30_000, maxEntries }, clock)
  changes.setLive(true)
  return { changes, cache, advance: (ms: number) => (now += ms) }
}

describe('UserCache', () => {
  it('serves an entry until its TTL or the given expiry, whichever comes first', () => {
    const { changes, cache, advance } = setup()
    cache.set(changes.begin(), 'a', 'u1', 'A')
    cache.set(changes.begin(), 'b', 'u1', 'B', 1_000_000 + 5_000)
    advance(4_999)
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', 'B'])
    advance(1)
    expect(cache.get('b')).toBeUndefined()
    advance(25_000)
    expect(cache.get('a')).toBeUndefined()
  })

  it("evicts all of a user's entries at once and no one else's", () => {
    const { changes, cache } = setup()
    cache.set(changes.begin(), 'a', 'u1', 'A')
    cache.set(changes.begin(), 'b', 'u1', 'B')
    cache.set(changes.begin(), 'c', 'u2', 'C')
    changes.userChanged('u1')
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, 'C'])
  })

  it('refuses a value read before the user changed (no stale re-insert)', () => {
    const { changes, cache } = setup()
    const ticket = changes.begin() // the read starts…
    changes.userChanged('u1') // …the user is revoked meanwhile…
    cache.set(ticket, 'a', 'u1', 'stale') // …and the read ends
    expect(cache.get('a')).toBeUndefined()
    cache.set(ticket, 'b', 'u2', 'other user') // another user's read is unaffected
    expect(cache.get('b')).toBe('other user')
    cache.set(changes.begin(), 'a', 'u1', 'fresh')
    expect(cache.get('a')).toBe('fresh')
  })

  it('answers and stores nothing while the feed is down, and forgets what it had', () => {
    const { changes, cache } = setup()
    cache.set(changes.begin(), 'a', 'u1', 'A')
    const ticket = changes.begin()
    changes.setLive(false)
    expect(cache.get('a')).toBeUndefined()
    cache.set(changes.begin(), 'b', 'u1', 'B')
    changes.setLive(true)
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined])
    cache.set(ticket, 'c', 'u3', 'read before the outage')
    expect(cache.get('c')).toBeUndefined()
  })

  it('does not cache a read slower than 5 s, and keeps at most maxEntries', () => {
    const { changes, cache, advance } = setup(2)
    const ticket = changes.begin()
    advance(5_001)
    cache.set(ticket, 'slow', 'u1', 'S')
    expect(cache.get('slow')).toBeUndefined()
    cache.set(changes.begin(), 'a', 'u1', 'A')
    cache.set(changes.begin(), 'b', 'u2', 'B')
    cache.set(changes.begin(), 'c', 'u3', 'C')
    expect(cache.size).toBe(2)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('c')).toBe('C')
  })
})
