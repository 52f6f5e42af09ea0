import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { generatePath, Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { LogOut, MailOpen, TriangleAlert } from 'lucide-react'
import { bodyResolver } from '../../components/form/body-resolver'
import { useAppForm } from '../../components/form/use-app-form'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Spinner } from '../../components/ui/spinner'
import { ApiRequestError } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { AuthShell, authPath, useSignOut } from '../auth/auth.public'
import { PORTAL_MESSAGES } from './portal.schema'
import { createPortalPasswordSchema, type CreatePortalPasswordValues } from './portal.ui.schema'
import { useAcceptPortalInvite, usePortalInvite } from './use-portal'

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined)
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * /portal/convite/:token — the link of the portal invitation e-mail (issue 26). Without an account for the
 * invited e-mail the client creates a password here; with one, they sign in and come back (/auth?next=);
 * signed in with the invited e-mail they accept; signed in as someone else they must leave that account first.
 */
export function PortalInvitePage() {
  const { t } = useTranslation('portal')
  const { token = '' } = useParams()
  const invite = usePortalInvite(token)

  if (invite.isPending) {
    return (
      <AuthShell title={t('invite.title')}>
        <div className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
          <Spinner label={t('invite.loading')} />
          <span aria-hidden>{t('invite.loading')}</span>
        </div>
      </AuthShell>
    )
  }

  if (invite.isError) {
    return (
      <AuthShell title={t('invite.invalidTitle')}>
        <div className="grid gap-4 text-center" role="alert">
          <TriangleAlert aria-hidden className="mx-auto size-10 text-destructive" />
          <p className="text-sm text-muted-foreground">{invite.error.message}</p>
          <Button asChild>
            <Link to={paths.home}>{t('invite.home')}</Link>
          </Button>
        </div>
      </AuthShell>
    )
  }

  const info = invite.data
  const here = generatePath(paths.portal.invite, { token })
  return (
    <AuthShell title={t('invite.title')}>
      <div className="grid gap-5">
        <div className="flex gap-3">
          <MailOpen aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
          <div className="grid gap-1">
            <p className="font-medium">{t('invite.intro', { office: info.officeName })}</p>
            <p className="text-sm break-all text-muted-foreground">
              {t('invite.email', { email: info.email })}
            </p>
          </div>
        </div>
        {info.signedInEmail ? (
          sameEmail(info.signedInEmail, info.email) ? (
            <AcceptSignedIn token={token} email={info.signedInEmail} />
          ) : (
            <OtherAccount email={info.signedInEmail} onSignedOut={() => void invite.refetch()} />
          )
        ) : info.accountExists ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">{PORTAL_MESSAGES.inviteNeedsSignIn}</p>
            <Button asChild>
              <Link to={authPath({ next: here })}>{t('invite.signInToAccept')}</Link>
            </Button>
          </div>
        ) : (
          <CreatePasswordForm token={token} />
        )}
      </div>
    </AuthShell>
  )
}

/** No account yet: 'Crie sua senha' (the platform's password rule), which also accepts and signs in. */
function CreatePasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('portal')
  const navigate = useNavigate()
  const accept = useAcceptPortalInvite(token)
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useAppForm<CreatePortalPasswordValues>({
    resolver: bodyResolver(createPortalPasswordSchema, (values: CreatePortalPasswordValues) => values),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setRefusal(null)
    try {
      await accept.mutateAsync({ password })
      toast.success(t('invite.accepted'))
      await navigate(paths.portal.root, { replace: true })
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.password) {
        form.setError('password', { message: error.fields.password })
      } else {
        setRefusal(errorText(error) ?? null)
      }
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="portal-create-password">
      <h2 id="portal-create-password" className="text-lg font-semibold">
        {t('invite.createPassword')}
      </h2>
      {refusal && <Refusal text={refusal} />}
      <FormField
        label={t('invite.password')}
        htmlFor="portal-password"
        error={errors.password?.message}
        description={t('invite.passwordHint')}
      >
        <Input
          id="portal-password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <FormField
        label={t('invite.confirmPassword')}
        htmlFor="portal-confirm-password"
        error={errors.confirmPassword?.message}
      >
        <Input
          id="portal-confirm-password"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting && <Spinner label={t('invite.accepting')} />}
        {isSubmitting ? t('invite.accepting') : t('invite.createAndAccept')}
      </Button>
    </form>
  )
}

/** Signed in with the invited e-mail: one click accepts. */
function AcceptSignedIn({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('portal')
  const navigate = useNavigate()
  const accept = useAcceptPortalInvite(token)

  function onAccept() {
    accept.mutate(
      {},
      {
        onSuccess: () => {
          toast.success(t('invite.accepted'))
          void navigate(paths.portal.root, { replace: true })
        },
      },
    )
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('invite.signedInAs', { email })}</p>
      {accept.isError && <Refusal text={accept.error.message} />}
      <Button onClick={onAccept} disabled={accept.isPending}>
        {accept.isPending && <Spinner label={t('invite.accepting')} />}
        {accept.isPending ? t('invite.accepting') : t('invite.accept')}
      </Button>
    </div>
  )
}

/** Signed in as someone else: the invitation is not theirs; 'Sair' and the page asks again. */
function OtherAccount({ email, onSignedOut }: { email: string; onSignedOut: () => void }) {
  const { t } = useTranslation('portal')
  const signOut = useSignOut()
  const [leaving, setLeaving] = useState(false)

  async function leave() {
    setLeaving(true)
    try {
      await signOut()
      // Signed out, the invitation now offers what fits the invited e-mail (a password, or signing in).
      onSignedOut()
    } catch (error) {
      toast.error(t('layout.signOutError'), { description: errorText(error) })
      setLeaving(false)
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('invite.signedInAs', { email })}</p>
      <Refusal text={PORTAL_MESSAGES.inviteOtherAccount} />
      <Button variant="outline" onClick={() => void leave()} disabled={leaving}>
        {leaving ? <Spinner label={t('layout.signingOut')} /> : <LogOut aria-hidden />}
        {t('layout.signOut')}
      </Button>
    </div>
  )
}

function Refusal({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      {text}
    </p>
  )
}
