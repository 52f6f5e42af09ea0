import { Menu, Scale, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { paths } from '../../lib/paths'
import { AccountActions, type AccountActionsProps } from './account-actions'
import { MobileMenu } from './mobile-menu'
import { NAV_ITEMS, SECTION_IDS } from './landing-nav'
import { buttonClass } from './landing-ui'
import { ThemeToggle } from './theme-toggle'
import { useLandingText } from './use-landing-text'

const MOBILE_MENU_ID = 'menu-mobile'

export function TopBar(account: Omit<AccountActionsProps, 'layout'>) {
  const text = useLandingText()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <a
          href={paths.home}
          aria-label={text.brand.home}
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Scale aria-hidden className="size-5" />
          </span>
          {text.brand.name}
        </a>

        <nav aria-label={text.nav.label} className="hidden flex-1 justify-center xl:flex">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item}>
                <a
                  href={`#${SECTION_IDS[item]}`}
                  className="rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {text.nav[item]}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 xl:ml-0">
          <ThemeToggle />
          <div className="hidden xl:block">
            <AccountActions {...account} layout="bar" />
          </div>
          <button
            ref={menuButton}
            type="button"
            className={`${buttonClass.icon} xl:hidden`}
            aria-label={menuOpen ? text.menu.close : text.menu.open}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </button>
        </div>
      </div>
      <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onNavigate={() => setMenuOpen(false)} {...account} />
    </header>
  )
}
