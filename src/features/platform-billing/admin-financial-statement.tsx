import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FileCheck2, Upload } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { formatDateBR } from '../../lib/br/dates'
import { centsToBRL } from '../../lib/br/money'
import {
  RECONCILE_STATUSES,
  type PendingChargeItem,
  type ReconcileResult,
  type ReconcileStatus,
} from './platform-billing.admin.schema'
import { STATEMENT_HEADER_LABELS, STATEMENT_MAX_BYTES } from './platform-billing.reconcile.parse'
import { MarkPaidDialog, PendingChargesList } from './admin-financial-pending'
import { useApplyStatement, usePreviewStatement } from './use-admin-financial'

const STATUS_VARIANT: Record<
  ReconcileStatus,
  'success' | 'secondary' | 'destructive' | 'warning' | 'outline'
> = {
  matched: 'success',
  already_paid: 'secondary',
  amount_mismatch: 'destructive',
  unknown: 'warning',
  cancelled: 'outline',
  duplicate: 'outline',
}

/** 'Sincronizar Pagamentos': import a bank statement, or record a payment received by hand. */
export function SyncPaymentsDialog({
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
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('sync.title')}</DialogTitle>
            <DialogDescription>{t('sync.description')}</DialogDescription>
          </DialogHeader>
          {open && (
            <Tabs defaultValue="statement" className="min-w-0">
              <TabsList>
                <TabsTrigger value="statement">{t('sync.statementTab')}</TabsTrigger>
                <TabsTrigger value="manual">{t('sync.manualTab')}</TabsTrigger>
              </TabsList>
              <TabsContent value="statement" className="min-w-0">
                <StatementImport />
              </TabsContent>
              <TabsContent value="manual" className="min-w-0">
                <PendingChargesList onPay={setPaying} />
              </TabsContent>
            </Tabs>
          )}
        </DialogContent>
      </Dialog>
      <MarkPaidDialog charge={paying} onClose={() => setPaying(null)} />
    </>
  )
}

/** The preview with the applied lines' new verdicts (the lines not sent keep theirs), counted again. */
function mergeApplied(preview: ReconcileResult, applied: ReconcileResult): ReconcileResult {
  const byLine = new Map(applied.lines.map((l) => [l.line, l]))
  const lines = preview.lines.map((l) => byLine.get(l.line) ?? l)
  const summary = Object.fromEntries(RECONCILE_STATUSES.map((s) => [s, 0])) as Record<ReconcileStatus, number>
  for (const line of lines) summary[line.status]++
  return { ...preview, lines, summary, applied: applied.applied ?? 0 }
}

