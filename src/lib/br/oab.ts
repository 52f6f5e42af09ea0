import { UFS, isUf, type Uf } from './uf'

/**
 * OAB (Ordem dos Advogados do Brasil) registration: a number issued by each state section
 * (seccional), so it is only meaningful together with the UF. Up to 6 digits, optionally followed
 * by a one-letter suffix some sections use (e.g. 'A'/'B' for supplementary registrations,
 * 'E' for estagiários). There is no check digit: validation is structural only.
 *
 * Canonical display: '123.456/SP', '123.456-A/SP'.
 */

export type OabRegistration = {
  /** Digits only, leading zeros removed ('012345' → '12345'), because sections do not print them. */
  number: string
  /** Uppercase suffix letter or null. */
  suffix: string | null
  uf: Uf
  /** '123.456/SP' or '123.456-A/SP' */
  formatted: string
}

// Number: 1-6 digits, or thousands-grouped ('123.456'). Suffix: one letter, optionally after '-' or a space.
const NUMBER = String.raw`(\d{1,3}\.\d{3}|\d{1,6})`
const SUFFIX = String.raw`(?:[\s-]?([A-Z]))?`
const UF = `(${UFS.join('|')})`
const SEP = String.raw`[\s/\-:]*`

// Both orders are common: '123456/SP' (how sections print it) and 'SP 123.456' / 'OAB/SP 123456'
// (how petitions cite it). Anchored so free text with extra tokens does not half-match.
const NUMBER_FIRST = new RegExp(`^${NUMBER}${SUFFIX}${SEP}${UF}$`)
const UF_FIRST = new RegExp(`^${UF}${SEP}${NUMBER}${SUFFIX}$`)
const NUMBER_ONLY = new RegExp(`^${NUMBER}${SUFFIX}$`)

function cleanInput(value: string): string {
  return (
    value
      .trim()
      .toUpperCase()
      // 'OAB/SP nº 123.456': drop the council name and the "número" marker before matching.
      .replace(/^OAB\b[\s/\-:]*/, '')
      .replace(/\bN\s*[º°.]\s*/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

function normalizeNumber(raw: string): string | null {
  const digits = raw.replace(/\D/g, '').replace(/^0+/, '')
  // All zeros is never issued and is the usual "unknown" placeholder.
  return digits === '' ? null : digits
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/**
 * Parses the common ways to write an OAB registration: '123456/SP', '123.456/SP', '123456-A/SP',
 * '123456 SP', 'SP 123.456', 'SP123456', 'OAB/SP 123.456', 'OAB/SP nº 123.456-E', any case.
 * Returns null when the number or the UF is missing/invalid.
 */
export function parseOab(value: string | null | undefined): OabRegistration | null {
  if (typeof value !== 'string') return null
  const text = cleanInput(value)

  let rawNumber: string | undefined
  let suffix: string | undefined
  let uf: string | undefined
  const numberFirst = NUMBER_FIRST.exec(text)
  if (numberFirst !== null) {
    ;[, rawNumber, suffix, uf] = numberFirst
  } else {
    const ufFirst = UF_FIRST.exec(text)
    if (ufFirst === null) return null
    ;[, uf, rawNumber, suffix] = ufFirst
  }

  const number = rawNumber === undefined ? null : normalizeNumber(rawNumber)
  if (number === null || !isUf(uf)) return null
  const normalizedSuffix = suffix ?? null
  return { number, suffix: normalizedSuffix, uf, formatted: formatOab(number, uf, normalizedSuffix) }
}

/**
 * Validates the number field alone (no UF): '123456', '123.456', '1234', '123456-A', '123456A'.
 * Rejects more than 6 digits, all zeros, more than one letter, and anything else.
 */
export function isValidOabNumber(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false
  const match = NUMBER_ONLY.exec(value.trim().toUpperCase())
  return match?.[1] !== undefined && normalizeNumber(match[1]) !== null
}

/** True when the whole registration (number + UF) parses. */
export function isValidOab(value: string | null | undefined): boolean {
  return parseOab(value) !== null
}

/**
 * formatOab('123456', 'SP') → '123.456/SP'; formatOab('123456', 'sp', 'a') → '123.456-A/SP'.
 * The number may come masked ('123.456'). Throws TypeError on an invalid number or UF, because
 * formatting is meant for values that were already validated.
 */
export function formatOab(number: string | number, uf: string, suffix?: string | null): string {
  const digits = normalizeNumber(String(number))
  const upperUf = uf.trim().toUpperCase()
  const upperSuffix = suffix == null || suffix === '' ? null : suffix.trim().toUpperCase()
  if (digits === null || digits.length > 6 || !/^[\d.]+$/.test(String(number).trim())) {
    throw new TypeError(`Invalid OAB number: ${String(number)}`)
  }
  if (!isUf(upperUf)) throw new TypeError(`Invalid UF: ${uf}`)
  if (upperSuffix !== null && !/^[A-Z]$/.test(upperSuffix))
    throw new TypeError(`Invalid OAB suffix: ${suffix}`)
  return `${groupThousands(digits)}${upperSuffix === null ? '' : `-${upperSuffix}`}/${upperUf}`
}
