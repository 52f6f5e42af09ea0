import { LayoutDashboard, LogOut, ShieldCheck } from 'lucide-react'
import { paths } from '../../lib/paths'
import { buttonClass } from './landing-ui'
import type { LandingSession } from './use-landing-session'
import { useLandingText } from './use-landing-text'

export interface AccountActionsProps {
  session: LandingSession
  onSignOut: () => void
  signingOut: boolean
  /** 'bar': a row in the top bar; 'menu': full-width buttons in the mobile menu. */
  layout: 'bar' | 'menu'
}

/** Signed out: Entrar and Cadastre-se. Signed in: Dashboard, Admin (admins only) and Sair. */
export function AccountActions({ session, onSignOut, signingOut, layout }: AccountActionsProps) {
  const text = useLandingText().account
  const wrapper = layout === 'bar' ? 'flex items-center gap-2' : 'grid gap-2'
  const width = layout === 'menu' ? ' w-full' : ''

  if (session.status === 'signedIn') {
    return (
      <div className={wrapper}>
        <a href={paths.dashboard.root} className={buttonClass.primary + width}>
          <LayoutDashboard aria-hidden />
          {text.dashboard}
        </a>
        {session.isAdmin && (
          <a href={paths.admin.root} className={buttonClass.outline + width}>
            <ShieldCheck aria-hidden />
            {text.admin}
          </a>
        )}
        <button type="button" onClick={onSignOut} disabled={signingOut} className={buttonClass.ghost + width}>
          <LogOut aria-hidden />
          {signingOut ? text.signingOut : text.signOut}
        </button>
      </div>
    )
  }
  // While the session is checked the signed-out buttons hold their place, hidden, so nothing shifts.
  const loading = session.status === 'loading'
  return (
    <div className={`${wrapper}${loading ? ' invisible' : ''}`} aria-hidden={loading || undefined}>
      <a href={paths.auth} className={buttonClass.ghost + width} tabIndex={loading ? -1 : undefined}>
        {text.signIn}
      </a>
      <a href={paths.auth} className={buttonClass.primary + width} tabIndex={loading ? -1 : undefined}>
        {text.signUp}
      </a>
    </div>
  )
}
