import { describe, expect, it } from 'vitest'
import { instantToZoned, zonedToInstant } from './agenda.time'

describe('São Paulo wall time ↔ instant', () => {
  it('uses −03:00 today (no DST since 2019)', () => {
    expect(zonedToInstant('2026-03-10', '14:30').toISOString()).toBe('2026-03-10T17:30:00.000Z')
    expect(zonedToInstant('2026-12-31', null).toISOString()).toBe('2026-12-31T03:00:00.000Z')
    expect(instantToZoned(new Date('2026-03-11T02:59:00Z'))).toEqual({ data: '2026-03-10', hora: '23:59' })
  })

  it('uses −02:00 during a past summer time', () => {
    // DST 2017/18: from 15 Oct 2017 to 18 Feb 2018.
    expect(zonedToInstant('2018-01-10', '10:00').toISOString()).toBe('2018-01-10T12:00:00.000Z')
    expect(instantToZoned(new Date('2018-01-10T12:00:00Z'))).toEqual({ data: '2018-01-10', hora: '10:00' })
  })

  it('resolves a skipped midnight (DST start) to the first instant after the gap', () => {
    // 15 Oct 2017: 00:00 did not exist in São Paulo, clocks went to 01:00 (−02:00).
    const instant = zonedToInstant('2017-10-15', null)
    expect(instant.toISOString()).toBe('2017-10-15T03:00:00.000Z')
    expect(instantToZoned(instant)).toEqual({ data: '2017-10-15', hora: '01:00' })
  })

  it('round-trips every quarter hour of a day', () => {
    for (let m = 0; m < 24 * 60; m += 15) {
      const hora = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
      expect(instantToZoned(zonedToInstant('2025-06-01', hora))).toEqual({ data: '2025-06-01', hora })
    }
  })
})
