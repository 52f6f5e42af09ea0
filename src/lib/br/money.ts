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
