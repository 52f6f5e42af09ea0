/**
 * BRL money helpers. Display goes through Intl (pt-BR), whose output has a NO-BREAK SPACE
 * (U+00A0) after 'R$' — keep it: it stops the symbol from wrapping away from the amount.
 * Parsing is hand-written because Intl has no parser and user input mixes pt-BR ('1.234,50')
 * with programmer notation ('1234.5').
 */

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/**
 * 1234.5 → 'R$\u00a01.234,50'; strings are parsed with `parseBRL` first ('1.234,5' works).
 * Values are rounded to centavos the same way `parseBRL` does (1.005 → 'R$\u00a01,01'), so what
 * is displayed matches what would be stored. null/undefined/unparseable → '' so templates can
 * render it without a guard.
 */
export function formatBRL(value: number | string | null | undefined): string {
  const cents = parseBRLToCents(value)
  return cents === null ? '' : BRL.format(cents / 100)
}

/** Integer centavos → 'R$\u00a01.234,50' (money is best stored as integer cents). */
export function centsToBRL(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return ''
  return BRL.format(cents / 100)
}

function isGrouped(intPart: string, separator: string): boolean {
  const groups = intPart.split(separator)
  const [first, ...rest] = groups
  return first !== undefined && /^\d{1,3}$/.test(first) && rest.every((g) => /^\d{3}$/.test(g))
}

/**
 * Reads an amount in the ways people type it and returns reais (rounded to centavos), or null.
 * - 'R$ 1.234,50', '1.234,50', '1234,5', '-R$ 10,00', 'R$ -10,00'
 * - '1234.5', '10.50' (a single dot followed by 1-2 digits is a decimal point)
 * - '1.234' and '1.234.567' are thousands (pt-BR reading), '1,234.50' is also understood
 * Mis-grouped thousands ('1.23,50') and stray characters are rejected rather than guessed.
 * Numbers pass through, rounded to centavos.
 */
export function parseBRL(input: string | number | null | undefined): number | null {
  const cents = parseBRLToCents(input)
  return cents === null ? null : cents / 100
}

/** Like `parseBRL` but in integer centavos ('R$ 1.234,50' → 123450), the safe unit for arithmetic. */
export function parseBRLToCents(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return numberToCents(input)
  if (typeof input !== 'string') return null

  let text = input.replace(/\s/g, '').replace(/^R\$/i, '')
  let negative = false
  if (text.startsWith('-')) {
    negative = true
    text = text.slice(1).replace(/^R\$/i, '')
  }
  if (!/^\d[\d.,]*$/.test(text)) return null

  const lastComma = text.lastIndexOf(',')
  const lastDot = text.lastIndexOf('.')
  let decimalSep: ',' | '.' | null = null
  if (lastComma >= 0 && lastDot >= 0) {
    decimalSep = lastComma > lastDot ? ',' : '.'
  } else if (lastComma >= 0) {
    // One comma is the pt-BR decimal comma; several can only be (en-style) thousands.
    decimalSep = text.indexOf(',') === lastComma ? ',' : null
  } else if (lastDot >= 0) {
    // One dot followed by exactly 3 digits reads as pt-BR thousands ('1.234' is mil duzentos…);
    // otherwise a single dot is a decimal point ('1234.5').
    const single = text.indexOf('.') === lastDot
    decimalSep = single && text.length - lastDot - 1 !== 3 ? '.' : null
  }

  const decimalAt = decimalSep === null ? -1 : text.lastIndexOf(decimalSep)
  const intPart = decimalAt === -1 ? text : text.slice(0, decimalAt)
  const fraction = decimalAt === -1 ? '' : text.slice(decimalAt + 1)
  if (!/^\d*$/.test(fraction)) return null

  const thousandsSep = /[.,]/.exec(intPart)?.[0]
  if (thousandsSep !== undefined && !isGrouped(intPart, thousandsSep)) return null
  return decimalToCents(intPart.replace(/[.,]/g, ''), fraction, negative)
}

/**
 * Rounds on the decimal digits themselves (half away from zero) instead of `Math.round(x * 100)`,
 * because 1.005 * 100 is 100.49999… in binary floating point and would round down.
 */
function decimalToCents(intDigits: string, fraction: string, negative: boolean): number | null {
  const padded = fraction.padEnd(3, '0')
  const roundUp = Number(padded.charAt(2)) >= 5 ? 1 : 0
  const cents = Number(intDigits) * 100 + Number(padded.slice(0, 2)) + roundUp
  if (!Number.isFinite(cents)) return null
  // Avoid -0 so callers comparing with Object.is / toBe(0) are not surprised.
  return negative && cents !== 0 ? -cents : cents
}

