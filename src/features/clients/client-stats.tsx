import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleOff, CirclePause, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { getClientStatsQueryOptions } from './use-clients'

const numberFormat = new Intl.NumberFormat('pt-BR')

/** The four stat cards of the CRM page (GET /api/clients/stats). */
export function ClientStats() {
  const { t } = useTranslation('clients')
  const stats = useQuery(getClientStatsQueryOptions())
  const cards = [
    { key: 'total', label: t('stats.total'), value: stats.data?.total, icon: Users },
    { key: 'ativo', label: t('stats.ativo'), value: stats.data?.ativo, icon: CircleCheck },
    { key: 'inativo', label: t('stats.inativo'), value: stats.data?.inativo, icon: CircleOff },
    { key: 'suspenso', label: t('stats.suspenso'), value: stats.data?.suspenso, icon: CirclePause },
  ] as const

  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, label, value, icon: Icon }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`client-stat-${key}`}>
          <CardContent className="flex items-start justify-between gap-2 px-4">
            <div className="grid gap-1">
              <p className="text-sm text-muted-foreground">{label}</p>
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
