import { useQuery } from '@tanstack/react-query'
import { AlarmClock, CalendarDays, Gavel, Hourglass } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { countCards, StatCards } from '../../components/list-page/stat-cards'
import { getAgendaStatsQueryOptions } from './use-agenda'

/** The four cards of the agenda (GET /api/agenda/stats): total, prazos, next 24 h, audiências. */
export function AgendaStats() {
  const { t } = useTranslation('agenda')
  const stats = useQuery(getAgendaStatsQueryOptions())
  const cards = countCards(
    stats.data,
    [
      ['total', CalendarDays],
      ['prazos', Hourglass],
      ['proximas24h', AlarmClock],
      ['audiencias', Gavel],
    ],
    (key) => t(`stats.${key}`),
  )
  return (
    <StatCards label={t('stats.label')} cards={cards} loading={stats.isPending} testIdPrefix="agenda-stat" />
  )
}
