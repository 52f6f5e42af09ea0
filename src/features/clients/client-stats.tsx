import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleOff, CirclePause, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { countCards, StatCards } from '../../components/list-page/stat-cards'
import { getClientStatsQueryOptions } from './use-clients'

/** The four stat cards of the CRM page (GET /api/clients/stats). */
export function ClientStats() {
  const { t } = useTranslation('clients')
  const stats = useQuery(getClientStatsQueryOptions())
  const cards = countCards(
    stats.data,
    [
      ['total', Users],
      ['ativo', CircleCheck],
      ['inativo', CircleOff],
      ['suspenso', CirclePause],
    ],
    (key) => t(`stats.${key}`),
  )
  return (
    <StatCards label={t('stats.label')} cards={cards} loading={stats.isPending} testIdPrefix="client-stat" />
  )
}
