import { useQuery } from '@tanstack/react-query'
import { Newspaper } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { paths } from '../../lib/paths'
import { getPublicationCountQueryOptions } from './use-publications'

const numberFormat = new Intl.NumberFormat('pt-BR')

/**
 * The dashboard home's 'Publicações não tratadas' counter, a link to the inbox. Shows nothing for a member
 * the server doesn't let read publications (or a server without the module).
 */
export function PublicationsCounterCard({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation('publications')
  const count = useQuery({ ...getPublicationCountQueryOptions(), enabled })
  if (!enabled || count.data === null || count.isError) return null
  return (
    <Link
      to={paths.dashboard.publications}
      aria-label={`${t('dashboard.counter')}: ${count.data ?? '…'} — ${t('dashboard.open')}`}
      className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      data-testid="publications-counter"
    >
      <Card className="h-full gap-2 py-4 transition-colors group-hover:bg-accent">
        <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
          <CardDescription>{t('dashboard.counter')}</CardDescription>
          <Newspaper aria-hidden className="size-4 text-muted-foreground" />
        </CardHeader>
        <CardContent className="px-4 text-2xl font-bold tabular-nums">
          {count.data === undefined ? <Skeleton className="h-8 w-10" /> : numberFormat.format(count.data)}
        </CardContent>
      </Card>
    </Link>
  )
}
