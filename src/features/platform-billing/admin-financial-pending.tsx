import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { CheckCircle2, ChevronLeft, ChevronRight, Copy, Inbox } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR, todayISO } from '../../lib/br/dates'
import { centsToBRL, parseDecimalCents } from '../../lib/br/money'
import { ADMIN_FINANCIAL_PAGE_SIZE, type PendingChargeItem } from './platform-billing.admin.schema'
import { brl } from './admin-financial-lists'
import { useMarkPaid, usePendingCharges } from './use-admin-financial'

/** The pending charges, oldest due first: copy a BR Code, or record a payment received. */
export function PendingChargesList({ onPay }: { onPay: (charge: PendingChargeItem) => void }) {
  const { t } = useTranslation('adminFinancial')
  const [page, setPage] = useState(0)
  const list = usePendingCharges(page * ADMIN_FINANCIAL_PAGE_SIZE)
  const data = list.data
  const copy = async (charge: PendingChargeItem) => {
    try {
      await navigator.clipboard.writeText(charge.brCode)
      toast.success(t('pending.copied'))
    } catch {
      toast.error(t('pending.copyError'))
    }
  }
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('loadError')}
      </p>
    )
  if (!data) return <Skeleton className="h-40 w-full" />
  if (data.items.length === 0)
    return <EmptyState icon={<Inbox />} title={t('pending.empty')} description={t('pending.emptyHint')} />
  const from = page * ADMIN_FINANCIAL_PAGE_SIZE + 1
  const to = Math.min(data.total, (page + 1) * ADMIN_FINANCIAL_PAGE_SIZE)
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground" data-testid="pending-total">
        {t('pending.total', { count: data.total, amount: brl(data.totalAmount) })}
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('columns.office')}</TableHead>
            <TableHead>{t('columns.plan')}</TableHead>
            <TableHead className="text-right">{t('columns.amount')}</TableHead>
            <TableHead>{t('columns.dueAt')}</TableHead>
            <TableHead>
              <span className="sr-only">{t('columns.actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.items.map((charge) => (
            <TableRow key={charge.id} data-testid="pending-row">
              <TableCell className="font-medium">{charge.officeName}</TableCell>
              <TableCell>{t(`plan.${charge.plan}`)}</TableCell>
              <TableCell className="text-right whitespace-nowrap">{brl(charge.amount)}</TableCell>
              <TableCell className="whitespace-nowrap">
                <span className="flex items-center gap-2">
                  {formatDateBR(charge.dueAt)}
                  {charge.overdue && <Badge variant="destructive">{t('pending.overdue')}</Badge>}
                </span>
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void copy(charge)}
                    aria-label={t('pending.copyFor', { office: charge.officeName })}
                  >
                    <Copy aria-hidden />
                    <span className="hidden sm:inline">{t('pending.copy')}</span>
                  </Button>
                  <Button
                    size="sm"
                    onClick={() => onPay(charge)}
                    aria-label={t('pending.payFor', { office: charge.officeName })}
                  >
                    <CheckCircle2 aria-hidden />
                    <span className="hidden sm:inline">{t('pending.pay')}</span>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data.total > ADMIN_FINANCIAL_PAGE_SIZE && (
        <nav aria-label={t('pending.pagination')} className="flex items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('range', { from, to, total: data.total })}
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
              disabled={to >= data.total}
              onClick={() => setPage((p) => p + 1)}
            >
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </nav>
      )}
    </div>
  )
}

/** 'Registrar pagamento': what the bank shows was received (amount, date). */
export function MarkPaidDialog({
  charge,
  onClose,
}: {
  charge: PendingChargeItem | null
  onClose: () => void
}) {
  const { t } = useTranslation('adminFinancial')
  return (
    <Dialog open={charge !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('markPaid.title')}</DialogTitle>
          <DialogDescription>
            {charge && t('markPaid.description', { office: charge.officeName, amount: brl(charge.amount) })}
          </DialogDescription>
        </DialogHeader>
        {charge && <MarkPaidForm key={charge.id} charge={charge} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function MarkPaidForm({ charge, onDone }: { charge: PendingChargeItem; onDone: () => void }) {
  const { t } = useTranslation('adminFinancial')
  const markPaid = useMarkPaid()
  const [amount, setAmount] = useState(() =>
    centsToBRL(parseDecimalCents(charge.amount))
      .replace(/^R\$\s*/, '')
      .trim(),
  )
  const [paidAt, setPaidAt] = useState(todayISO())
  const fields = markPaid.error instanceof ApiRequestError ? markPaid.error.fields : {}
  const submit = (event: FormEvent) => {
    event.preventDefault()
    markPaid.mutate(
      { id: charge.id, input: { amount, paidAt } },
      {
        onSuccess: () => {
          toast.success(t('markPaid.done'), { description: charge.officeName })
          onDone()
        },
        onError: (error) => toast.error(t('markPaid.error'), { description: error.message }),
      },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField label={t('markPaid.amount')} htmlFor="mark-paid-amount" error={fields.amount}>
        <Input
          id="mark-paid-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
        />
      </FormField>
      <FormField label={t('markPaid.date')} htmlFor="mark-paid-date" error={fields.paidAt}>
        <Input
          id="mark-paid-date"
          type="date"
          max={todayISO()}
          value={paidAt}
          onChange={(e) => setPaidAt(e.target.value)}
          required
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={markPaid.isPending}>
          {t('markPaid.submit')}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** 'Cobranças Pendentes': the list in a dialog. */
export function PendingChargesDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const { t } = useTranslation('adminFinancial')
  const [paying, setPaying] = useState<PendingChargeItem | null>(null)
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('pending.title')}</DialogTitle>
            <DialogDescription>{t('pending.description')}</DialogDescription>
          </DialogHeader>
          {open && <PendingChargesList onPay={setPaying} />}
        </DialogContent>
      </Dialog>
      <MarkPaidDialog charge={paying} onClose={() => setPaying(null)} />
    </>
  )
}
