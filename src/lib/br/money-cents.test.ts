import { describe, expect, it } from 'vitest'
import { centsToDecimal, parseDecimalCents, splitInstallments, valorPorExtenso } from './money'

describe('centsToDecimal / parseDecimalCents', () => {
  it('round-trips the wire form exactly', () => {
    expect(centsToDecimal(123456)).toBe('1234.56')
    expect(centsToDecimal(5)).toBe('0.05')
    expect(centsToDecimal(-5)).toBe('-0.05')
    expect(centsToDecimal(0)).toBe('0.00')
    expect(centsToDecimal(99_999_999_999_999)).toBe('999999999999.99')
    expect(parseDecimalCents('1234.56')).toBe(123456)
    expect(parseDecimalCents('1234.5')).toBe(123450)
    expect(parseDecimalCents('1234')).toBe(123400)
    expect(parseDecimalCents('-0.05')).toBe(-5)
    expect(parseDecimalCents('999999999999.99')).toBe(99_999_999_999_999)
  })

  it('refuses what it would have to round or guess', () => {
    expect(parseDecimalCents('1.005')).toBeNull()
    expect(parseDecimalCents('1,50')).toBeNull()
    expect(parseDecimalCents('abc')).toBeNull()
    expect(parseDecimalCents('')).toBeNull()
    expect(() => centsToDecimal(1.5)).toThrow(RangeError)
  })

  it('adds amounts that floats get wrong', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in centavos it is exact.
    const sum = (parseDecimalCents('0.10') ?? 0) + (parseDecimalCents('0.20') ?? 0)
    expect(centsToDecimal(sum)).toBe('0.30')
  })
})

describe('splitInstallments', () => {
  it('puts the cents remainder on the last parcel', () => {
    expect(splitInstallments(10000, 3)).toEqual([3333, 3333, 3334])
    expect(splitInstallments(100, 7)).toEqual([14, 14, 14, 14, 14, 14, 16])
    expect(splitInstallments(5, 1)).toEqual([5])
    expect(splitInstallments(120000, 12)).toEqual(Array.from({ length: 12 }, () => 10000))
  })

  it('always adds up to the total', () => {
    for (const [total, n] of [
      [1, 1],
      [99_999, 60],
      [123_457, 7],
      [99_999_999_999_999, 60],
    ] as const) {
      const parcels = splitInstallments(total, n)
      expect(parcels).toHaveLength(n)
      expect(parcels.reduce((a, b) => a + b, 0)).toBe(total)
      expect(parcels.every((p) => Number.isSafeInteger(p))).toBe(true)
    }
  })

  it('refuses nonsense', () => {
    expect(() => splitInstallments(0, 2)).toThrow(RangeError)
    expect(() => splitInstallments(100, 0)).toThrow(RangeError)
    expect(() => splitInstallments(10.5, 2)).toThrow(RangeError)
  })
})

describe('valorPorExtenso', () => {
  it.each([
    [100, 'um real'],
    [200, 'dois reais'],
    [1, 'um centavo'],
    [50, 'cinquenta centavos'],
    [101, 'um real e um centavo'],
    [120050, 'mil e duzentos reais e cinquenta centavos'],
    [100000000, 'um milhão de reais'],
    [200000000000, 'dois bilhões de reais'],
    [150000000, 'um milhão e quinhentos mil reais'],
    [10000, 'cem reais'],
    [10100, 'cento e um reais'],
    [125000, 'mil duzentos e cinquenta reais'],
    [105000, 'mil e cinquenta reais'],
    [2175399, 'vinte e um mil setecentos e cinquenta e três reais e noventa e nove centavos'],
    [1_000_000_00 + 100, 'um milhão e um reais'],
    [
      1_234_567_89,
      'um milhão duzentos e trinta e quatro mil quinhentos e sessenta e sete reais e oitenta e nove centavos',
    ],
    [1400, 'quatorze reais'],
    [0, 'zero reais'],
    [
      99_999_999_999_999,
      'novecentos e noventa e nove bilhões novecentos e noventa e nove milhões novecentos e noventa e nove mil novecentos e noventa e nove reais e noventa e nove centavos',
    ],
  ])('%i centavos → %s', (cents, words) => {
    expect(valorPorExtenso(cents)).toBe(words)
  })

  it('refuses amounts outside the numeric(14,2) range', () => {
    expect(() => valorPorExtenso(-1)).toThrow(RangeError)
    expect(() => valorPorExtenso(100_000_000_000_000)).toThrow(RangeError)
  })
})
