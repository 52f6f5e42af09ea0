import { CircleCheck, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageSpinner } from '../../components/page-spinner'
import { paths } from '../../lib/paths'
import { Button } from '../../components/ui/button'
import { AuthShell } from './auth-shell'
import { useSession } from './use-session'

/**
 * /auth/confirmado: where the confirmation e-mail's link lands (every account with
 * REQUIRE_EMAIL_CONFIRMATION=true; the MASTER_EMAIL one always). The server has already confirmed the
 * address and signed the user in — the master now as superadmin, so 'Continuar' opens /admin — or
 * appended `?error=`.
 */
export function EmailConfirmedPage() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const error = params.get('error')
  const session = useSession()

  if (!error && session.isPending) return <PageSpinner />

  if (error) {
    return (
      <AuthShell title={t('confirmed.errorTitle')}>
        <div className="grid gap-4 text-center" role="alert">
          <TriangleAlert aria-hidden className="mx-auto size-10 text-destructive" />
          <p className="text-sm text-muted-foreground">
            {error === 'TOKEN_EXPIRED' ? t('confirmed.expired') : t('confirmed.invalid')}
          </p>
          <Button asChild>
            <Link to={paths.auth}>{t('confirmed.toLogin')}</Link>
          </Button>
        </div>
      </AuthShell>
    )
  }

  const target = session.real?.role === 'superadmin' ? paths.admin.root : paths.dashboard.root
  return (
    <AuthShell title={t('confirmed.title')}>
      <div className="grid gap-4 text-center" role="status">
        <CircleCheck aria-hidden className="mx-auto size-10 text-success" />
        <p className="text-sm text-muted-foreground">{t('confirmed.description')}</p>
        <Button asChild>
          <Link to={session.isSignedIn ? target : paths.auth}>
            {session.isSignedIn ? t('confirmed.continue') : t('confirmed.toLogin')}
          </Link>
        </Button>
      </div>
    </AuthShell>
  )
}
