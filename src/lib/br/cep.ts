/**
 * CEP (Código de Endereçamento Postal): 8 digits, displayed '01310-100'.
 * Implemented locally (it is trivial) so that '00000-000', a common placeholder that the
 * Correios never assign, can be rejected. Address lookup (ViaCEP etc.) is a network concern and
 * does not belong in this pure module.
 */

/** Digits only: '01310-100' → '01310100'. Does not validate. */
export function cepDigits(value: string | null | undefined): string {
  return typeof value === 'string' ? value.replace(/\D/g, '') : ''
}

/** '01310-100', '01310100', '01.310-100' → true. Letters, wrong length or all zeros → false. */
export function isValidCep(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || !/^[\d.\-\s]+$/.test(value)) return false
  const digits = cepDigits(value)
  return /^\d{8}$/.test(digits) && digits !== '00000000'
}

/** '01310100' → '01310-100'; input that is not 8 digits is returned unchanged. */
export function formatCep(value: string | null | undefined): string {
  if (typeof value !== 'string') return ''
  const digits = cepDigits(value)
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : value
}

/** Progressive mask for an input being typed: '013101' → '01310-1'. Extra digits are dropped. */
export function maskCepInput(partial: string | null | undefined): string {
  const digits = cepDigits(partial).slice(0, 8)
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits
}
