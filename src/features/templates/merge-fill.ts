import { mergeFieldLabel, PLACEHOLDER_PATTERN } from './merge-fields'

// Fills a template's HTML with the merge values (issue 25). Every value is HTML-escaped: a client named
// '<script>' is text in the document, never markup. A field with no value is marked in the preview
// ('Campo sem valor: RG do cliente') or, in the final document the user chose to generate anyway, left as
// a blank line to complete by hand. A `{x.y}` the values do not name (not a field) is left as it is.

export type FillMode = 'preview' | 'final'

export interface MissingField {
  key: string
  label: string
}

export interface FillResult {
  html: string
  /** The fields the text uses that had no value, once each, in order of first appearance. */
  missing: MissingField[]
}

/** What the final document prints for a field with no value. */
export const MISSING_BLANK = '__________'

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch)
}

export function fillHtml(
  html: string,
  values: Readonly<Record<string, string | null | undefined>>,
  { mode }: { mode: FillMode },
): FillResult {
  const missing = new Map<string, MissingField>()
  const filled = html.replace(PLACEHOLDER_PATTERN, (placeholder, key: string) => {
    if (!Object.hasOwn(values, key)) return placeholder
    const value = values[key]
    if (value !== null && value !== undefined && value.trim() !== '') return escapeHtml(value)
    const label = mergeFieldLabel(key)
    if (!missing.has(key)) missing.set(key, { key, label })
    if (mode === 'final') return MISSING_BLANK
    return `<mark data-missing="${escapeHtml(key)}">Campo sem valor: ${escapeHtml(label)}</mark>`
  })
  return { html: filled, missing: [...missing.values()] }
}
