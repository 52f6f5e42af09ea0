import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { Skeleton } from '../../components/ui/skeleton'

// Pieces shared by /admin/moderation's tabs.

export function StatusBadge({ done }: { done: boolean }) {
  const { t } = useTranslation('admin-moderation')
  return done ? (
    <Badge variant="success">{t('status.done')}</Badge>
  ) : (
    <Badge variant="warning">{t('status.waiting')}</Badge>
  )
}

/** Loading rows, shared by the tabs. */
export function TabSkeleton() {
  const { t } = useTranslation('admin')
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-2">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  )
}

/** Next to a blocked user's name in the users and profiles lists. */
export function BlockedBadge() {
  const { t } = useTranslation('admin-moderation')
  return (
    <Badge variant="destructive" className="ml-2">
      {t('block.badge')}
    </Badge>
  )
}
