import { integerInWords, valorPorExtenso } from './money'

// Numbers and amounts in pt-BR words for generated legal documents (issue 25: procurações, contratos,
// recibos). The words come from money.ts's writer (already used by the financial receipts); this file
// adds the documents' range and the percentages. An amount a document could not be right about (a
// billion or more, a fraction of a centavo, a negative) is refused rather than written wrong.

/** The largest amount a document writes, in centavos: R$ 999.999.999,99. */
export const EXTENSO_MAX_CENTS = 99_999_999_999

/** The message of the RangeError for an amount outside 0..R$ 999.999.999,99. */
export const EXTENSO_OUT_OF_RANGE = 'Valor fora do intervalo por extenso (até R$ 999.999.999,99).'

/**
 * Integer centavos → 'mil e quinhentos reais', 'dois mil reais e um centavo', 'um milhão de reais'.
 * Throws a RangeError (EXTENSO_OUT_OF_RANGE) beyond R$ 999.999.999,99 or for a non-integer/negative.
 */
export function reaisPorExtenso(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > EXTENSO_MAX_CENTS) {
    throw new RangeError(EXTENSO_OUT_OF_RANGE)
  }
  return valorPorExtenso(cents)
}

/** A whole number 0..999.999.999 in words: 'mil e um', 'cento e um', 'zero'. */
export function numeroPorExtenso(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999) {
    throw new RangeError('Número fora do intervalo por extenso (0 a 999.999.999).')
  }
  return integerInWords(n)
}

/**
 * A percentage with up to two decimals in words, as contracts write it after the figure:
 * 30 → 'trinta por cento', 12.5 → 'doze inteiros e cinco décimos por cento',
 * 0.25 → 'vinte e cinco centésimos por cento', 1 → 'um por cento'. 0..100 only.
 */
export function percentualPorExtenso(value: number): string {
  const hundredths = Math.round(value * 100)
  if (!Number.isFinite(value) || value < 0 || value > 100 || Math.abs(hundredths - value * 100) > 1e-6) {
    throw new RangeError('Percentual inválido para escrever por extenso (0 a 100, até duas casas).')
  }
  const whole = Math.trunc(hundredths / 100)
  const fraction = hundredths % 100
  if (fraction === 0) return `${integerInWords(whole)} por cento`
  // 12,5 reads 'cinco décimos'; 12,25 'vinte e cinco centésimos'.
  const [n, unit] = fraction % 10 === 0 ? [fraction / 10, 'décimo'] : [fraction, 'centésimo']
  const decimals = `${integerInWords(n)} ${n === 1 ? unit : `${unit}s`}`
  if (whole === 0) return `${decimals} por cento`
  return `${integerInWords(whole)} ${whole === 1 ? 'inteiro' : 'inteiros'} e ${decimals} por cento`
}

/**
 * A count of a feminine noun (parcelas, vias, páginas) in words, 0..999.999: 'uma', 'duas', 'vinte e uma',
 * 'duzentas e duas', 'duas mil'. Only the units and hundreds change; 'mil' agrees with the noun too.
 */
export function numeroPorExtensoFeminino(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999) {
    throw new RangeError('Número fora do intervalo por extenso (0 a 999.999).')
  }
  return integerInWords(n)
    .replace(/\bum\b/g, 'uma')
    .replace(/\bdois\b/g, 'duas')
    .replace(/(duz|trez|quatroc|quinh|seisc|setec|oitoc|novec)entos\b/g, '$1entas')
}
