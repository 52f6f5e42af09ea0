import { useCallback, useRef, type RefObject } from 'react'

const focusedElement = (active: Element | null) => (active instanceof HTMLElement ? active : null)

/**
 * Focus for dialogs opened from row buttons (there is no Radix trigger to go back to): `remember()` notes
 * what has focus as a dialog opens; `returnFocus`, the dialog's onCloseAutoFocus, puts focus back there,
 * or on `fallback` (the search box, the page title) when that element is gone (a removed row's button).
 * `openerOf` may map the focused element to the one to return to (a menu item → its menu's button).
 */
export function useReturnFocus(
  fallback: RefObject<HTMLElement | null>,
  openerOf: (active: Element | null) => HTMLElement | null = focusedElement,
) {
  const openerRef = useRef<HTMLElement | null>(null)
  const remember = () => {
    openerRef.current = openerOf(document.activeElement)
  }
  const returnFocus = useCallback(
    (event: Event) => {
      event.preventDefault()
      const opener = openerRef.current
      if (opener?.isConnected) opener.focus()
      else fallback.current?.focus()
    },
    [fallback],
  )
  return { remember, returnFocus }
}
