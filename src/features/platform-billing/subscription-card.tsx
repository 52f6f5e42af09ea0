import { useState } from 'react'
import type { TFunction } from 'i18next'
import { Copy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import { Skeleton } from '../../components/ui/skeleton'
import { Textarea } from '../../components/ui/textarea'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import { ApiRequestError } from '../../lib/api-client'
import { useSession } from '../auth/auth.public'
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from './platform-billing.constants'
import type { BillingChargeDto, BillingStatusDto } from './platform-billing.schema'
import { useBilling, useCancelSubscription, useChangePlan, useReactivateSubscription } from './use-billing'
import { useQrDataUrl } from '../../lib/use-qr-data-url'

const STATUS_BADGE = {
  trial: 'secondary',
  active: 'success',
  overdue: 'destructive',
  cancelled: 'outline',
} as const

/**
 * 'Assinatura' (issue 14): the office's platform subscription — status, plan (switch applies from the next
 * period), the charge to pay as a Pix QR and "copia e cola", and cancelling with a confirmation. Every
 * member sees it; only sócios change the plan or cancel (the server says so too). Nothing for an office
 * without a subscription.
 */
export function SubscriptionCard() {
  const { t } = useTranslation('billing')
  const officeId = useSession().data?.office?.id
  const billing = useBilling(officeId)
  if (!officeId || billing.data === null) return null
  // The settings page itself says when the office requires 2FA first; the card would only repeat it.
  if (billing.error instanceof ApiRequestError && billing.error.code === 'two_factor_required') return null
  return (
    <Card id="assinatura" aria-labelledby="billing-title" role="region" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>
          <h2 id="billing-title">{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {billing.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-3">
            <span className="sr-only">{t('loading')}</span>
            <Skeleton className="h-6 w-56" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : billing.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <p className="text-destructive">{billing.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void billing.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <SubscriptionDetails officeId={officeId} data={billing.data} />
        )}
      </CardContent>
    </Card>
  )
}

function statusText(t: TFunction<'billing'>, data: BillingStatusDto): string {
  switch (data.status) {
    case 'trial':
      return t('status.trial', { date: formatDateBR(data.trialEndsAt) })
    case 'active':
      return data.currentPeriodEnd
        ? t('status.activeUntil', { date: formatDateBR(data.currentPeriodEnd) })
        : t('status.active')
    case 'overdue':
      return data.overdueSince
        ? t('status.overdueSince', { date: formatDateBR(data.overdueSince) })
        : t('status.overdue')
    case 'cancelled':
      return data.cancelledAt
        ? t('status.cancelledOn', { date: formatDateBR(data.cancelledAt) })
        : t('status.cancelled')
  }
}

function SubscriptionDetails({ officeId, data }: { officeId: string; data: BillingStatusDto }) {
  const { t } = useTranslation('billing')
  const cancelled = data.status === 'cancelled'
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_BADGE[data.status]} data-testid="billing-status">
          {t(`statusBadge.${data.status}`)}
        </Badge>
        <p className="text-sm">{statusText(t, data)}</p>
      </div>
      {data.readOnly ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {t('readOnly')}
        </p>
      ) : data.status === 'overdue' && data.readOnlyFrom ? (
        <p className="rounded-md border border-warning/40 bg-warning/15 p-3 text-sm">
          {t('overdueWarning', { date: formatDateBR(data.readOnlyFrom), days: data.graceDays })}
        </p>
      ) : cancelled && data.readOnlyFrom ? (
        <p className="text-sm text-muted-foreground">
          {t('cancelledNote', { date: formatDateBR(data.readOnlyFrom) })}
        </p>
      ) : null}
      <PlanPicker officeId={officeId} data={data} />
      {data.pendingCharge && <PendingCharge charge={data.pendingCharge} />}
      {data.canManage && !cancelled && <ConfirmAction officeId={officeId} action="cancel" />}
      {data.canManage && cancelled && <ConfirmAction officeId={officeId} action="reactivate" />}
    </>
  )
}

