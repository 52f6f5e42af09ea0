import { useState } from 'react'

/**
 * Where a keyset (cursor) list is, read one page at a time with 'Anterior' / 'Próxima': the cursors of
 * the pages visited so far, so going back reuses the cursor (and the cached page) instead of recomputing
 * anything. `cursor` is the current page's (null on the first); `next(cursor)` takes the server's
 * nextCursor; `reset()` goes back to the first page (new filters).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<readonly (string | null)[]>([null])
  const page = cursors.length - 1
  return {
    cursor: cursors[page] ?? null,
    /** 1 on the first page. */
    pageNumber: page + 1,
    hasPrevious: page > 0,
    previous: () => setCursors((current) => (current.length > 1 ? current.slice(0, -1) : current)),
    next: (cursor: string) => setCursors((current) => [...current, cursor]),
    reset: () => setCursors([null]),
  }
}

/**
 * The "has more / go there" pair of a cursor page: the next page's cursor, or null on the last page and
 * while the page shown is still the previous filters' placeholder (its cursor belongs to them).
 */
export function nextCursorOf(query: {
  data: { nextCursor: string | null } | undefined
  isPlaceholderData: boolean
}): string | null {
  return query.isPlaceholderData ? null : (query.data?.nextCursor ?? null)
}
