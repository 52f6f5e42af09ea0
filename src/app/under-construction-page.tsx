import { Construction } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../lib/paths'

/** A planned screen that a later issue builds: says so plainly instead of crashing or showing fake data. */
export function UnderConstructionPage() {
  const { t } = useTranslation()
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <Construction aria-hidden className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">{t('underConstruction.title')}</h1>
      <p className="max-w-md text-muted-foreground">{t('underConstruction.description')}</p>
      <Link to={paths.home} className="text-primary underline underline-offset-4">
        {t('underConstruction.back')}
      </Link>
    </section>
  )
}
