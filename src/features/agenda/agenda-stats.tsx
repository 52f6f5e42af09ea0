import { useQuery } from '@tanstack/react-query'
import { AlarmClock, CalendarDays, Gavel, Hourglass } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { getAgendaStatsQueryOptions } from './use-agenda'

const numberFormat = new Intl.NumberFormat('pt-BR')

/** The four cards of the agenda (GET /api/agenda/stats): total, prazos, next 24 h, audiências. */
export function AgendaStats() {
  const { t } = useTranslation('agenda')
  const stats = useQuery(getAgendaStatsQueryOptions())
  const cards = [
    { key: 'total', value: stats.data?.total, icon: CalendarDays },
    { key: 'prazos', value: stats.data?.prazos, icon: Hourglass },
    { key: 'proximas24h', value: stats.data?.proximas24h, icon: AlarmClock },
    { key: 'audiencias', value: stats.data?.audiencias, icon: Gavel },
  ] as const

  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, value, icon: Icon }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`agenda-stat-${key}`}>
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
            <Icon aria-hidden className="size-5 text-muted-foreground" />
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
