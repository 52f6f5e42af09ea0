import type { TFunction } from 'i18next'
import { toast } from 'sonner'
import { ApiRequestError } from '../../lib/api-client'

/**
 * The toast text for an error of the auth calls. Known codes come from the catalogue (so they follow the
 * chosen language); anything else shows the server's pt-BR message, or spec §8's 'Erro inesperado'.
 */
export function authErrorText(t: TFunction<'auth'>, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('errors.tryLater')
  // Every refusal for too many requests reads the same, whatever code the route gave it.
  if (error.status === 429) return t('errors.rateLimited')
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return t('errors.invalidCredentials')
    case 'EMAIL_NOT_VERIFIED':
      return t('errors.emailNotConfirmed')
    case 'USER_NOT_FOUND':
      return t('errors.userNotFound')
    case 'INVALID_EMAIL':
      return t('errors.invalidEmail')
    case 'duplicate_email':
      return t('errors.duplicateEmail')
    case 'rate_limited':
      return t('errors.rateLimited')
    case 'network':
      return t('errors.network')
    default:
      return error.status >= 500 ? t('errors.tryLater') : error.message
  }
}

/** Spec §8: destructive toast with the screen's title; a server fault is 'Erro inesperado'. */
export function toastAuthError(t: TFunction<'auth'>, title: string, error: unknown) {
  const unexpected = !(error instanceof ApiRequestError) || error.status >= 500
  toast.error(unexpected ? t('errors.unexpected') : title, { description: authErrorText(t, error) })
}
