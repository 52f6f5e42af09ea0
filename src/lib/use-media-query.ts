import { useCallback, useSyncExternalStore } from 'react'

/**
 * True while the CSS media query matches (e.g. '(min-width: 768px)'). Lists use it to render a table on
 * wide screens and cards on phones, instead of keeping both in the DOM and hiding one with CSS (which
 * doubles the rows and the accessible names a screen reader or a test has to tell apart).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
