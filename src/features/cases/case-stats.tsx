import { useQuery } from '@tanstack/react-query'
import { Briefcase, CircleCheck, Clock, Wallet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatCount, StatCards } from '../../components/list-page/stat-cards'
import { formatBRL } from '../../lib/br/money'
import { getCaseStatsQueryOptions } from './use-cases'

/** The four stat cards of the cases page (GET /api/cases/stats). */
export function CaseStats() {
  const { t } = useTranslation('cases')
  const stats = useQuery(getCaseStatsQueryOptions())
  const cards = [
    { key: 'total', label: t('stats.total'), value: formatCount(stats.data?.total), icon: Briefcase },
    { key: 'andamento', label: t('stats.andamento'), value: formatCount(stats.data?.andamento), icon: Clock },
    {
      key: 'concluido',
      label: t('stats.concluido'),
      value: formatCount(stats.data?.concluido),
      icon: CircleCheck,
    },
    {
      key: 'valorTotal',
      label: t('stats.valorTotal'),
      value: stats.data ? formatBRL(stats.data.valorTotal) : undefined,
      icon: Wallet,
      // Money wraps anywhere rather than truncating: a sum like R$ 1.234.567,89 must be read whole.
      valueClassName: 'text-lg font-semibold tabular-nums [overflow-wrap:anywhere]',
    },
  ]
  return (
    <StatCards
      label={t('stats.label')}
      cards={cards}
      loading={stats.isPending}
      testIdPrefix="case-stat"
      skeletonClassName="h-7 w-16"
    />
  )
}
