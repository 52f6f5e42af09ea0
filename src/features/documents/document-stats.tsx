import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, FileText, FolderOpen, Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { countCards, StatCards } from '../../components/list-page/stat-cards'
import { getDocumentStatsQueryOptions } from './use-documents'

/** The four cards of the documents page (GET /api/documents/stats): all real, 'Este Mês' included. */
export function DocumentStats() {
  const { t } = useTranslation('documents')
  const stats = useQuery(getDocumentStatsQueryOptions())
  const cards = countCards(
    stats.data,
    [
      ['total', FileText],
      ['pastas', FolderOpen],
      ['confidenciais', Lock],
      ['esteMes', CalendarPlus],
    ],
    (key) => t(`stats.${key}`),
  )
  return (
    <StatCards
      label={t('stats.label')}
      cards={cards}
      loading={stats.isPending}
      testIdPrefix="document-stat"
    />
  )
}
