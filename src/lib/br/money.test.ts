import { describe, it, expect } from 'vitest'
import { centsToBRL, formatBRL, parseBRL, parseBRLToCents } from './money'

const NBSP = '\u00a0'

describe('formatBRL', () => {
  it('formats numbers the pt-BR way with a no-break space', () => {
    expect(formatBRL(1234.5)).toBe(`R$${NBSP}1.234,50`)
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`)
    expect(formatBRL(0.1 + 0.2)).toBe(`R$${NBSP}0,30`)
    expect(formatBRL(1234567.891)).toBe(`R$${NBSP}1.234.567,89`)
    expect(formatBRL(-10)).toBe(`-R$${NBSP}10,00`)
    expect(formatBRL(1.005)).toBe(`R$${NBSP}1,01`)
  })

  it('parses strings first', () => {
    expect(formatBRL('1.234,5')).toBe(`R$${NBSP}1.234,50`)
    expect(formatBRL('1234.5')).toBe(`R$${NBSP}1.234,50`)
    expect(formatBRL('R$ 99,90')).toBe(`R$${NBSP}99,90`)
  })

  it('renders empty for missing or bad values', () => {
    expect(formatBRL(null)).toBe('')
    expect(formatBRL(undefined)).toBe('')
    expect(formatBRL(Number.NaN)).toBe('')
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe('')
    expect(formatBRL('abc')).toBe('')
  })
})

describe('centsToBRL', () => {
  it('formats integer centavos', () => {
    expect(centsToBRL(123450)).toBe(`R$${NBSP}1.234,50`)
    expect(centsToBRL(5)).toBe(`R$${NBSP}0,05`)
    expect(centsToBRL(null)).toBe('')
  })
})

describe('parseBRL', () => {
  it('reads pt-BR notation', () => {
    expect(parseBRL('1.234,50')).toBe(1234.5)
    expect(parseBRL('R$ 1.234,50')).toBe(1234.5)
    expect(parseBRL(`R$${NBSP}1.234,50`)).toBe(1234.5)
    expect(parseBRL('1234,5')).toBe(1234.5)
    expect(parseBRL('0,99')).toBe(0.99)
    expect(parseBRL('1.234.567,89')).toBe(1234567.89)
    expect(parseBRL('10,')).toBe(10)
  })

  it('reads dot-decimal notation', () => {
    expect(parseBRL('1234.5')).toBe(1234.5)
    expect(parseBRL('10.50')).toBe(10.5)
    expect(parseBRL('1,234.50')).toBe(1234.5)
  })

  it('treats a dot followed by three digits as thousands', () => {
    expect(parseBRL('1.234')).toBe(1234)
    expect(parseBRL('1.234.567')).toBe(1234567)
    expect(parseBRL('1,234,567')).toBe(1234567)
  })

  it('reads integers and negatives', () => {
    expect(parseBRL('1234')).toBe(1234)
    expect(parseBRL('-R$ 10,00')).toBe(-10)
    expect(parseBRL('R$ -10,00')).toBe(-10)
    expect(parseBRL('-0,00')).toBe(0)
    expect(Object.is(parseBRL('-0,00'), 0)).toBe(true)
  })

  it('rounds to centavos', () => {
    expect(parseBRL('1,005')).toBe(1.01)
    expect(parseBRL(2.345)).toBe(2.35)
    expect(parseBRL(0.1 + 0.2)).toBe(0.3)
    expect(parseBRL(1.005)).toBe(1.01)
    expect(parseBRL(-1.005)).toBe(-1.01)
    expect(parseBRL(0.005)).toBe(0.01)
    expect(parseBRL(0.0049)).toBe(0)
    expect(parseBRL(1e-7)).toBe(0)
    expect(parseBRL(123456789.125)).toBe(123456789.13)
  })

  it('rejects junk and mis-grouped numbers', () => {
    expect(parseBRL('')).toBeNull()
    expect(parseBRL('R$')).toBeNull()
    expect(parseBRL('abc')).toBeNull()
    expect(parseBRL('12a')).toBeNull()
    expect(parseBRL('1.23,50')).toBeNull()
    expect(parseBRL('1,23.50')).toBeNull()
    expect(parseBRL('1.234,5,6')).toBeNull()
    expect(parseBRL('--10')).toBeNull()
    expect(parseBRL(',50')).toBeNull()
    expect(parseBRL(null)).toBeNull()
    expect(parseBRL(Number.NaN)).toBeNull()
  })
})

describe('parseBRLToCents', () => {
  it('returns integer centavos', () => {
    expect(parseBRLToCents('R$ 1.234,50')).toBe(123450)
    expect(parseBRLToCents('0,07')).toBe(7)
    expect(parseBRLToCents('19,99')).toBe(1999)
    expect(parseBRLToCents('x')).toBeNull()
  })
})
