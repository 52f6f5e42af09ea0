import { getAreaCodeInfo } from '@brazilian-utils/brazilian-utils'
import type { Uf } from './uf'

/**
 * Brazilian phone numbers (Anatel numbering plan, Resolução 749/2022), national format with DDD:
 * - landline: DDD + 8 digits whose first digit is 2-5 (STFC range) → '(11) 3456-7890'
 * - mobile: DDD + 9 digits starting with 9 → '(11) 98765-4321'
 *
 * @brazilian-utils' own isValidPhone is looser on landlines (it accepts a leading 6-8, which Anatel
 * reserves), so only its DDD table is reused here.
 *
 * Storage convention: keep the 10/11 national digits (`phoneDigits`); `toE164` for WhatsApp/SMS APIs.
 */

export type PhoneType = 'mobile' | 'landline'

const ALLOWED_CHARS = /^[\d\s()+\-.]*$/

/**
 * National digits (DDD + number) from any common way of writing a phone: masks, '+55', '0055', or
 * the domestic long-distance '0' prefix ('(011) 98765-4321'). A prefix is only stripped when what
 * remains is 10 or 11 digits starting with a DDD in use, so DDD 55 (RS) numbers and 0800 numbers
 * are never mangled. Returns the bare digits otherwise (may be invalid).
 */
export function phoneDigits(value: string | null | undefined): string {
  if (typeof value !== 'string') return ''
  const digits = value.replace(/\D/g, '')
  for (const prefix of ['0055', '55', '0']) {
    const rest = digits.slice(prefix.length)
    if (
      digits.startsWith(prefix) &&
      (rest.length === 10 || rest.length === 11) &&
      isValidDdd(rest.slice(0, 2))
    ) {
      return rest
    }
  }
  return digits
}

/** True for one of the 67 DDDs in use ('11', 21, …). */
export function isValidDdd(ddd: string | number): boolean {
  const text = String(ddd)
  return /^[1-9]\d$/.test(text) && getAreaCodeInfo(text) !== null
}

/** UF where a DDD is seated ('11' → 'SP', '61' → 'DF'); null for an unused DDD. */
export function ufOfDdd(ddd: string | number): Uf | null {
  const text = String(ddd)
  if (!/^[1-9]\d$/.test(text)) return null
  return getAreaCodeInfo(text)?.stateCode ?? null
}

/** 'mobile' | 'landline' for a valid Brazilian number, null otherwise. */
export function phoneType(value: string | null | undefined): PhoneType | null {
  if (typeof value !== 'string' || !ALLOWED_CHARS.test(value)) return null
  const digits = phoneDigits(value)
  if (!isValidDdd(digits.slice(0, 2))) return null
  if (/^\d{2}9\d{8}$/.test(digits)) return 'mobile'
  if (/^\d{2}[2-5]\d{7}$/.test(digits)) return 'landline'
  return null
}

/** Valid DDD and a landline (10 digits, 2-5) or mobile (11 digits, 9) number. Masks and +55 accepted. */
export function isValidPhone(value: string | null | undefined): boolean {
  return phoneType(value) !== null
}

export function isMobilePhone(value: string | null | undefined): boolean {
  return phoneType(value) === 'mobile'
}

function layout(digits: string): string {
  // Progressive: '(' appears with the first digit, ') ' once the number starts, '-' once the last
  // 4 digits start. A mobile (first digit 9) is laid out 5-4 from the start so the mask does not
  // jump from '(11) 9876-5432' to '(11) 98765-4321' when the 11th digit arrives.
  if (digits === '') return ''
  const ddd = digits.slice(0, 2)
  const number = digits.slice(2)
  if (number === '') return `(${ddd}`
  const head = number.startsWith('9') ? 5 : 4
  const tail = number.slice(head)
  return `(${ddd}) ${number.slice(0, head)}${tail === '' ? '' : `-${tail}`}`
}

/**
 * '11987654321' → '(11) 98765-4321', '+55 11 3456-7890' → '(11) 3456-7890'. Input that is not
 * 10/11 national digits with a DDD in use (e.g. '0800 123 4567') is returned unchanged, so a
 * display never garbles a number it does not understand.
 */
export function formatPhone(value: string | null | undefined): string {
  if (typeof value !== 'string') return ''
  const digits = phoneDigits(value)
  const formattable = (digits.length === 10 || digits.length === 11) && isValidDdd(digits.slice(0, 2))
  return formattable ? layout(digits) : value
}

/** Progressive mask for an input being typed (national format, max 11 digits). */
export function maskPhoneInput(partial: string | null | undefined): string {
  const digits = typeof partial === 'string' ? partial.replace(/\D/g, '') : ''
  // A mobile needs 11 digits, a landline 10: cap accordingly so an extra keystroke is ignored.
  const max = digits.charAt(2) === '9' ? 11 : 10
  return layout(digits.slice(0, max))
}

/** '+5511987654321' for a valid number, null otherwise. */
export function toE164(value: string | null | undefined): string | null {
  return isValidPhone(value) ? `+55${phoneDigits(value)}` : null
}
