import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { PageSpinner } from '../../components/page-spinner'
import { paths } from '../../lib/paths'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { AuthShell } from './auth-shell'
import { ForgotPasswordForm } from './forgot-password-form'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'
import { signUpNoticeSlot } from './auth-slots'
import { isEnteringApp, safeNextPath } from './use-auth'
import { useSession } from './use-session'

type Tab = 'entrar' | 'cadastrar'

/**
 * /auth (spec §2): tabs 'Entrar' and 'Cadastrar'. `?aba=cadastrar` opens sign-up, `?modo=recuperar` the
 * 'Esqueci minha senha' form. A signed-in visitor goes straight to the dashboard.
 */
export function AuthPage() {
  const { t } = useTranslation('auth')
  const session = useSession()
  const [params, setParams] = useSearchParams()
  const tab: Tab = params.get('aba') === 'cadastrar' ? 'cadastrar' : 'entrar'
  const forgotMode = params.get('modo') === 'recuperar'
  // Where to return after signing in (an invitation link sends people here and back).
  const next = safeNextPath(params.get('next'))
  const [emailHint, setEmailHint] = useState('')
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null)

  if (session.isPending) return <PageSpinner />
  // A sign-in made on this screen navigates by itself (after the spec's delay, /admin for the master).
  if (session.isSignedIn && !isEnteringApp()) return <Navigate to={next ?? paths.dashboard.root} replace />

  const setTab = (value: string) => {
    const nextParams = new URLSearchParams()
    if (value === 'cadastrar') nextParams.set('aba', 'cadastrar')
    if (next) nextParams.set('next', next)
    setParams(nextParams, { replace: true })
  }
  const setForgot = (on: boolean) => {
    const nextParams = new URLSearchParams(on ? { modo: 'recuperar' } : {})
    if (next) nextParams.set('next', next)
    setParams(nextParams, { replace: true })
  }

  return (
    <AuthShell title={t('title')} description={t('description')}>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="entrar">{t('tabs.signIn')}</TabsTrigger>
          <TabsTrigger value="cadastrar">{t('tabs.signUp')}</TabsTrigger>
        </TabsList>
        <TabsContent value="entrar" className="pt-4">
          {confirmationSentTo && !forgotMode && (
            <div
              role="status"
              className="mb-4 flex gap-3 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm"
            >
              <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <p>{t('signUp.confirmationSent', { email: confirmationSentTo })}</p>
            </div>
          )}
          {forgotMode ? (
            <ForgotPasswordForm initialEmail={emailHint} onBack={() => setForgot(false)} />
          ) : (
            <SignInForm
              onForgotPassword={(email) => {
                setEmailHint(email)
                setForgot(true)
              }}
            />
          )}
        </TabsContent>
        <TabsContent value="cadastrar" className="grid gap-4 pt-4">
          <signUpNoticeSlot.Slot />
          <SignUpForm
            onConfirmationSent={(email) => {
              setConfirmationSentTo(email)
              setTab('entrar')
            }}
          />
        </TabsContent>
      </Tabs>
    </AuthShell>
  )
}
