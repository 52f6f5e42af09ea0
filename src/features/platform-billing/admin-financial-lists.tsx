import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeft, ChevronRight, Receipt, Users } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { centsToBRL, parseDecimalCents } from '../../lib/br/money'
import { ADMIN_FINANCIAL_PAGE_SIZE, type RecentTransaction } from './platform-billing.admin.schema'
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './platform-billing.constants'
import { useSubscriptions } from './use-admin-financial'

export const brl = (value: string) => centsToBRL(parseDecimalCents(value))

const STATUS_VARIANT: Record<SubscriptionStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  active: 'success',
  trial: 'secondary',
  overdue: 'destructive',
  cancelled: 'warning',
}

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('adminFinancial')
  return <Badge variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>
}

export function RecentTransactionsCard({ items }: { items: RecentTransaction[] | undefined }) {
  const { t } = useTranslation('adminFinancial')
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5" aria-hidden />
          <h2 className="text-base font-semibold">{t('transactions.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!items ? (
          <Skeleton className="h-32 w-full" />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<Receipt />}
            title={t('transactions.empty')}
            description={t('transactions.emptyHint')}
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('columns.office')}</TableHead>
                <TableHead>{t('columns.plan')}</TableHead>
                <TableHead className="text-right">{t('columns.amount')}</TableHead>
                <TableHead>{t('columns.paidAt')}</TableHead>
                <TableHead>{t('columns.source')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id} data-testid="transaction-row">
                  <TableCell className="font-medium">{item.officeName}</TableCell>
                  <TableCell>{t(`plan.${item.plan}`)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">{brl(item.amount)}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTimeBR(item.paidAt)}</TableCell>
                  <TableCell>{item.source ? t(`source.${item.source}`) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}

export function SubscriptionsCard() {
  const { t } = useTranslation('adminFinancial')
  const [status, setStatus] = useState<SubscriptionStatus | 'todos'>('todos')
  const [page, setPage] = useState(0)
  const list = useSubscriptions(status, page * ADMIN_FINANCIAL_PAGE_SIZE)
  const data = list.data
  const total = data?.total ?? 0
  const from = total === 0 ? 0 : page * ADMIN_FINANCIAL_PAGE_SIZE + 1
  const to = Math.min(total, (page + 1) * ADMIN_FINANCIAL_PAGE_SIZE)
  const filters: (SubscriptionStatus | 'todos')[] = ['todos', ...SUBSCRIPTION_STATUSES]
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3">
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5" aria-hidden />
          <h2 className="text-base font-semibold">{t('subscriptions.title')}</h2>
        </CardTitle>
        <div role="group" aria-label={t('subscriptions.filter')} className="flex flex-wrap gap-2">
          {filters.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={status === value ? 'default' : 'outline'}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value)
                setPage(0)
              }}
            >
              {value === 'todos' ? t('subscriptions.all') : t(`status.${value}`)}
              {data && (
                <span className="text-xs opacity-80">
                  (
                  {value === 'todos'
                    ? Object.values(data.counts).reduce((a, b) => a + b, 0)
                    : data.counts[value]}
                  )
                </span>
              )}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('loadError')}
          </p>
        ) : !data ? (
          <Skeleton className="h-40 w-full" />
        ) : data.items.length === 0 ? (
          <EmptyState icon={<Users />} title={t('subscriptions.empty')} />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('columns.office')}</TableHead>
                <TableHead>{t('columns.plan')}</TableHead>
                <TableHead>{t('columns.status')}</TableHead>
                <TableHead>{t('columns.trialEnds')}</TableHead>
                <TableHead>{t('columns.periodEnd')}</TableHead>
                <TableHead>{t('columns.since')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((item) => (
                <TableRow key={item.id} data-testid="subscription-row">
                  <TableCell className="font-medium">{item.officeName}</TableCell>
                  <TableCell>{t(`plan.${item.plan}`)}</TableCell>
                  <TableCell>
                    <SubscriptionStatusBadge status={item.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateBR(item.trialEndsAt)}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {item.currentPeriodEnd ? formatDateBR(item.currentPeriodEnd) : '—'}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateBR(item.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <nav aria-label={t('subscriptions.pagination')} className="flex items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="subscriptions-range">
            {t('range', { from, to, total })}
          </p>
          <div className="flex gap-2">
            <Button
              size="icon"
              variant="outline"
              aria-label={t('previous')}
              disabled={page === 0}
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeft aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="outline"
              aria-label={t('next')}
              disabled={to >= total}
              onClick={() => setPage((p) => p + 1)}
            >
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </nav>
      </CardContent>
    </Card>
  )
}
