import { describe, expect, it } from 'vitest'
import {
  EXTENSO_MAX_CENTS,
  EXTENSO_OUT_OF_RANGE,
  numeroPorExtenso,
  numeroPorExtensoFeminino,
  percentualPorExtenso,
  reaisPorExtenso,
} from './extenso'

describe('reaisPorExtenso', () => {
  it.each([
    // The examples.
    [100, 'um real'],
    [150_000, 'mil e quinhentos reais'],
    [100_000_000, 'um milhão de reais'],
    [200_001, 'dois mil reais e um centavo'],
    [10_100, 'cento e um reais'],
    // Edges of words and scales.
    [0, 'zero reais'],
    [1, 'um centavo'],
    [2, 'dois centavos'],
    [99, 'noventa e nove centavos'],
    [101, 'um real e um centavo'],
    [2_150, 'vinte e um reais e cinquenta centavos'],
    [10_000, 'cem reais'],
    [11_000, 'cento e dez reais'],
    [100_000, 'mil reais'],
    [100_100, 'mil e um reais'],
    [110_100, 'mil cento e um reais'],
    [120_000, 'mil e duzentos reais'],
    [125_050, 'mil duzentos e cinquenta reais e cinquenta centavos'],
    [1_400_000, 'quatorze mil reais'],
    [10_000_000, 'cem mil reais'],
    [10_100_000, 'cento e um mil reais'],
    [99_999_900, 'novecentos e noventa e nove mil novecentos e noventa e nove reais'],
    [150_000_000, 'um milhão e quinhentos mil reais'],
    [100_010_000, 'um milhão e cem reais'],
    [200_000_100, 'dois milhões e um reais'],
    [210_000_000, 'dois milhões e cem mil reais'],
    [1_000_000_000, 'dez milhões de reais'],
    [1_000_000_001, 'dez milhões de reais e um centavo'],
    [
      12_345_678_901,
      'cento e vinte e três milhões quatrocentos e cinquenta e seis mil setecentos e oitenta e nove reais e um centavo',
    ],
    [
      EXTENSO_MAX_CENTS,
      'novecentos e noventa e nove milhões novecentos e noventa e nove mil novecentos e noventa e nove reais e noventa e nove centavos',
    ],
  ] as [number, string][])('%i centavos → %s', (cents, words) => {
    expect(reaisPorExtenso(cents)).toBe(words)
  })

  it('refuses a billion, a negative and a fraction of a centavo with a clear message', () => {
    expect(() => reaisPorExtenso(100_000_000_000)).toThrow(EXTENSO_OUT_OF_RANGE)
    expect(() => reaisPorExtenso(EXTENSO_MAX_CENTS + 1)).toThrow(RangeError)
    expect(() => reaisPorExtenso(-1)).toThrow(RangeError)
    expect(() => reaisPorExtenso(1.5)).toThrow(RangeError)
    expect(() => reaisPorExtenso(Number.NaN)).toThrow(RangeError)
  })
})

describe('numeroPorExtenso', () => {
  it.each([
    [0, 'zero'],
    [1, 'um'],
    [10, 'dez'],
    [12, 'doze'],
    [16, 'dezesseis'],
    [21, 'vinte e um'],
    [100, 'cem'],
    [101, 'cento e um'],
    [1_001, 'mil e um'],
    [2_000, 'dois mil'],
    [1_000_000, 'um milhão'],
    [
      999_999_999,
      'novecentos e noventa e nove milhões novecentos e noventa e nove mil novecentos e noventa e nove',
    ],
  ])('%i → %s', (n, words) => {
    expect(numeroPorExtenso(n)).toBe(words)
  })

  it('refuses a billion, a negative or a fraction', () => {
    expect(() => numeroPorExtenso(1_000_000_000)).toThrow(RangeError)
    expect(() => numeroPorExtenso(-3)).toThrow(RangeError)
    expect(() => numeroPorExtenso(2.5)).toThrow(RangeError)
  })
})

describe('percentualPorExtenso', () => {
  it.each([
    [30, 'trinta por cento'],
    [1, 'um por cento'],
    [20, 'vinte por cento'],
    [100, 'cem por cento'],
    [0, 'zero por cento'],
    [12.5, 'doze inteiros e cinco décimos por cento'],
    [1.1, 'um inteiro e um décimo por cento'],
    [33.33, 'trinta e três inteiros e trinta e três centésimos por cento'],
    [0.25, 'vinte e cinco centésimos por cento'],
    [0.01, 'um centésimo por cento'],
  ])('%f%% → %s', (value, words) => {
    expect(percentualPorExtenso(value)).toBe(words)
  })

  it('refuses more than 100, a negative, or a third decimal', () => {
    expect(() => percentualPorExtenso(100.5)).toThrow(RangeError)
    expect(() => percentualPorExtenso(-1)).toThrow(RangeError)
    expect(() => percentualPorExtenso(12.345)).toThrow(RangeError)
  })
})

describe('numeroPorExtensoFeminino', () => {
  it.each([
    [1, 'uma'],
    [2, 'duas'],
    [12, 'doze'],
    [21, 'vinte e uma'],
    [22, 'vinte e duas'],
    [100, 'cem'],
    [101, 'cento e uma'],
    [202, 'duzentas e duas'],
    [360, 'trezentas e sessenta'],
    [500, 'quinhentas'],
    [2_000, 'duas mil'],
    [201_001, 'duzentas e uma mil e uma'],
  ])('%i → %s', (n, words) => {
    expect(numeroPorExtensoFeminino(n)).toBe(words)
  })

  it('refuses a million (milhão is masculine) and a fraction', () => {
    expect(() => numeroPorExtensoFeminino(1_000_000)).toThrow(RangeError)
    expect(() => numeroPorExtensoFeminino(1.5)).toThrow(RangeError)
  })
})
