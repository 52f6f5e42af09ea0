import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FormDialog, FormDialogActions } from '../../components/form/form-dialog'
import { SelectFormField } from '../../components/form/select-form-field'
import { bodyResolver } from '../../components/form/body-resolver'
import { useAppForm } from '../../components/form/use-app-form'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { todayISO } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import { reportSaveError } from '../../lib/form-save-error'
import { markPaidBody, PAYMENT_METHODS, type FinancialEntryDto, type PaymentMethod } from './financial.schema'
import { useMarkPaid } from './use-financial'

interface PayValues {
  dataPagamento: string
  formaPagamento: PaymentMethod
}

/** The form's values are the body of POST /api/financial/entries/:id/pay, checked by the route's schema. */
const resolver = bodyResolver<PayValues>(markPaidBody, (values) => values)

/** 'Marcar como Pago': asks the payment date (today by default) and method, then persists. */
export function PayDialog({
  entry,
  onOpenChange,
}: {
  entry: FinancialEntryDto | null
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('financial')
  return (
    <FormDialog
      open={entry !== null}
      onOpenChange={onOpenChange}
      title={t('pay.title')}
      description={entry ? `${entry.descricao} · ${formatBRL(entry.valor)}` : ''}
      loading={false}
      loadingLabel=""
      loadError={null}
      loadErrorTitle=""
    >
      {entry && <PayForm key={entry.id} entry={entry} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function PayForm({ entry, onDone }: { entry: FinancialEntryDto; onDone: () => void }) {
  const { t } = useTranslation('financial')
  const pay = useMarkPaid()
  const defaultValues: PayValues = {
    dataPagamento: todayISO(),
    formaPagamento: entry.formaPagamento ?? 'pix',
  }
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<PayValues>({ defaultValues, resolver })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await pay.mutateAsync({ id: entry.id, data: values })
      toast.success(t('toast.paid'), { description: entry.descricao })
      onDone()
    } catch (error) {
      reportSaveError(error, {
        values: defaultValues,
        setError,
        title: t('toast.saveError'),
        invalidDescription: t('toast.saveErrorDescription'),
      })
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('pay.data')} htmlFor="pay-data" error={errors.dataPagamento?.message}>
          <Input id="pay-data" type="date" aria-required {...register('dataPagamento')} />
        </FormField>
        <SelectFormField
          control={control}
          name="formaPagamento"
          id="pay-forma"
          label={t('pay.forma')}
          error={errors.formaPagamento?.message}
          options={PAYMENT_METHODS.map((value) => ({ value, label: t(`forma.${value}`) }))}
        />
      </div>
      <FormDialogActions
        onCancel={onDone}
        cancelLabel={t('pay.cancel')}
        submitLabel={t('pay.confirm')}
        submittingLabel={t('pay.saving')}
        isSubmitting={isSubmitting}
      />
    </form>
  )
}
