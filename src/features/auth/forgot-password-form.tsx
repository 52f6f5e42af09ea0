import { zodResolver } from '@hookform/resolvers/zod'
import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppForm } from '../../components/form/use-app-form'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { forgotPasswordSchema, type ForgotPasswordInput } from './auth.schema'
import { toastAuthError } from './auth-error-text'
import { requestPasswordReset } from './use-auth'

/**
 * 'Esqueci minha senha'. The answer is the same whether or not the address has an account, so the screen
 * never tells who is registered.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation('auth')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useAppForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: initialEmail },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email)
      setSentTo(email)
    } catch (error) {
      toastAuthError(t, t('forgot.errorTitle'), error)
    }
  })

  if (sentTo) {
    return (
      <div className="grid gap-4 text-center" role="status">
        <MailCheck aria-hidden className="mx-auto size-10 text-primary" />
        <h2 className="text-lg font-semibold">{t('forgot.sentTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('forgot.sentDescription')}</p>
        <Button type="button" variant="outline" onClick={onBack}>
          {t('forgot.back')}
        </Button>
      </div>
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="forgot-title">
      <div className="grid gap-1">
        <h2 id="forgot-title" className="text-lg font-semibold">
          {t('forgot.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('forgot.description')}</p>
      </div>
      <FormField label={t('fields.email')} htmlFor="forgot-email" error={errors.email?.message}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          {...form.register('email')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
      <Button type="button" variant="link" className="h-auto justify-self-center p-0" onClick={onBack}>
        {t('forgot.back')}
      </Button>
    </form>
  )
}
