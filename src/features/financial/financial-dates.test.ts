import { describe, expect, it } from 'vitest'
import {
  addMonthsISO,
  last12Months,
  monthEndISO,
  monthStartISO,
  monthsBetween,
  splitPeriod,
} from './financial-dates'

describe('financial dates', () => {
  it('adds months clamping to the last day without drifting', () => {
    expect(addMonthsISO('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonthsISO('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonthsISO('2026-01-31', 2)).toBe('2026-03-31')
    expect(addMonthsISO('2026-11-15', 3)).toBe('2027-02-15')
    expect(addMonthsISO('2026-01-15', -1)).toBe('2025-12-15')
    expect(addMonthsISO('2026-03-10', 59)).toBe('2031-02-10')
  })

  it('counts calendar months and month bounds', () => {
    expect(monthsBetween('2026-01-31', '2026-03-01')).toBe(2)
    expect(monthsBetween('2025-12-01', '2026-01-31')).toBe(1)
    expect(monthStartISO('2026-02-17')).toBe('2026-02-01')
    expect(monthEndISO('2026-02-17')).toBe('2026-02-28')
    expect(monthEndISO('2028-02-01')).toBe('2028-02-29')
  })

  it('lists the 12 months ending with the current one', () => {
    const months = last12Months('2026-03-31')
    expect(months).toHaveLength(12)
    expect(months[0]).toBe('2025-04')
    expect(months[11]).toBe('2026-03')
  })

  it('cuts a period into its whole months and the partial months at its edges (decision 019)', () => {
    expect(splitPeriod({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      months: { from: '2026-01-01', to: '2026-12-01' },
      edges: [],
    })
    expect(splitPeriod({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02-01', to: '2024-02-01' },
      edges: [],
    })
    expect(splitPeriod({ from: '2026-01-15', to: '2026-04-10' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      edges: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    })
    expect(splitPeriod({ from: '2025-12-31', to: '2026-01-31' })).toEqual({
      months: { from: '2026-01-01', to: '2026-01-01' },
      edges: [{ from: '2025-12-31', to: '2025-12-31' }],
    })
    // No whole month inside: the period itself, read from the entries.
    expect(splitPeriod({ from: '2026-01-15', to: '2026-02-10' })).toEqual({
      months: null,
      edges: [{ from: '2026-01-15', to: '2026-02-10' }],
    })
    expect(splitPeriod({ from: '2026-11-01', to: '2026-11-25' })).toEqual({
      months: null,
      edges: [{ from: '2026-11-01', to: '2026-11-25' }],
    })
  })
})
