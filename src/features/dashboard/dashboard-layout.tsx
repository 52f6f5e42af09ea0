import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet } from 'react-router'
import { PageSpinner } from '../../components/page-spinner'
import { ApiRequestError } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { Button } from '../../components/ui/button'
import { Separator } from '../../components/ui/separator'
import { SidebarInset, SidebarProvider, SidebarTrigger } from '../../components/ui/sidebar'
import { Spinner } from '../../components/ui/spinner'
import { SimulationBanner } from '../admin/admin.public'
import { isPortalAccount, useSession } from '../auth/auth.public'
import { OfficeSwitcher } from '../offices/offices.ui.public'
import { TimerButton } from '../timesheet/timesheet.public'
import { usePublicPlatform } from '../platform-settings/platform-settings.public'
import { SubscriptionBanner } from '../platform-billing/platform-billing.public'
import { AppSidebar } from './app-sidebar'
import { NotificationsDropdown } from './notifications-dropdown'
import { ThemeSwitch } from './theme-switch'

const MAIN_ID = 'conteudo'

/**
 * /dashboard/* (spec §2): needs a session — 'Carregando...' while it is checked, /auth without one — then
 * the sidebar, the header and the nested page.
 */
export function DashboardLayout() {
  const session = useSession()
  const [leaving, setLeaving] = useState(false)

  if (session.isPending || (leaving && !session.data)) return <PageSpinner />
  // A portal client's account (issue 26) has no place here: /portal is theirs.
  if (session.isError && isPortalAccount(session.error)) return <Navigate to={paths.portal.root} replace />
  if (session.isError && !session.data) {
    // A 429 says why (too many requests) instead of the generic session error.
    const reason =
      session.error instanceof ApiRequestError && session.error.status === 429
        ? session.error.message
        : undefined
    return <SessionError reason={reason} onRetry={() => void session.refetch()} />
  }
  if (!session.data) return <Navigate to={paths.auth} replace />

  return (
    <SidebarProvider>
      <SkipLink />
      <AppSidebar onSigningOut={setLeaving} />
      <SidebarInset>
        <DashboardHeader />
        <Suspense fallback={null}>
          <SimulationBanner />
        </Suspense>
        <SubscriptionBanner />
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 p-4 focus:outline-none md:p-6">
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner className="size-6" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </SidebarInset>
    </SidebarProvider>
  )
}

function DashboardHeader() {
  const { t } = useTranslation('dashboard')
  // The platform's name as /admin/settings sets it.
  const product = usePublicPlatform().data?.platformName ?? t('brand')
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4">
      <SidebarTrigger label={t('nav.toggle')} />
      <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-5" />
      <p className="min-w-0 flex-1 truncate font-semibold">{t('header.title', { product })}</p>
      <div className="flex items-center gap-1">
        <Suspense fallback={null}>
          <OfficeSwitcher />
        </Suspense>
        <Suspense fallback={null}>
          <TimerButton />
        </Suspense>
        <NotificationsDropdown />
        <ThemeSwitch />
      </div>
    </header>
  )
}

function SkipLink() {
  const { t } = useTranslation('dashboard')
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      {t('skipToContent')}
    </a>
  )
}

function SessionError({ reason, onRetry }: { reason?: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation('dashboard')
  return (
    <main
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="text-xl font-semibold">{t('sessionError.title')}</h1>
      <p className="text-muted-foreground">{reason ?? t('sessionError.description')}</p>
      <Button onClick={onRetry}>{t('sessionError.retry')}</Button>
    </main>
  )
}