function StatementImport() {
  const { t } = useTranslation('adminFinancial')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const preview = usePreviewStatement()
  const apply = useApplyStatement()
  const [result, setResult] = useState<ReconcileResult | null>(null)

  const check = (event: FormEvent) => {
    event.preventDefault()
    if (!file) return setFileError(t('sync.chooseFile'))
    if (file.size > STATEMENT_MAX_BYTES) return setFileError(t('sync.tooLarge'))
    setFileError(null)
    apply.reset()
    preview.mutate(file, {
      onSuccess: setResult,
      onError: (error) => toast.error(t('sync.previewError'), { description: error.message }),
    })
  }
  const confirm = () => {
    if (!result) return
    apply.mutate(
      // Only lines that name one of our charges: the server reconciles them again under lock, and a bank's
      // own long identifiers on other lines never reach the txid rule of the contract.
      {
        lines: result.lines
          .filter((l) => l.chargeId !== null)
          .map(({ line, txid, amountCents, date }) => ({ line, txid, amountCents, date })),
      },
      {
        onSuccess: (applied) => {
          setResult(mergeApplied(result, applied))
          toast.success(t('sync.applied', { count: applied.applied ?? 0 }))
        },
        onError: (error) => toast.error(t('sync.applyError'), { description: error.message }),
      },
    )
  }
  const matched = result?.summary.matched ?? 0
  return (
    <div className="flex flex-col gap-4 pt-2">
      <form onSubmit={check} className="flex flex-col gap-3" noValidate>
        <FormField
          label={t('sync.file')}
          htmlFor="statement-file"
          error={fileError}
          description={t('sync.fileHint')}
        >
          <Input
            id="statement-file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null)
              setResult(null)
            }}
          />
        </FormField>
        <details className="rounded-md border p-3 text-sm">
          <summary className="cursor-pointer font-medium">{t('sync.formatTitle')}</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground" data-testid="statement-headers">
            <li>{t('sync.formatDate', { names: STATEMENT_HEADER_LABELS.date.join(', ') })}</li>
            <li>{t('sync.formatAmount', { names: STATEMENT_HEADER_LABELS.amount.join(', ') })}</li>
            <li>{t('sync.formatTxid', { names: STATEMENT_HEADER_LABELS.txid.join(', ') })}</li>
            <li>{t('sync.formatShape')}</li>
          </ul>
        </details>
        <Button type="submit" variant="outline" disabled={preview.isPending} className="w-fit">
          <Upload aria-hidden />
          {t('sync.check')}
        </Button>
      </form>
      {result && <ReconcileView result={result} />}
      {result && result.applied === undefined && (
        <Button onClick={confirm} disabled={matched === 0 || apply.isPending} className="w-fit">
          <FileCheck2 aria-hidden />
          {t('sync.confirm', { count: matched })}
        </Button>
      )}
    </div>
  )
}

function ReconcileView({ result }: { result: ReconcileResult }) {
  const { t } = useTranslation('adminFinancial')
  const shown = (Object.entries(result.summary) as [ReconcileStatus, number][]).filter(([, n]) => n > 0)
  return (
    <section
      aria-label={t('sync.resultTitle')}
      className="flex flex-col gap-3"
      data-testid="reconcile-result"
    >
      {result.applied !== undefined && (
        <p role="status" className="text-sm font-medium">
          {t('sync.applied', { count: result.applied })}
        </p>
      )}
      <div className="flex flex-wrap gap-2" aria-live="polite">
        {shown.length === 0 && <p className="text-sm text-muted-foreground">{t('sync.noLines')}</p>}
        {shown.map(([status, n]) => (
          <Badge key={status} variant={STATUS_VARIANT[status]} data-testid={`summary-${status}`}>
            {t(`reconcile.${status}`)}: {n}
          </Badge>
        ))}
        {result.skipped > 0 && (
          <Badge variant="outline">{t('sync.skipped', { count: result.skipped })}</Badge>
        )}
      </div>
      {result.errors.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-destructive" data-testid="statement-errors">
          {result.errors.slice(0, 20).map((error) => (
            <li key={`${error.line}-${error.message}`}>{error.message}</li>
          ))}
          {result.errors.length > 20 && <li>{t('sync.moreErrors', { count: result.errors.length - 20 })}</li>}
        </ul>
      )}
      {result.lines.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.line')}</TableHead>
              <TableHead>{t('columns.date')}</TableHead>
              <TableHead>{t('columns.txid')}</TableHead>
              <TableHead className="text-right">{t('columns.amount')}</TableHead>
              <TableHead>{t('columns.office')}</TableHead>
              <TableHead>{t('columns.result')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.lines.map((line) => (
              <TableRow key={line.line} data-testid="reconcile-row">
                <TableCell>{line.line}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateBR(line.date)}</TableCell>
                <TableCell className="font-mono text-xs">{line.txid}</TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {centsToBRL(line.amountCents)}
                  {line.status === 'amount_mismatch' && line.expectedCents !== null && (
                    <span className="block text-xs text-muted-foreground">
                      {t('sync.expected', { amount: centsToBRL(line.expectedCents) })}
                    </span>
                  )}
                </TableCell>
                <TableCell>{line.officeName ?? '—'}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[line.status]}>{t(`reconcile.${line.status}`)}</Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  )
}
