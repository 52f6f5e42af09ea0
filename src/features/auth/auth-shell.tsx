import type { ReactNode } from 'react'
import { Scale } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/paths'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'

/** Frame of the /auth screens: brand link home, a centred card, works from 320 px wide. */
export function AuthShell({
  title,
  description,
  children,
}: {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation('auth')
  return (
    <div className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-8 sm:justify-center">
      <Link
        to={paths.home}
        className="mb-6 flex items-center gap-2 rounded-md text-xl font-bold text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Scale aria-hidden className="size-7" />
        {t('brand')}
      </Link>
      <main className="w-full max-w-lg">
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="text-2xl">{title}</h1>
            </CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
      <Link to={paths.home} className="mt-6 text-sm text-muted-foreground underline-offset-4 hover:underline">
        {t('backHome')}
      </Link>
    </div>
  )
}
