import { describe, expect, it } from 'vitest'
import { isValidPeriod, periodOf } from './report-period'
import { centsToDecimal, decimalToCents, monthOf, previousPeriod } from './reports.schema'

const none = { from: '', to: '' }

describe('report periods', () => {
  it('gives the month, quarter and year of a São Paulo day', () => {
    expect(periodOf('mes', none, '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(periodOf('mes', none, '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(periodOf('trimestre', none, '2026-05-31')).toEqual({ from: '2026-04-01', to: '2026-06-30' })
    expect(periodOf('trimestre', none, '2026-12-01')).toEqual({ from: '2026-10-01', to: '2026-12-31' })
    expect(periodOf('ano', none, '2026-07-04')).toEqual({ from: '2026-01-01', to: '2026-12-31' })
    expect(periodOf('personalizado', { from: '2026-01-05', to: '2026-01-09' })).toEqual({
      from: '2026-01-05',
      to: '2026-01-09',
    })
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
  })

  it('checks a custom period as the server does', () => {
    expect(isValidPeriod({ from: '2026-01-01', to: '2026-01-01' })).toBe(true)
    expect(isValidPeriod({ from: '2026-01-02', to: '2026-01-01' })).toBe(false)
    expect(isValidPeriod({ from: '2026-02-30', to: '2026-03-01' })).toBe(false)
    expect(isValidPeriod({ from: '2020-01-01', to: '2026-01-01' })).toBe(false)
    expect(isValidPeriod(none)).toBe(false)
  })

  it('compares with the previous period of the same length', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    })
    expect(previousPeriod({ from: '2026-01-01', to: '2026-01-01' })).toEqual({
      from: '2025-12-31',
      to: '2025-12-31',
    })
  })
})

describe('exact amounts', () => {
  it('moves between decimal strings and integer centavos without floats', () => {
    expect(decimalToCents('1234.56')).toBe(123456)
    expect(decimalToCents('0.1')).toBe(10)
    expect(decimalToCents('7')).toBe(700)
    expect(decimalToCents('-3.05')).toBe(-305)
    expect(centsToDecimal(123456)).toBe('1234.56')
    expect(centsToDecimal(5)).toBe('0.05')
    expect(centsToDecimal(-305)).toBe('-3.05')
    expect(decimalToCents('999999999999.99') + decimalToCents('0.01')).toBe(100_000_000_000_000)
    expect(() => decimalToCents('1,5')).toThrow()
  })
})
