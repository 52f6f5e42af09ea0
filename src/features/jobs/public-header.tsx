import { Scale } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/paths'

/** The plain header of the public jobs pages: the brand back home and the list. */
export function PublicHeader() {
  const { t } = useTranslation('jobs')
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold" aria-label={t('home')}>
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Scale aria-hidden className="size-5" />
          </span>
          JusConecta
        </Link>
        <Link to={paths.jobs} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('listTitle')}
        </Link>
      </div>
    </header>
  )
}
