import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { MaintenancePage } from '../../components/maintenance-page'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import { usePublicPlatform } from './use-platform-settings'
import { platformTitle, PRODUCT_NAME } from './platform-title'

/** Keeps every page's title on the configured platform name (pages write 'JusConecta' into their titles). */
function usePlatformTitle(name: string | undefined) {
  useEffect(() => {
    if (!name || name === PRODUCT_NAME) return
    const apply = () => {
      const renamed = platformTitle(document.title, name)
      // Only a real change is written: writing the same title would wake the observer again.
      if (renamed !== document.title) document.title = renamed
    }
    apply()
    const title = document.querySelector('title')
    if (!title) return
    const observer = new MutationObserver(apply)
    observer.observe(title, { childList: true, characterData: true, subtree: true })
    return () => observer.disconnect()
  }, [name])
}

/**
 * The root of every route: the platform's name in the title, and — in maintenance mode — the maintenance
 * page for everyone but admins (the API answers 503 to them anyway). /auth stays open so admins can sign in.
 */
export function PlatformFrame() {
  const platform = usePublicPlatform()
  const { pathname } = useLocation()
  usePlatformTitle(platform.data?.platformName)
  if (platform.data?.maintenanceMode && !pathname.startsWith(paths.auth))
    return <MaintenanceGate name={platform.data.platformName} />
  return <Outlet />
}

/** Only in maintenance: who is signed in decides (admins keep the platform, everyone else waits). */
function MaintenanceGate({ name }: { name: string }) {
  const session = useSession()
  if (session.isPending) return null
  return session.isAdmin ? <Outlet /> : <TranslatedMaintenancePage name={name} />
}

function TranslatedMaintenancePage({ name }: { name: string }) {
  const { t } = useTranslation('platform-settings')
  const text = {
    documentTitle: t('maintenance.documentTitle', { name }),
    title: t('maintenance.title'),
    message: t('maintenance.message', { name }),
    adminSignIn: t('maintenance.adminSignIn'),
  }
  return <MaintenancePage text={text} />
}

/** On the sign-up form: the platform's notice while new sign-ups are off (the API refuses them too). */
export function SignupsClosedNotice() {
  const platform = usePublicPlatform()
  const { t } = useTranslation('platform-settings')
  if (!platform.data || platform.data.signupsOpen) return null
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
    >
      {t('signupsClosed')}
    </p>
  )
}
