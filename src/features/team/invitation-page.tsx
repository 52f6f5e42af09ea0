import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { MailOpen, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { generatePath, Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { AuthShell, authPath, meQueryKey, useSession, useSignOut } from '../auth/auth.public'
import { acceptInvitation, getInvitationQueryOptions } from './use-team'

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined)

/**
 * /convite/:token — the link of the invitation e-mail. Shows the office and level; signed out it sends the
 * person to sign up or sign in and back here (/auth?next=); signed in it accepts, which makes the invited
 * office their current one, and opens the dashboard there.
 */
export function InvitationPage() {
  const { t } = useTranslation('team')
  const { token = '' } = useParams()
  const invitation = useQuery(getInvitationQueryOptions(token))
  const session = useSession()

  if (invitation.isPending || session.isPending) {
    return (
      <AuthShell title={t('invitation.title')}>
        <div className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
          <Spinner label={t('invitation.loading')} />
          <span aria-hidden>{t('invitation.loading')}</span>
        </div>
      </AuthShell>
    )
  }

  if (invitation.isError) {
    return (
      <AuthShell title={t('invitation.invalidTitle')}>
        <div className="grid gap-4 text-center" role="alert">
          <TriangleAlert aria-hidden className="mx-auto size-10 text-destructive" />
          <p className="text-sm text-muted-foreground">{invitation.error.message}</p>
          <Button asChild>
            <Link to={session.isSignedIn ? paths.dashboard.root : paths.home}>
              {session.isSignedIn ? t('invitation.dashboard') : t('invitation.home')}
            </Link>
          </Button>
        </div>
      </AuthShell>
    )
  }

  const info = invitation.data
  const here = generatePath(paths.invitation, { token })
  return (
    <AuthShell title={t('invitation.title')}>
      <div className="grid gap-4">
        <div className="flex gap-3">
          <MailOpen aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
          <div className="grid gap-1">
            <p>
              {t('invitation.intro', {
                nome: info.nomeCompleto,
                office: info.officeName,
                nivel: t(`nivel.${info.nivelAcesso}`),
              })}
            </p>
            <p className="text-sm break-all text-muted-foreground">
              {t('invitation.email', { email: info.email })}
            </p>
            <p className="text-sm text-muted-foreground">
              {t('invitation.expires', { date: formatDateBR(info.expiresAt) })}
            </p>
          </div>
        </div>
        {session.real ? (
          <AcceptInvitation token={token} signedInAs={session.real.user.email} here={here} />
        ) : (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {info.contaExiste
                ? t('invitation.accountExists')
                : t('invitation.signInHint', { email: info.email })}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button asChild variant={info.contaExiste ? 'outline' : 'default'} className="sm:flex-1">
                <Link to={authPath({ next: here, signUp: true })}>{t('invitation.signUp')}</Link>
              </Button>
              <Button asChild variant={info.contaExiste ? 'default' : 'outline'} className="sm:flex-1">
                <Link to={authPath({ next: here })}>{t('invitation.signIn')}</Link>
              </Button>
            </div>
          </div>
        )}
      </div>
    </AuthShell>
  )
}

function AcceptInvitation({ token, signedInAs, here }: { token: string; signedInAs: string; here: string }) {
  const { t } = useTranslation('team')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const signOut = useSignOut()
  const [accepting, setAccepting] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  async function accept() {
    setAccepting(true)
    setRefusal(null)
    try {
      const accepted = await acceptInvitation(token)
      toast.success(t('invitation.accepted', { office: accepted.officeName }))
      // The invited office is now the current one: nothing cached for the previous office may show.
      // (This page's own invitation query stays until the page goes, so it doesn't flash 'indisponível'.)
      queryClient.removeQueries({
        predicate: ({ queryKey }) => queryKey[0] !== 'me' && queryKey[1] !== 'invitation',
      })
      await queryClient.invalidateQueries({ queryKey: meQueryKey })
      await navigate(paths.dashboard.root, { replace: true })
    } catch (error) {
      const message = errorText(error) ?? null
      setRefusal(message)
      toast.error(t('invitation.acceptError'), { description: message ?? undefined })
      setAccepting(false)
    }
  }

  async function switchAccount() {
    try {
      await signOut()
      await navigate(authPath({ next: here }))
    } catch (error) {
      toast.error(t('invitation.acceptError'), { description: errorText(error) })
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('invitation.signedInAs', { email: signedInAs })}</p>
      {refusal && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          {refusal}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="sm:flex-1" onClick={() => void accept()} disabled={accepting}>
          {accepting && <Spinner label={t('invitation.accepting')} />}
          {accepting ? t('invitation.accepting') : t('invitation.accept')}
        </Button>
        <Button variant="outline" className="sm:flex-1" onClick={() => void switchAccount()}>
          {t('invitation.otherAccount')}
        </Button>
      </div>
    </div>
  )
}
