import { useQuery } from '@tanstack/react-query'
import { Briefcase, CircleCheck, Clock, Wallet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { formatBRL } from '../../lib/br/money'
import { getCaseStatsQueryOptions } from './use-cases'

const numberFormat = new Intl.NumberFormat('pt-BR')

/** The four stat cards of the cases page (GET /api/cases/stats). */
export function CaseStats() {
  const { t } = useTranslation('cases')
  const stats = useQuery(getCaseStatsQueryOptions())
  const count = (value: number | undefined) => (value === undefined ? '—' : numberFormat.format(value))
  const cards = [
    { key: 'total', label: t('stats.total'), value: count(stats.data?.total), icon: Briefcase },
    { key: 'andamento', label: t('stats.andamento'), value: count(stats.data?.andamento), icon: Clock },
    { key: 'concluido', label: t('stats.concluido'), value: count(stats.data?.concluido), icon: CircleCheck },
    {
      key: 'valorTotal',
      label: t('stats.valorTotal'),
      value: stats.data ? formatBRL(stats.data.valorTotal) : '—',
      icon: Wallet,
    },
  ] as const

  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, label, value, icon: Icon }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`case-stat-${key}`}>
          <CardContent className="flex items-start justify-between gap-2 px-4">
            <div className="grid min-w-0 gap-1">
              <p className="text-sm text-muted-foreground">{label}</p>
              {stats.isPending ? (
                <Skeleton className="h-7 w-16" />
              ) : (
                // Money wraps anywhere rather than truncating: a sum like R$ 1.234.567,89 must be read whole.
                <p
                  className={
                    key === 'valorTotal'
                      ? 'text-lg font-semibold tabular-nums [overflow-wrap:anywhere]'
                      : 'text-2xl font-semibold tabular-nums'
                  }
                >
                  {value}
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
