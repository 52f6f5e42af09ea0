import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../lib/paths'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">{t('notFound.code')}</h1>
        <p className="mb-4 text-xl text-muted-foreground">{t('notFound.message')}</p>
        <Link to={paths.home} className="text-primary underline underline-offset-4 hover:opacity-80">
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  )
}
