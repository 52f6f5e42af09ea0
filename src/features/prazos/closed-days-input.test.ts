import { describe, expect, it } from 'vitest'
import { parseClosedDays } from './closed-days-input'

describe('parseClosedDays', () => {
  it('reads Brazilian and ISO dates separated by commas, semicolons or lines, without duplicates', () => {
    expect(parseClosedDays('25/01/2027, 2027-03-02;\n9/7/2026 25/01/2027')).toEqual({
      dates: ['2027-01-25', '2027-03-02', '2026-07-09'],
    })
    expect(parseClosedDays('  ')).toEqual({ dates: [] })
  })

  it('names the first entry that is not a real date', () => {
    expect(parseClosedDays('25/01/2027, 31/02/2026, ontem')).toEqual({ invalid: '31/02/2026' })
    expect(parseClosedDays('2026-13-01')).toEqual({ invalid: '2026-13-01' })
  })
})
