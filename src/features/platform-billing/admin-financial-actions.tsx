import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FileDown, FileText, RefreshCw } from 'lucide-react'
import { Button, buttonVariants } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Skeleton } from '../../components/ui/skeleton'
import { todayISO } from '../../lib/br/dates'
import { centsToBRL } from '../../lib/br/money'
import type { ReprocessStatus } from './platform-billing.admin.schema'
import {
  reportUrl,
  useMonthlyReport,
  useRefreshFinancial,
  useReprocessStatus,
  useStartReprocess,
} from './use-admin-financial'

/** 'Reprocessar Pagamentos': starts the billing run and tells what it did when the job ends. */
export function useReprocess() {
  const { t } = useTranslation('adminFinancial')
  const start = useStartReprocess()
  const refresh = useRefreshFinancial()
  const [runId, setRunId] = useState<string | null>(null)
  const status = useReprocessStatus(runId)
  const announced = useRef<string | null>(null)
  const state = status.data?.status

  useEffect(() => {
    if (!runId || announced.current === runId || !status.data || state === 'queued') return
    announced.current = runId
    if (state === 'done') {
      toast.success(t('reprocess.done'), { description: describeRun(t, status.data) })
      void refresh()
    } else toast.error(t('reprocess.failed'), { description: t('tryLater') })
  }, [runId, state, status.data, refresh, t])

  const run = () =>
    start.mutate(undefined, {
      onSuccess: ({ runId: id }) => {
        setRunId(id)
        toast.info(t('reprocess.started'))
      },
      onError: (error) => toast.error(t('reprocess.failed'), { description: error.message }),
    })
  const busy = start.isPending || (runId !== null && (state === undefined || state === 'queued'))
  return { run, busy, last: state === 'done' ? status.data : undefined }
}

export function describeRun(
  t: (key: string, options?: Record<string, unknown>) => string,
  run: ReprocessStatus,
) {
  const r = run.result ?? {}
  return t('reprocess.result', { issued: r.issued ?? 0, checked: r.checked ?? 0, created: r.created ?? 0 })
}

/** The previous calendar month is what a monthly report is usually about; the field allows any month. */
function previousMonth(): string {
  const [y, m] = todayISO().split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

/** 'Relatório Mensal': a month's summary on screen, and its CSV and PDF. */
export function MonthlyReportDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const { t } = useTranslation('adminFinancial')
  const [month, setMonth] = useState(previousMonth)
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month)
  const report = useMonthlyReport(open && valid ? month : null)
  const totals = report.data?.totals
  const rows: [string, number, number][] = totals
    ? [
        [t('report.issued'), totals.issued.count, totals.issued.cents],
        [t('report.paid'), totals.paid.count, totals.paid.cents],
        [t('report.pending'), totals.pending.count, totals.pending.cents],
        [t('report.cancelled'), totals.cancelled.count, totals.cancelled.cents],
      ]
    : []
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('report.title')}</DialogTitle>
          <DialogDescription>{t('report.description')}</DialogDescription>
        </DialogHeader>
        <FormField
          label={t('report.month')}
          htmlFor="report-month"
          error={valid ? undefined : t('report.badMonth')}
        >
          <Input id="report-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </FormField>
        {valid && !totals ? (
          report.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t('loadError')}
            </p>
          ) : (
            <Skeleton className="h-28 w-full" />
          )
        ) : totals ? (
          <dl className="grid grid-cols-[1fr_auto_auto] gap-x-4 gap-y-1 text-sm" data-testid="report-summary">
            {rows.map(([label, count, cents]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="text-right">{count}</dd>
                <dd className="text-right font-medium whitespace-nowrap">{centsToBRL(cents)}</dd>
              </div>
            ))}
            <div className="contents">
              <dt className="text-muted-foreground">{t('report.byPlan')}</dt>
              <dd className="col-span-2 text-right whitespace-nowrap">
                {t('plan.monthly')} {centsToBRL(totals.revenueByPlan.monthly)} · {t('plan.annual')}{' '}
                {centsToBRL(totals.revenueByPlan.annual)}
              </dd>
            </div>
          </dl>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <a
            className={buttonVariants({ variant: 'outline' })}
            href={valid ? reportUrl(month, 'csv') : undefined}
            aria-disabled={!valid}
            download
          >
            <FileDown aria-hidden />
            {t('report.csv')}
          </a>
          <a
            className={buttonVariants({ variant: 'outline' })}
            href={valid ? reportUrl(month, 'pdf') : undefined}
            aria-disabled={!valid}
            download
          >
            <FileText aria-hidden />
            {t('report.pdf')}
          </a>
        </div>
      </DialogContent>
    </Dialog>
  )
}

export function ReprocessButton({ run, busy }: { run: () => void; busy: boolean }) {
  const { t } = useTranslation('adminFinancial')
  return (
    <Button variant="outline" onClick={run} disabled={busy} className="justify-start">
      <RefreshCw aria-hidden className={busy ? 'animate-spin motion-reduce:animate-none' : undefined} />
      {busy ? t('reprocess.running') : t('actions.reprocess')}
    </Button>
  )
}