function numberToCents(amount: number): number | null {
  if (!Number.isFinite(amount)) return null
  const abs = Math.abs(amount)
  // Beyond 1e15 reais centavos are below double precision anyway; toPrecision would go exponential.
  if (abs >= 1e15) return Math.round(amount * 100)
  // toPrecision switches to exponent notation below 1e-6; such amounts are 0 centavos anyway.
  if (abs < 1e-6) return 0
  // 15 significant digits is the precision a double reliably holds, so this prints 0.1 + 0.2 as
  // 0.300000000000000 and 1.005 as 1.00500000000000, which then round as a human expects.
  const [intDigits = '0', fraction = ''] = abs.toPrecision(15).split('.')
  return decimalToCents(intDigits, fraction, amount < 0)
}

// ---- Integer centavos ↔ the wire (issue 11). The database keeps numeric(14,2), the API sends it as the string
// '1234.56', code computes in integer centavos: no step ever goes through a binary float.

/** 123456 → '1234.56', -5 → '-0.05' (the wire and SQL form of an amount). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`centavos inválidos: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * '1234.56' / '1234.5' / '1234' / '-0.05' (a numeric as PostgreSQL prints it) → integer centavos, read digit by
 * digit; null when the text is not such a number or has more than 2 decimals (never rounds silently).
 */
export function parseDecimalCents(value: string): number | null {
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value.trim())
  if (!match) return null
  const [, sign, intDigits = '0', fraction = ''] = match
  const cents = Number(intDigits) * 100 + Number(fraction.padEnd(2, '0'))
  return sign === '-' && cents !== 0 ? -cents : cents
}

/**
 * Splits a total into `count` parcels of whole centavos: each gets the floor of the division and the
 * remainder goes on the LAST one (100.00 / 3 → 33.33 + 33.33 + 33.34), so the parcels always add up exactly.
 */
export function splitInstallments(totalCents: number, count: number): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) throw new RangeError('total inválido')
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('número de parcelas inválido')
  const base = Math.floor(totalCents / count)
  const parcels = Array.from({ length: count }, () => base)
  parcels[count - 1] = base + (totalCents - base * count)
  return parcels
}

const UNITS = [
  '',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
] as const
const TENS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
] as const
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
] as const

/** 0..999 in words ('cem' alone, 'cento e um'). */
function hundredsInWords(n: number): string {
  if (n === 100) return 'cem'
  const parts: string[] = []
  const h = Math.trunc(n / 100)
  const rest = n % 100
  if (h > 0) parts.push(HUNDREDS[h] ?? '')
  if (rest > 0 && rest < 20) parts.push(UNITS[rest] ?? '')
  else if (rest >= 20) {
    const t = Math.trunc(rest / 10)
    const u = rest % 10
    parts.push(u > 0 ? `${TENS[t] ?? ''} e ${UNITS[u] ?? ''}` : (TENS[t] ?? ''))
  }
  return parts.join(' e ')
}

const SCALES = [
  ['', ''],
  ['mil', 'mil'],
  ['milhão', 'milhões'],
  ['bilhão', 'bilhões'],
] as const

/** A whole number (0 ≤ n < 10¹²) in pt-BR words, 'mil' without 'um', 'e' before a last round group. */
export function integerInWords(n: number): string {
  if (n === 0) return 'zero'
  const groups: number[] = []
  for (let rest = n; rest > 0; rest = Math.trunc(rest / 1000)) groups.push(rest % 1000)
  const named = groups
    .map((value, scale) => ({ value, scale }))
    .filter((g) => g.value > 0)
    .reverse()
  return named
    .map(({ value, scale }, index) => {
      const [singular, plural] = SCALES[scale] ?? ['', '']
      let words: string
      if (scale === 0) words = hundredsInWords(value)
      else if (scale === 1) words = value === 1 ? 'mil' : `${hundredsInWords(value)} mil`
      else words = `${hundredsInWords(value)} ${value === 1 ? singular : plural}`
      if (index === 0) return words
      // "mil e duzentos", "um milhão e quinhentos mil": 'e' joins the last group when it is round
      // (below 100 or whole hundreds); otherwise the groups just follow ("mil duzentos e cinquenta").
      const last = index === named.length - 1
      return `${last && (value < 100 || value % 100 === 0) ? ' e ' : ' '}${words}`
    })
    .join('')
}

/**
 * Integer centavos → the amount in words as receipts and contracts write it: 'um real', 'mil e duzentos reais
 * e cinquenta centavos', 'um milhão de reais', 'cinquenta centavos'. Up to 999.999.999.999,99.
 */
export function valorPorExtenso(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents >= 100_000_000_000_000) {
    throw new RangeError('valor fora do intervalo')
  }
  const reais = Math.trunc(cents / 100)
  const centavos = cents % 100
  const parts: string[] = []
  if (reais > 0) {
    // "um milhão de reais" / "dois bilhões de reais": a round million takes 'de'.
    const de = reais >= 1_000_000 && reais % 1_000_000 === 0 ? ' de' : ''
    parts.push(`${integerInWords(reais)}${de} ${reais === 1 ? 'real' : 'reais'}`)
  }
  if (centavos > 0) parts.push(`${integerInWords(centavos)} ${centavos === 1 ? 'centavo' : 'centavos'}`)
  return parts.length === 0 ? 'zero reais' : parts.join(' e ')
}
