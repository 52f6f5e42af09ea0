import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { useAppForm } from '../../components/form/use-app-form'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import {
  backupCodeSchema,
  signInSchema,
  totpCodeSchema,
  type SecondFactorInput,
  type SignInInput,
} from './auth.schema'
import { notifySignedIn } from './signed-in-listeners'
import { toastAuthError } from './auth-error-text'
import { SIGN_IN_REDIRECT_MS, signInWithPassword, useEnterApp, verifySecondFactor } from './use-auth'

/** Login tab: e-mail + password, then — when the account has two-factor on — the code step. */
export function SignInForm({ onForgotPassword }: { onForgotPassword: (email: string) => void }) {
  const [step, setStep] = useState<'password' | 'two-factor'>('password')
  const enterApp = useEnterApp()
  const { t } = useTranslation('auth')

  async function finish(confirmationSent = false) {
    await enterApp({
      delayMs: SIGN_IN_REDIRECT_MS,
      onSignedIn: (me) => {
        if (me.role === 'superadmin') {
          toast.success(t('signIn.superadminTitle'), { description: t('signIn.superadminDescription') })
        } else if (confirmationSent) {
          // The master account before it confirmed its address: ordinary until the link is followed.
          toast.success(t('signIn.successTitle'), { description: t('signIn.confirmEmailDescription') })
        } else {
          toast.success(t('signIn.successTitle'), { description: t('signIn.successDescription') })
        }
        notifySignedIn()
      },
      onPortal: () =>
        toast.success(t('signIn.successTitle'), { description: t('signIn.successDescription') }),
    })
  }

  if (step === 'two-factor')
    return <SecondFactorStep onVerified={() => finish()} onBack={() => setStep('password')} />
  return (
    <PasswordStep
      onSignedIn={finish}
      onTwoFactor={() => setStep('two-factor')}
      onForgotPassword={onForgotPassword}
    />
  )
}

function PasswordStep({
  onSignedIn,
  onTwoFactor,
  onForgotPassword,
}: {
  onSignedIn: (confirmationSent: boolean) => Promise<void>
  onTwoFactor: () => void
  onForgotPassword: (email: string) => void
}) {
  const { t } = useTranslation('auth')
  const form = useAppForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const outcome = await signInWithPassword(input)
      if (outcome === 'two-factor') onTwoFactor()
      else await onSignedIn(outcome === 'confirmation-sent')
    } catch (error) {
      toastAuthError(t, t('signIn.errorTitle'), error)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={t('fields.email')} htmlFor="login-email" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('placeholders.email')}
          {...form.register('email')}
        />
      </FormField>
      <FormField label={t('fields.password')} htmlFor="login-password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
      <Button
        type="button"
        variant="link"
        className="h-auto justify-self-center p-0"
        onClick={() => onForgotPassword(form.getValues('email'))}
      >
        {t('signIn.forgotPassword')}
      </Button>
    </form>
  )
}

function SecondFactorStep({ onVerified, onBack }: { onVerified: () => Promise<void>; onBack: () => void }) {
  const { t } = useTranslation('auth')
  const [kind, setKind] = useState<'totp' | 'backup'>('totp')
  const form = useAppForm<SecondFactorInput>({
    resolver: zodResolver(kind === 'totp' ? totpCodeSchema : backupCodeSchema),
    defaultValues: { code: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verifySecondFactor(kind, code)
      await onVerified()
    } catch (error) {
      toastAuthError(t, t('signIn.errorTitle'), error)
      form.setFocus('code')
    }
  })

  function switchKind() {
    setKind((current) => (current === 'totp' ? 'backup' : 'totp'))
    form.reset({ code: '' })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="two-factor-title">
      <div className="grid gap-1">
        <h2 id="two-factor-title" className="text-lg font-semibold">
          {t('twoFactor.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {kind === 'totp' ? t('twoFactor.totpDescription') : t('twoFactor.backupDescription')}
        </p>
      </div>
      <FormField
        label={kind === 'totp' ? t('twoFactor.totpLabel') : t('twoFactor.backupLabel')}
        htmlFor="two-factor-code"
        error={errors.code?.message}
      >
        <Input
          id="two-factor-code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          maxLength={kind === 'totp' ? 6 : 64}
          {...form.register('code')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('twoFactor.submitting') : t('twoFactor.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" className="h-auto p-0" onClick={switchKind}>
          {kind === 'totp' ? t('twoFactor.useBackup') : t('twoFactor.useTotp')}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onBack}>
          {t('twoFactor.back')}
        </Button>
      </div>
    </form>
  )
}
