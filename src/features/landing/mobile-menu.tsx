import { AccountActions, type AccountActionsProps } from './account-actions'
import { NAV_ITEMS, SECTION_IDS } from './landing-nav'
import { useLandingText } from './use-landing-text'

interface MobileMenuProps extends Omit<AccountActionsProps, 'layout'> {
  id: string
  open: boolean
  /** Called when a link is followed, so the menu gets out of the way of the section it scrolled to. */
  onNavigate: () => void
}

/** Below the lg breakpoint, the top bar's anchors and account buttons, toggled by the menu button. */
export function MobileMenu({ id, open, onNavigate, ...account }: MobileMenuProps) {
  const text = useLandingText()
  return (
    <div id={id} hidden={!open} className="border-t border-border bg-background xl:hidden">
      <nav aria-label={text.menu.label} className="mx-auto max-w-6xl px-4 py-4 sm:px-6">
        <ul className="grid gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item}>
              <a
                href={`#${SECTION_IDS[item]}`}
                onClick={onNavigate}
                className="block rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                {text.nav[item]}
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-border pt-4">
          <AccountActions {...account} layout="menu" />
        </div>
      </nav>
    </div>
  )
}
