import { paths } from '../../lib/paths'

// The pages analytics may name: the route patterns of src/lib/paths.ts and nothing else. A concrete path
// ('/advogados/maria-silva') is reduced to its pattern ('/advogados/:slug'); anything unknown is OTHER_PAGE,
// so no slug, id or token is ever stored.

export const OTHER_PAGE = '(outra)'

function collect(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value)
  else if (value && typeof value === 'object') for (const child of Object.values(value)) collect(child, into)
  return into
}

export const KNOWN_PATTERNS: readonly string[] = collect(paths, [])
const KNOWN = new Set(KNOWN_PATTERNS)
const SPLIT = KNOWN_PATTERNS.map((pattern) => pattern.split('/'))

/** The route pattern of `path` (a pattern itself or a concrete path), or OTHER_PAGE. */
export function normalizePattern(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? ''
  const trimmed = clean.length > 1 ? clean.replace(/\/+$/, '') : clean
  if (KNOWN.has(trimmed)) return trimmed
  const segments = trimmed.split('/')
  const match = SPLIT.find(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part === segments[i] || (part.startsWith(':') && segments[i] !== '')),
  )
  return match ? match.join('/') : OTHER_PAGE
}
