// A success case must never identify the client (OAB ethics code, LGPD). We can't recognise names, but we
// can refuse the numbers that identify a person or a lawsuit: CPF (11 digits), CNPJ (14, also the 2026
// alphanumeric form) and the CNJ process number (20). Check digits are deliberately NOT verified: a
// mistyped CPF still points at someone.

// A run of digits joined by the separators those numbers are written with ('.', '-', '/'). Spaces end a
// run, so '2019 2020 2021' is three years, not a 12-digit number.
const DIGIT_RUN = /\d(?:[.\-/]?\d)*/g
const IDENTIFIER_DIGIT_COUNTS = new Set([11, 14, 20])

// Formatted alphanumeric CNPJ: AA.AAA.AAA/AAAA-DD (A = letter or digit) with letters in the first 12 positions.
const ALPHANUMERIC_CNPJ = /\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/gi

export function containsClientIdentifier(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/\D/g, '').length
    if (IDENTIFIER_DIGIT_COUNTS.has(digits)) return true
  }
  // A word that happens to end in two digits must hold a digit in its 12-char base too to count as a CNPJ.
  for (const match of text.matchAll(ALPHANUMERIC_CNPJ)) {
    if (/\d/.test(match[0].replace(/[./-]/g, '').slice(0, 12))) return true
  }
  return false
}
