import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router'
import { toast } from 'sonner'
import { Building2, LogOut } from 'lucide-react'
import { PageSpinner } from '../../components/page-spinner'
import { Button } from '../../components/ui/button'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { ApiRequestError } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { authPath, useSignOut } from '../auth/auth.public'
import { storePortalOffice, usePortalAccesses, useStoredPortalOffice } from './use-portal'

const MAIN_ID = 'conteudo'

/** What the portal's pages know of the open office. */
export interface PortalOutletContext {
  officeId: string
  officeName: string
}

export const usePortalOffice = () => useOutletContext<PortalOutletContext>()

/**
 * /portal/* (issue 26): the client's own area, phone first. Needs a session with at least one active access
 * (GET /api/portal/accesses); without a session it sends the person to sign in and back here. With accesses at
 * several offices, a switcher chooses one (remembered in this browser).
 */
export function PortalLayout() {
  const { t } = useTranslation('portal')
  const accesses = usePortalAccesses()
  const storedOffice = useStoredPortalOffice()
  const location = useLocation()

  if (accesses.isPending) return <PageSpinner label={t('layout.loading')} />
  if (accesses.isError) {
    if (accesses.error instanceof ApiRequestError && accesses.error.status === 401) {
      return <Navigate to={authPath({ next: location.pathname })} replace />
    }
    return (
      <PortalMessage
        title={t('layout.errorTitle')}
        text={accesses.error.message}
        onRetry={() => void accesses.refetch()}
      />
    )
  }
  const items = accesses.data.items
  const current = items.find((item) => item.officeId === storedOffice) ?? items[0]
  if (!current) return <PortalMessage title={t('layout.noAccessTitle')} text={t('layout.noAccess')} />

  const context: PortalOutletContext = { officeId: current.officeId, officeName: current.officeName }
  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
          <Link
            to={paths.portal.root}
            className="flex min-w-0 flex-1 items-center gap-2 rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <Building2 aria-hidden className="size-5 shrink-0 text-primary" />
            <span className="grid min-w-0">
              <span className="text-xs text-muted-foreground">{t('title')}</span>
              <span className="truncate font-semibold" data-testid="portal-office-name">
                {current.officeName}
              </span>
            </span>
          </Link>
          <SignOutButton />
          {items.length > 1 && (
            <div className="w-full sm:w-auto">
              <Select value={current.officeId} onValueChange={storePortalOffice}>
                <SelectTrigger aria-label={t('layout.switchOffice')} className="w-full sm:w-56">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {items.map((item) => (
                    <SelectItem key={item.officeId} value={item.officeId}>
                      {item.officeName}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 px-4 py-4 focus:outline-none md:py-6"
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner className="size-6" label={t('layout.loading')} />
            </div>
          }
        >
          {/* key: another office's portal is another page (nothing of the previous one stays on screen). */}
          <Outlet key={current.officeId} context={context} />
        </Suspense>
      </main>
    </div>
  )
}

function SkipLink() {
  const { t } = useTranslation('portal')
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      {t('skipToContent')}
    </a>
  )
}

/** 'Sair': ends the session and goes to the sign-in screen. */
export function SignOutButton({ next }: { next?: string }) {
  const { t } = useTranslation('portal')
  const signOut = useSignOut()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)

  async function leave() {
    setLeaving(true)
    try {
      await signOut()
      await navigate(next ? authPath({ next }) : paths.auth, { replace: true })
    } catch (error) {
      toast.error(t('layout.signOutError'), {
        description: error instanceof Error ? error.message : undefined,
      })
      setLeaving(false)
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={() => void leave()} disabled={leaving}>
      {leaving ? <Spinner label={t('layout.signingOut')} /> : <LogOut aria-hidden />}
      {t('layout.signOut')}
    </Button>
  )
}

/** A whole-page message (no access, or the portal could not load), with 'Sair' to change accounts. */
function PortalMessage({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  const { t } = useTranslation('portal')
  return (
    <main
      id={MAIN_ID}
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">{title}</h1>
      <p role="alert" className="text-muted-foreground">
        {text}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && <Button onClick={onRetry}>{t('layout.retry')}</Button>}
        <SignOutButton />
      </div>
    </main>
  )
}
