import { parseOab } from '../../lib/br/oab'
import type { Uf } from '../../lib/br/uf'

// The pure half of the lawyer search: what the text means, the order's segments and the cursor.
//
// Order (issue 13): verified OAB first, then relevance, then the most complete profile, then id — never
// anything paid. `ordem_diretorio` holds 1000 × verified + completeness, so one descending index walk over
// (ordem_diretorio, id) already gives "verified, then complete". A name search adds relevance between
// the two: the rows are split into SEGMENTS (verified × word-start match, verified × match elsewhere,
// unverified × word-start, unverified × elsewhere), each read in index order and concatenated. Every
// segment is an index range, so the first page never sorts the thousands of "silva" that match.

export type SearchText =
  { kind: 'none' } | { kind: 'oab'; number: string; uf: Uf | null } | { kind: 'name'; text: string }

const OAB_NUMBER_ONLY = /^(?:OAB\s*)?(\d{1,3}\.\d{3}|\d{1,6})(?:[\s-]?[A-Za-z])?$/i

/**
 * '123456', '123.456', '123456/SP', 'SP 123456', 'OAB/SP 123.456' → an OAB search (digits without leading
 * zeros, UF when given); anything else with letters → a name fragment.
 */
export function parseSearchText(raw: string | undefined): SearchText {
  const text = (raw ?? '').trim().replace(/\s+/g, ' ')
  if (!text) return { kind: 'none' }
  const withUf = parseOab(text)
  if (withUf) return { kind: 'oab', number: withUf.number, uf: withUf.uf }
  const alone = OAB_NUMBER_ONLY.exec(text)
  if (alone?.[1]) {
    const digits = alone[1].replace(/\D/g, '').replace(/^0+/, '')
    if (digits) return { kind: 'oab', number: digits, uf: null }
  }
  return { kind: 'name', text }
}

/** Rows a name search walks in rank order before it asks the trigram index instead (readByName). */
export const WALK_CAP = 2000

/** Escapes LIKE's wildcards so the visitor's text is matched literally (the query uses ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

export interface Segment {
  /** null = both */
  verified: boolean | null
  /** For a name search: 'word-start' = some word of the name starts with the text; 'elsewhere' = the rest. */
  match: 'word-start' | 'elsewhere' | null
}

export function segmentsFor(text: SearchText): Segment[] {
  if (text.kind !== 'name') return [{ verified: null, match: null }]
  return [
    { verified: true, match: 'word-start' },
    { verified: true, match: 'elsewhere' },
    { verified: false, match: 'word-start' },
    { verified: false, match: 'elsewhere' },
  ]
}

/** Where the previous page stopped: segment index, then (ordem_diretorio, id) of its last row. */
export interface Cursor {
  segment: number
  rank: number
  id: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function encodeCursor(cursor: Cursor): string {
  return btoaUrl(`${cursor.segment}.${cursor.rank}.${cursor.id}`)
}

/** null for anything that is not a cursor this code wrote (the route answers 400). */
export function decodeCursor(value: string): Cursor | null {
  let decoded: string
  try {
    decoded = atobUrl(value)
  } catch {
    return null
  }
  const [segment, rank, id, ...rest] = decoded.split('.')
  if (rest.length || !segment || !rank || !id) return null
  if (!/^\d{1,2}$/.test(segment) || !/^\d{1,5}$/.test(rank) || !UUID.test(id)) return null
  return { segment: Number(segment), rank: Number(rank), id }
}

function btoaUrl(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function atobUrl(text: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url')
  return atob(text.replace(/-/g, '+').replace(/_/g, '/'))
}