function PlanPicker({ officeId, data }: { officeId: string; data: BillingStatusDto }) {
  const { t } = useTranslation('billing')
  const change = useChangePlan(officeId)
  const editable = data.canManage && data.status !== 'cancelled'
  const price = (plan: SubscriptionPlan) =>
    plan === 'monthly'
      ? t('plans.monthlyPrice', { price: formatBRL(data.prices.monthly) })
      : t('plans.annualPrice', { price: formatBRL(data.prices.annual), discount: data.prices.annualDiscount })

  const choose = (plan: SubscriptionPlan) => {
    if (plan === data.plan || change.isPending) return
    change.mutate(plan, {
      onSuccess: () => toast.success(t('plans.changed')),
      onError: (error) => toast.error(t('plans.changeError'), { description: error.message }),
    })
  }

  return (
    <div className="grid gap-2">
      <Label id="billing-plan-label">{t('plans.label')}</Label>
      <div role="group" aria-labelledby="billing-plan-label" className="grid gap-2 sm:grid-cols-2">
        {SUBSCRIPTION_PLANS.map((plan) => (
          <Button
            key={plan}
            type="button"
            variant={data.plan === plan ? 'default' : 'outline'}
            aria-pressed={data.plan === plan}
            disabled={!editable || change.isPending}
            onClick={() => choose(plan)}
            className="h-auto flex-col items-start gap-0.5 py-2 text-left whitespace-normal"
            data-testid={`billing-plan-${plan}`}
          >
            <span className="font-semibold">{t(`plans.${plan}`)}</span>
            <span className="text-xs font-normal opacity-90">{price(plan)}</span>
          </Button>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {editable ? t('plans.nextPeriod') : data.status === 'cancelled' ? '' : t('plans.sociosOnly')}
      </p>
    </div>
  )
}

function PendingCharge({ charge }: { charge: BillingChargeDto }) {
  const { t } = useTranslation('billing')
  const amount = formatBRL(charge.amount)
  const qr = useQrDataUrl(charge.brCode ?? '', 180)

  async function copy() {
    try {
      await navigator.clipboard.writeText(charge.brCode ?? '')
      toast.success(t('charge.copied'))
    } catch {
      toast.error(t('charge.copyFailed'))
    }
  }

  return (
    <section aria-labelledby="billing-charge-title" className="grid gap-3 rounded-md border p-3">
      <h3 id="billing-charge-title" className="font-semibold">
        {t('charge.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
        <div className="flex justify-center">
          {qr === null ? (
            <Skeleton className="size-[180px]" />
          ) : qr ? (
            <img
              src={qr}
              alt={t('charge.qrAlt', { amount })}
              width={180}
              height={180}
              className="rounded-md border bg-white p-1"
              data-testid="billing-qr"
            />
          ) : null}
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] content-start gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('charge.amount')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="billing-amount">
            {amount}
          </dd>
          <dt className="text-muted-foreground">{t('charge.due')}</dt>
          <dd>{formatDateBR(charge.dueAt)}</dd>
          <dt className="text-muted-foreground">{t('charge.period')}</dt>
          <dd>
            {formatDateBR(charge.periodStart)} – {formatDateBR(charge.periodEnd)}
          </dd>
          <dt className="text-muted-foreground">{t('charge.txid')}</dt>
          <dd className="font-mono text-xs break-all">{charge.txid}</dd>
        </dl>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="billing-copia-e-cola">{t('charge.copiaECola')}</Label>
        <Textarea
          id="billing-copia-e-cola"
          readOnly
          rows={3}
          value={charge.brCode ?? ''}
          className="font-mono text-xs break-all"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => void copy()}>
          <Copy aria-hidden />
          {t('charge.copy')}
        </Button>
      </div>
    </section>
  )
}

/** 'Cancelar assinatura' / 'Reativar assinatura', each behind a confirmation (sócios only). */
function ConfirmAction({ officeId, action }: { officeId: string; action: 'cancel' | 'reactivate' }) {
  const { t } = useTranslation('billing')
  const cancel = useCancelSubscription(officeId)
  const reactivate = useReactivateSubscription(officeId)
  const mutation = action === 'cancel' ? cancel : reactivate
  const [open, setOpen] = useState(false)
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setOpen(false)
        toast.success(t(`${action}.done`))
      },
      onError: (error) => toast.error(t(`${action}.error`), { description: error.message }),
    })
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant={action === 'cancel' ? 'outline' : 'default'}
          className="justify-self-start"
        >
          {t(`${action}.button`)}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(`${action}.title`)}</AlertDialogTitle>
          <AlertDialogDescription>{t(`${action}.description`)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{t(`${action}.back`)}</AlertDialogCancel>
          <AlertDialogAction
            disabled={mutation.isPending}
            onClick={(event) => {
              // Kept open until the server answers: an error is shown without losing the dialog.
              event.preventDefault()
              confirm()
            }}
          >
            {mutation.isPending
              ? action === 'cancel'
                ? t('cancel.cancelling')
                : t('reactivate.reactivating')
              : t(`${action}.confirm`)}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
