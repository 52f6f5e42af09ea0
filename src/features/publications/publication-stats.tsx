import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, Inbox, MailWarning, XCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { getPublicationStatsQueryOptions } from './use-publications'

const numberFormat = new Intl.NumberFormat('pt-BR')

/** The four cards of the inbox (GET /api/publications/stats), over the items this member sees. */
export function PublicationStats() {
  const { t } = useTranslation('publications')
  const stats = useQuery(getPublicationStatsQueryOptions())
  const cards = [
    { key: 'naoTratadas', value: stats.data?.naoTratadas, icon: MailWarning },
    { key: 'recebidasHoje', value: stats.data?.recebidasHoje, icon: Inbox },
    { key: 'prazosCriados', value: stats.data?.prazosCriados, icon: CalendarPlus },
    { key: 'canceladas', value: stats.data?.canceladas, icon: XCircle },
  ] as const

  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, value, icon: Icon }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`publications-stat-${key}`}>
          <CardContent className="flex items-start justify-between gap-2 px-4">
            <div className="grid gap-1">
              <p className="text-sm text-muted-foreground">{t(`stats.${key}`)}</p>
              {stats.isPending ? (
                <Skeleton className="h-7 w-12" />
              ) : (
                <p className="text-2xl font-semibold tabular-nums">
                  {value === undefined ? '—' : numberFormat.format(value)}
                </p>
              )}
            </div>
            <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
