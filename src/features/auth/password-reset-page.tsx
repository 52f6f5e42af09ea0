import { zodResolver } from '@hookform/resolvers/zod'
import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { useAppForm } from '../../components/form/use-app-form'
import { paths } from '../../lib/paths'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { ApiRequestError } from '../../lib/api-client'
import { resetPasswordSchema, type ResetPasswordInput } from './auth.schema'
import { toastAuthError } from './auth-error-text'
import { AuthShell } from './auth-shell'
import { resetPassword } from './use-auth'

/**
 * /auth/redefinir-senha: the e-mailed link lands here with `?token=` (or `?error=INVALID_TOKEN` when the
 * link is expired or already used). Success signs every old session out (server) and leads to the login.
 */
export function PasswordResetPage() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const token = params.get('token')
  const [linkInvalid, setLinkInvalid] = useState(!token || params.has('error'))

  return (
    <AuthShell title={t('reset.title')} description={linkInvalid ? undefined : t('reset.description')}>
      {linkInvalid || !token ? (
        <InvalidLink />
      ) : (
        <ResetForm token={token} onInvalid={() => setLinkInvalid(true)} />
      )}
    </AuthShell>
  )
}

function InvalidLink() {
  const { t } = useTranslation('auth')
  return (
    <div className="grid gap-4 text-center" role="alert">
      <TriangleAlert aria-hidden className="mx-auto size-10 text-destructive" />
      <p className="font-medium">{t('reset.invalidTitle')}</p>
      <p className="text-sm text-muted-foreground">{t('reset.invalidDescription')}</p>
      <Button asChild>
        <Link to={`${paths.auth}?modo=recuperar`}>{t('reset.requestNew')}</Link>
      </Button>
    </div>
  )
}

function ResetForm({ token, onInvalid }: { token: string; onInvalid: () => void }) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const form = useAppForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await resetPassword(newPassword, token)
      toast.success(t('reset.successTitle'), { description: t('reset.successDescription') })
      await navigate(paths.auth, { replace: true })
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'INVALID_TOKEN') onInvalid()
      else if (error instanceof ApiRequestError && error.code === 'PASSWORD_TOO_SHORT') {
        form.setError('newPassword', { message: error.message })
      }
      toastAuthError(t, t('reset.errorTitle'), error)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('reset.title')}>
      <FormField label={t('reset.newPassword')} htmlFor="reset-password" error={errors.newPassword?.message}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          autoFocus
          {...form.register('newPassword')}
        />
      </FormField>
      <FormField
        label={t('reset.confirmPassword')}
        htmlFor="reset-confirm-password"
        error={errors.confirmPassword?.message}
      >
        <Input
          id="reset-confirm-password"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  )
}
