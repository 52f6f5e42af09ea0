import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { NotFoundPage } from './not-found-page'

/** A page that throws shows a way out instead of a blank screen; a stale chunk after a deploy reloads. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return (
    <main
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="text-2xl font-semibold">{t('errors.pageCrashed')}</h1>
      <p className="text-muted-foreground">{t('errors.tryLater')}</p>
      <button
        type="button"
        className="rounded-md bg-primary px-4 py-2 text-primary-foreground"
        onClick={() => window.location.reload()}
      >
        {t('errors.reload')}
      </button>
    </main>
  )
}
