import { AlertTriangle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import { useBilling } from './use-billing'

/**
 * Across the dashboard while the office's subscription is overdue: when it becomes read-only, or that it is
 * read-only now (every write is refused by the server until the payment is recorded).
 */
export function SubscriptionBanner() {
  const { t } = useTranslation('billing')
  const officeId = useSession().data?.office?.id
  const billing = useBilling(officeId)
  const data = billing.data
  if (!data || (data.status !== 'overdue' && !data.readOnly)) return null
  return (
    <div
      role="alert"
      data-testid="subscription-banner"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-destructive/40 bg-destructive/10 px-4 py-2 text-sm"
    >
      <AlertTriangle aria-hidden className="size-4 shrink-0 text-destructive" />
      <p className="min-w-0 flex-1">
        {data.readOnly
          ? t('banner.readOnly')
          : t('banner.overdue', { date: formatDateBR(data.readOnlyFrom) })}
      </p>
      <Link
        to={`${paths.dashboard.settings}#assinatura`}
        className="font-medium underline underline-offset-4"
      >
        {t('banner.action')}
      </Link>
    </div>
  )
}
