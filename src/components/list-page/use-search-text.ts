import { useState } from 'react'
import { useDebouncedValue } from '../../lib/use-debounced-value'

/** How long the search box waits after the last keystroke before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * A list's search box: `searchText` as typed (the input's value; an export uses it as it is now) and
 * `search`, trimmed and settled for SEARCH_DEBOUNCE_MS, for the list's query key.
 */
export function useSearchText(initial: string | (() => string) = '') {
  const [searchText, setSearchText] = useState(initial)
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  return { searchText, setSearchText, search }
}
