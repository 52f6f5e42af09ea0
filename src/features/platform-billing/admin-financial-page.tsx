import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { toast } from 'sonner'
import {
  AlertTriangle,
  CalendarClock,
  CircleDollarSign,
  FileText,
  Hourglass,
  ListChecks,
  RefreshCcw,
  Settings,
  UserCheck,
  Wallet,
} from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button, buttonVariants } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { PageSpinner } from '../../components/page-spinner'
import { AdminFrame } from '../../components/admin-frame'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import { describeRun, MonthlyReportDialog, ReprocessButton, useReprocess } from './admin-financial-actions'
import { RevenueByPlanCard } from './admin-financial-chart'
import { brl, RecentTransactionsCard, SubscriptionsCard } from './admin-financial-lists'
import { PendingChargesDialog } from './admin-financial-pending'
import { SyncPaymentsDialog } from './admin-financial-statement'
import type { AdminFinancialOverview } from './platform-billing.admin.schema'
import { useAdminFinancial } from './use-admin-financial'

/** /admin/financial: superadmin only (the server refuses anyone else; here others go to /dashboard). */
export function AdminFinancialPage() {
  const { t } = useTranslation('adminFinancial')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <Navigate to={paths.dashboard.root} replace />
  return <AdminFinancial />
}

type DialogName = 'sync' | 'pending' | 'report' | null

function AdminFinancial() {
  const { t } = useTranslation('adminFinancial')
  const overview = useAdminFinancial()
  const [dialog, setDialog] = useState<DialogName>(null)
  const reprocess = useReprocess()
  const data = overview.data

  useEffect(() => {
    if (overview.error) toast.error(t('loadError'), { description: t('tryLater') })
  }, [overview.error, t])

  const openOnly = (name: Exclude<DialogName, null>) => (open: boolean) => setDialog(open ? name : null)
  return (
    <AdminFrame
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Button onClick={() => setDialog('sync')}>
          <RefreshCcw aria-hidden />
          {t('actions.sync')}
        </Button>
      }
    >
      <Metrics data={data} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6">
          <BillingSettingsCard data={data} />
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-base font-semibold">{t('actions.title')}</h2>
              </CardTitle>
              <CardDescription>{t('actions.description')}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <Button variant="outline" className="justify-start" onClick={() => setDialog('report')}>
                <FileText aria-hidden />
                {t('actions.report')}
              </Button>
              <Button variant="outline" className="justify-start" onClick={() => setDialog('pending')}>
                <ListChecks aria-hidden />
                {t('actions.pending')}
              </Button>
              <ReprocessButton run={reprocess.run} busy={reprocess.busy} />
              {reprocess.last && (
                <p role="status" className="text-sm text-muted-foreground" data-testid="reprocess-result">
                  {describeRun(t, reprocess.last)}
                </p>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="min-w-0 lg:col-span-2">
          <RevenueByPlanCard data={data} />
        </div>
      </div>
      <RecentTransactionsCard items={data?.recentTransactions} />
      <SubscriptionsCard />
      <SyncPaymentsDialog open={dialog === 'sync'} onOpenChange={openOnly('sync')} />
      <PendingChargesDialog open={dialog === 'pending'} onOpenChange={openOnly('pending')} />
      <MonthlyReportDialog open={dialog === 'report'} onOpenChange={openOnly('report')} />
    </AdminFrame>
  )
}

function Metrics({ data }: { data: AdminFinancialOverview | undefined }) {
  const { t } = useTranslation('adminFinancial')
  const m = data?.metrics
  const cards = [
    {
      id: 'revenue',
      icon: CircleDollarSign,
      label: t('metrics.monthRevenue'),
      value: m && brl(m.monthRevenue),
    },
    { id: 'active', icon: UserCheck, label: t('metrics.active'), value: m && String(m.activeSubscribers) },
    { id: 'trial', icon: Hourglass, label: t('metrics.trial'), value: m && String(m.trialSubscribers) },
    {
      id: 'overdue',
      icon: AlertTriangle,
      label: t('metrics.overdue'),
      value: m && String(m.overdueSubscribers),
    },
    {
      id: 'pending',
      icon: Wallet,
      label: t('metrics.pending'),
      value: m && brl(m.pendingAmount),
      hint: m && t('metrics.pendingCount', { count: m.pendingCount }),
    },
  ]
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {cards.map(({ id, icon: Icon, label, value, hint }) => (
        <Card key={id} data-testid={`metric-${id}`}>
          <CardContent className="flex items-center gap-3 p-4">
            <Icon className="size-8 shrink-0 text-primary" aria-hidden />
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">{label}</p>
              {value === undefined ? (
                <Skeleton className="mt-1 h-6 w-20" />
              ) : (
                <p className="truncate text-xl font-semibold">{value}</p>
              )}
              {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  )
}

function BillingSettingsCard({ data }: { data: AdminFinancialOverview | undefined }) {
  const { t } = useTranslation('adminFinancial')
  const s = data?.settings
  const rows: [string, string][] = s
    ? [
        [t('settings.monthlyPrice'), brl(s.monthlyPrice)],
        [t('settings.trialDays'), t('settings.days', { count: s.trialDays })],
        [t('settings.annualDiscount'), `${s.annualDiscount}%`],
        [t('settings.annualPrice'), brl(s.annualPrice)],
        [t('settings.graceDays'), t('settings.days', { count: s.graceDays })],
      ]
    : []
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5" aria-hidden />
          <h2 className="text-base font-semibold">{t('settings.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!s ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm" data-testid="billing-settings">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="flex flex-wrap gap-2">
              <Badge variant={s.autoBilling ? 'success' : 'warning'}>
                {s.autoBilling ? t('settings.autoOn') : t('settings.autoOff')}
              </Badge>
              <Badge variant={s.pixConfigured ? 'success' : 'warning'}>
                {s.pixConfigured ? t('settings.pixOn') : t('settings.pixOff')}
              </Badge>
            </div>
          </>
        )}
        <Link
          to={paths.admin.settings}
          className={buttonVariants({ variant: 'outline', className: 'w-fit' })}
        >
          <Settings aria-hidden />
          {t('settings.edit')}
        </Link>
      </CardContent>
    </Card>
  )
}
