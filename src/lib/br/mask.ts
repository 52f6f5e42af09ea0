import { cpfDigits } from './cpf'
import { normalizeCnpj } from './cnpj'
import { phoneDigits } from './phone'

// LGPD-style masking for showing personal data to people who only need to recognise it
// (lists, logs, confirmation screens). Rules, chosen to match what Brazilian public portals do:
//
// - e-mail: first 2 chars of the local part (1 when it has fewer than 4), then '***'; the domain is
//   kept because it is rarely identifying and helps the user recognise which address it is.
//   'joao.silva@gmail.com' → 'jo***@gmail.com'.
// - phone: DDD and last 4 digits kept, the rest starred, with the real mask shape.
//   '(11) 98765-4321' → '(11) *****-4321'.
// - CPF: the gov.br / Portal da Transparência pattern, first 3 and the 2 check digits hidden:
//   '529.982.247-25' → '***.982.247-**'.
// - CNPJ: a company's CNPJ is public, but an MEI's identifies its owner, so it is masked too,
//   keeping only the first 2 and last 2 chars: '11.222.333/0001-81' → '11.***.***/****-81'.
//
// Anything that cannot be recognised is fully hidden ('***') rather than shown: failing closed is
// the point of masking.

const HIDDEN = '***'

/** 'joao.silva@gmail.com' → 'jo***@gmail.com'; 'a@x.com' → 'a***@x.com'. */
export function maskEmail(value: string | null | undefined): string {
  if (typeof value !== 'string') return HIDDEN
  const email = value.trim()
  const at = email.lastIndexOf('@')
  if (at <= 0 || at === email.length - 1) return HIDDEN
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  // Show 2 chars only when at least as many stay hidden, so short locals are not given away.
  const keep = local.length >= 4 ? 2 : 1
  return `${local.slice(0, keep)}${HIDDEN}@${domain}`
}

/**
 * '(11) 98765-4321' → '(11) *****-4321', '(11) 3456-7890' → '(11) ****-7890' (+55 accepted).
 * Other digit runs keep only their last 4 digits behind a fixed-width '****', so the length is not
 * revealed ('98765-4321' → '****4321'); fewer than 5 digits → '***'.
 */
export function maskPhone(value: string | null | undefined): string {
  const digits = phoneDigits(value)
  if (digits.length === 10 || digits.length === 11) {
    const hidden = '*'.repeat(digits.length - 6)
    return `(${digits.slice(0, 2)}) ${hidden}-${digits.slice(-4)}`
  }
  return digits.length >= 5 ? `****${digits.slice(-4)}` : HIDDEN
}

/** '529.982.247-25' or '52998224725' → '***.982.247-**'; not 11 digits → '***'. */
export function maskCpf(value: string | null | undefined): string {
  const digits = cpfDigits(value)
  if (digits.length !== 11) return HIDDEN
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`
}

// '11.222.333/0001-81' → '11.***.***/****-81' (alphanumeric too); not 14 chars → '***'.
// (A line comment because the mask itself contains the block-comment terminator.)
export function maskCnpj(value: string | null | undefined): string {
  const cnpj = normalizeCnpj(value)
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return HIDDEN
  return `${cnpj.slice(0, 2)}.***.***/****-${cnpj.slice(-2)}`
}

/**
 * Masks a CPF or CNPJ, picking by shape: 11 digits → CPF, 14 CNPJ chars → CNPJ, anything else
 * '***'. Useful for a "documento" column holding either.
 */
export function maskDocument(value: string | null | undefined): string {
  if (typeof value !== 'string') return HIDDEN
  const normalized = normalizeCnpj(value)
  if (/^\d{11}$/.test(normalized)) return maskCpf(normalized)
  return maskCnpj(normalized)
}
