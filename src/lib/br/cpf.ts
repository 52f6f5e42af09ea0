import {
  formatCpf as libFormatCpf,
  generateCpf as libGenerateCpf,
  isValidCpf as libIsValidCpf,
} from '@brazilian-utils/brazilian-utils'

/**
 * CPF (Cadastro de Pessoas Físicas) helpers.
 *
 * Validation is delegated to @brazilian-utils (Receita Federal mod-11 rule; it already rejects
 * the repeated-digit numbers such as 111.111.111-11 that pass the checksum but are never issued).
 * Storage convention: keep the 11 bare digits (`cpfDigits`) and format only for display.
 */

const CPF_LENGTH = 11

/** Strips everything but digits: '529.982.247-25' → '52998224725'. Does not validate. */
export function cpfDigits(value: string | null | undefined): string {
  return typeof value === 'string' ? value.replace(/\D/g, '') : ''
}

/** Alias of `cpfDigits`, for symmetry with other "strip the mask" helpers. */
export const stripCpf = cpfDigits

/** Accepts masked ('529.982.247-25') or bare digits; checks length, check digits and repeated digits. */
export function isValidCpf(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false
  // The library tolerates whitespace between groups; anything else (letters, '_') must fail here
  // too, so a half-typed mask placeholder never counts as a valid CPF.
  if (!/^[\d.\-\s]+$/.test(value)) return false
  return libIsValidCpf(value)
}

/**
 * '52998224725' → '529.982.247-25'. Input that does not hold exactly 11 digits is returned as
 * given, so a display never invents a CPF out of partial data.
 */
export function formatCpf(value: string | null | undefined): string {
  if (typeof value !== 'string') return ''
  const digits = cpfDigits(value)
  return digits.length === CPF_LENGTH ? libFormatCpf(digits) : value
}

/** Progressive mask for an input being typed: '5299822' → '529.982.2'. Extra digits are dropped. */
export function maskCpfInput(partial: string | null | undefined): string {
  const digits = cpfDigits(partial).slice(0, CPF_LENGTH)
  return digits === '' ? '' : libFormatCpf(digits)
}

/**
 * A random valid CPF for demo/seed data (Math.random, not for anything security related).
 * Bare digits by default, because that is the storage format.
 */
export function generateCpf(options: { formatted?: boolean | undefined } = {}): string {
  const digits = libGenerateCpf()
  return options.formatted === true ? libFormatCpf(digits) : digits
}
