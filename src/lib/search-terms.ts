// Helpers to turn a search box's text into safe LIKE patterns. Shared by the list services.

/** Escapes LIKE's wildcards so a user's '%' or '_' matches itself (backslash is LIKE's default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

/** '%value%' with the wildcards of value escaped. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`
}

/** Lower case without accents, as the database's f_unaccent(lower(x)) does for Portuguese text. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** True when the text is only digits and the punctuation of masks: '529.982.247-25', '(11) 9876'. */
export function looksNumeric(value: string): boolean {
  return /^[\d\s().\-/+]+$/.test(value)
}

/** Whitespace-separated words, at most `max` of them (a pasted paragraph must not build a huge query). */
export function searchWords(value: string, max = 5): string[] {
  return value
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, max)
}
