import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, FileText, FolderOpen, Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { getDocumentStatsQueryOptions } from './use-documents'

const numberFormat = new Intl.NumberFormat('pt-BR')

/** The four cards of the documents page (GET /api/documents/stats): all real, 'Este Mês' included. */
export function DocumentStats() {
  const { t } = useTranslation('documents')
  const stats = useQuery(getDocumentStatsQueryOptions())
  const cards = [
    { key: 'total', value: stats.data?.total, icon: FileText },
    { key: 'pastas', value: stats.data?.pastas, icon: FolderOpen },
    { key: 'confidenciais', value: stats.data?.confidenciais, icon: Lock },
    { key: 'esteMes', value: stats.data?.esteMes, icon: CalendarPlus },
  ] as const

  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, value, icon: Icon }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`document-stat-${key}`}>
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
