import { generateCnpj as libGenerateCnpj } from '@brazilian-utils/brazilian-utils'

/**
 * CNPJ (Cadastro Nacional da Pessoa Jurídica) helpers, numeric and alphanumeric.
 *
 * From July 2026 the Receita Federal issues alphanumeric CNPJs (IN RFB 2.229/2024): the first 12
 * positions may be [0-9A-Z], the last 2 (check digits) stay numeric. Old numeric CNPJs remain
 * valid and are a special case of the same rule, so one validator covers both.
 *
 * The check-digit rule is implemented here rather than wrapped so that it is readable next to its
 * spec (manual-dv-cnpj.pdf): each char is worth `charCode - 48` (digits 0-9, 'A' = 17 … 'Z' = 42),
 * weights 5..2,9..2 for the first DV and 6..2,9..2 for the second, DV = 11 - (sum mod 11), and
 * 10/11 become 0. The test suite cross-checks it against @brazilian-utils.
 *
 * Storage convention: keep the normalized 14 chars (`normalizeCnpj`), format for display.
 */

const CNPJ_LENGTH = 14
const BASE_LENGTH = 12

const FIRST_DV_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const
const SECOND_DV_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const

const NORMALIZED_SHAPE = /^[0-9A-Z]{12}\d{2}$/

/**
 * Removes the mask characters ('.', '/', '-', whitespace) and uppercases, because the alphanumeric
 * CNPJ is case-insensitive on input but canonical in uppercase. Other characters are kept so that
 * validation can still reject them.
 */
export function normalizeCnpj(value: string | null | undefined): string {
  return typeof value === 'string' ? value.replace(/[.\-/\s]/g, '').toUpperCase() : ''
}

function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0
  for (let i = 0; i < weights.length; i++) {
    // charCodeAt on an in-range index is always a number; weights[i] is guarded by the loop bound.
    sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0)
  }
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/** The two check digits for a 12-char base ([0-9A-Z], already normalized). */
export function computeCnpjCheckDigits(base: string): string {
  const normalized = normalizeCnpj(base)
  if (!/^[0-9A-Z]{12}$/.test(normalized)) {
    throw new TypeError(`CNPJ base must be 12 chars [0-9A-Z], got "${base}"`)
  }
  const first = checkDigit(normalized, FIRST_DV_WEIGHTS)
  const second = checkDigit(normalized + String(first), SECOND_DV_WEIGHTS)
  return `${first}${second}`
}

/**
 * Numeric ('11.222.333/0001-81') or alphanumeric ('12.ABC.345/01DE-35'), masked or not, any case.
 * All-same-digit numbers ('00.000.000/0000-00', '11111111111111') are rejected: some pass the
 * checksum but are never issued and are typical placeholder junk.
 */
export function isValidCnpj(value: string | null | undefined): boolean {
  const cnpj = normalizeCnpj(value)
  if (!NORMALIZED_SHAPE.test(cnpj)) return false
  if (/^(.)\1+$/.test(cnpj)) return false
  return cnpj.slice(BASE_LENGTH) === computeCnpjCheckDigits(cnpj.slice(0, BASE_LENGTH))
}

/** True for a normalized CNPJ that uses letters (the 2026 format). Does not validate. */
export function isAlphanumericCnpj(value: string | null | undefined): boolean {
  return /[A-Z]/.test(normalizeCnpj(value))
}

function applyMask(chars: string): string {
  // 00.000.000/0000-00 shape; separators are only emitted once a char follows them, which makes this
  // usable both for full values and for progressive typing.
  let out = ''
  for (let i = 0; i < chars.length; i++) {
    if (i === 2 || i === 5) out += '.'
    else if (i === 8) out += '/'
    else if (i === 12) out += '-'
    out += chars.charAt(i)
  }
  return out
}

/**
 * '11222333000181' → '11.222.333/0001-81', '12abc34501de35' → '12.ABC.345/01DE-35'. Input that is
 * not 14 CNPJ-shaped chars is returned unchanged, so a display never invents a CNPJ.
 */
export function formatCnpj(value: string | null | undefined): string {
  if (typeof value !== 'string') return ''
  const cnpj = normalizeCnpj(value)
  return NORMALIZED_SHAPE.test(cnpj) ? applyMask(cnpj) : value
}

/**
 * Progressive mask for an input being typed. Letters are allowed in the first 12 positions only
 * (the check digits are always numeric); anything else is dropped.
 */
export function maskCnpjInput(partial: string | null | undefined): string {
  if (typeof partial !== 'string') return ''
  let chars = ''
  for (const ch of partial.toUpperCase()) {
    if (chars.length >= CNPJ_LENGTH) break
    const allowed = chars.length < BASE_LENGTH ? /[0-9A-Z]/ : /\d/
    if (allowed.test(ch)) chars += ch
  }
  return applyMask(chars)
}

/**
 * A random valid CNPJ for demo/seed data (Math.random, not for anything security related).
 * Numeric by default because most existing records are; `alphanumeric: true` for the 2026 format.
 * Bare chars by default (the storage format), `formatted: true` for the mask.
 */
export function generateCnpj(
  options: { formatted?: boolean | undefined; alphanumeric?: boolean | undefined } = {},
): string {
  const cnpj = libGenerateCnpj(options.alphanumeric === true ? 2 : 1)
  return options.formatted === true ? applyMask(cnpj) : cnpj
}
