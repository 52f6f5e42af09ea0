import { useState } from 'react'
import { useController, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FormDialog, FormDialogActions } from '../../components/form/form-dialog'
import { SelectFormField } from '../../components/form/select-form-field'
import { bodyResolver } from '../../components/form/body-resolver'
import { useAppForm } from '../../components/form/use-app-form'
import { Checkbox } from '../../components/ui/checkbox'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'
import { todayISO } from '../../lib/br/dates'
import { reportSaveError } from '../../lib/form-save-error'
import { CasePicker, ClientPicker } from '../cases/cases.public'
import {
  entryCreateBody,
  entryUpdateBody,
  FINANCIAL_CATEGORIES,
  FINANCIAL_LIMITS,
  FINANCIAL_TYPES,
  PAYMENT_METHODS,
  type EntryCreateInput,
  type EntryUpdateInput,
  type FinancialCategory,
  type FinancialEntryDto,
  type FinancialType,
} from './financial.schema'
import { useSaveEntry } from './use-financial'

const NO_METHOD = 'none'

interface EntryValues {
  tipo: FinancialType
  categoria: FinancialCategory
  descricao: string
  valor: string
  dataVencimento: string
  clientId: string
  caseId: string
  /** A PAYMENT_METHODS value, or NO_METHOD (a Select item can't hold ''). */
  formaPagamento: string
  observacoes: string
  status: 'pendente' | 'cancelado'
  parcelas: string
  recorrente: boolean
}

function valuesOf(entry: FinancialEntryDto | null): EntryValues {
  return {
    tipo: entry?.tipo ?? 'receita',
    categoria: entry?.categoria ?? 'honorarios',
    descricao: entry?.descricao ?? '',
    valor: entry?.valor ?? '',
    dataVencimento: entry?.dataVencimento ?? todayISO(),
    clientId: entry?.clientId ?? '',
    caseId: entry?.caseId ?? '',
    formaPagamento: entry?.formaPagamento ?? NO_METHOD,
    observacoes: entry?.observacoes ?? '',
    status: entry?.storedStatus === 'cancelado' ? 'cancelado' : 'pendente',
    parcelas: '1',
    recorrente: entry?.recorrente ?? false,
  }
}

/**
 * The body the dialog sends: POST's for a new entry (installments only for a receita), PATCH's for `entry` (its
 * status unless paid; a link left as it was is left out, since the client or case may have been deleted since).
 */
function entryBody(
  values: EntryValues,
  entry: FinancialEntryDto | null,
  defaultValues: EntryValues,
): EntryCreateInput | EntryUpdateInput {
  const common = {
    tipo: values.tipo,
    categoria: values.categoria,
    descricao: values.descricao.trim(),
    valor: values.valor,
    dataVencimento: values.dataVencimento,
    formaPagamento: values.formaPagamento === NO_METHOD ? null : (values.formaPagamento as never),
    observacoes: values.observacoes.trim() === '' ? null : values.observacoes,
    recorrente: values.tipo === 'despesa' && !entry?.parcelaTotal ? values.recorrente : false,
  }
  if (entry) {
    return {
      ...common,
      ...(entry.storedStatus === 'pago' ? {} : { status: values.status }),
      ...(values.clientId === defaultValues.clientId ? {} : { clientId: values.clientId || null }),
      ...(values.caseId === defaultValues.caseId ? {} : { caseId: values.caseId || null }),
    }
  }
  return {
    ...common,
    // '' is 0 and 'x' NaN: the schema says either is no count of parcels.
    parcelas: values.tipo === 'receita' ? Number(values.parcelas) : 1,
    ...(values.clientId ? { clientId: values.clientId } : {}),
    ...(values.caseId ? { caseId: values.caseId } : {}),
  }
}

/** 'Novo Lançamento' / 'Editar Lançamento': 'Salvar' persists, 'Cancelar' closes. */
export function EntryDialog({
  open,
  onOpenChange,
  entry,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The entry to edit; null for a new one. */
  entry: FinancialEntryDto | null
}) {
  const { t } = useTranslation('financial')
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={entry ? t('form.editTitle') : t('form.newTitle')}
      description={t('form.description')}
      loading={false}
      loadingLabel=""
      loadError={null}
      loadErrorTitle=""
    >
      <EntryForm
        key={entry ? `${entry.id}:${entry.updatedAt}` : 'new'}
        entry={entry}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  )
}

function EntryForm({ entry, onDone }: { entry: FinancialEntryDto | null; onDone: () => void }) {
  const { t } = useTranslation('financial')
  const save = useSaveEntry()
  const defaultValues = valuesOf(entry)
  const [clientLabel, setClientLabel] = useState(entry?.clientNome ?? null)
  const [caseLabel, setCaseLabel] = useState(entry?.caseTitulo ?? null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useAppForm<EntryValues>({
    defaultValues,
    // The route's own schema checks the body the submit sends: a message here is the server's for that field.
    resolver: bodyResolver(entry ? entryUpdateBody : entryCreateBody, (values) =>
      entryBody(values, entry, defaultValues),
    ),
  })
  const client = useController({ control, name: 'clientId' })
  const legalCase = useController({ control, name: 'caseId' })
  const tipo = useWatch({ control, name: 'tipo' })
  const parcelas = Number(useWatch({ control, name: 'parcelas' })) || 1
  const recorrente = useWatch({ control, name: 'recorrente' })
  const paid = entry?.storedStatus === 'pago'

  const onSubmit = handleSubmit(async (values) => {
    const body = entryBody(values, entry, defaultValues)
    const descricao = values.descricao.trim()
    try {
      if (entry) {
        await save.mutateAsync({ id: entry.id, data: body })
        toast.success(t('toast.updated'), { description: descricao })
      } else {
        const created = await save.mutateAsync({ id: null, data: body })
        toast.success(
          created.items.length > 1
            ? t('toast.createdMany', { count: created.items.length })
            : t('toast.created'),
          { description: descricao },
        )
      }
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
        <SelectFormField
          control={control}
          name="tipo"
          id="entry-tipo"
          label={t('form.tipo')}
          error={errors.tipo?.message}
          options={FINANCIAL_TYPES.map((value) => ({ value, label: t(`tipo.${value}`) }))}
          onValueChange={(value) => {
            if (value !== 'receita') setValue('parcelas', '1')
            if (value !== 'despesa') setValue('recorrente', false)
          }}
        />
        <SelectFormField
          control={control}
          name="categoria"
          id="entry-categoria"
          label={t('form.categoria')}
          error={errors.categoria?.message}
          options={FINANCIAL_CATEGORIES.map((value) => ({ value, label: t(`categoria.${value}`) }))}
        />
        <FormField
          label={t('form.descricao')}
          htmlFor="entry-descricao"
          error={errors.descricao?.message}
          className="sm:col-span-2"
        >
          <Input
            id="entry-descricao"
            autoComplete="off"
            aria-required
            maxLength={FINANCIAL_LIMITS.descricao}
            {...register('descricao')}
          />
        </FormField>
        <FormField label={t('form.valor')} htmlFor="entry-valor" error={errors.valor?.message}>
          <Input
            id="entry-valor"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            aria-required
            {...register('valor')}
          />
        </FormField>
        <FormField
          label={t('form.dataVencimento')}
          htmlFor="entry-vencimento"
          error={errors.dataVencimento?.message}
        >
          <Input id="entry-vencimento" type="date" aria-required {...register('dataVencimento')} />
        </FormField>
        <FormField label={t('form.cliente')} htmlFor="entry-cliente" error={errors.clientId?.message}>
          <ClientPicker
            id="entry-cliente"
            value={client.field.value}
            selectedLabel={clientLabel}
            onBlur={client.field.onBlur}
            onValueChange={(value, label) => {
              client.field.onChange(value)
              setClientLabel(label)
            }}
          />
        </FormField>
        <FormField label={t('form.caso')} htmlFor="entry-caso" error={errors.caseId?.message}>
          <CasePicker
            id="entry-caso"
            value={legalCase.field.value}
            selectedLabel={caseLabel}
            onBlur={legalCase.field.onBlur}
            onValueChange={(value, label) => {
              legalCase.field.onChange(value)
              setCaseLabel(label)
            }}
          />
        </FormField>
        <SelectFormField
          control={control}
          name="formaPagamento"
          id="entry-forma"
          label={t('form.formaPagamento')}
          error={errors.formaPagamento?.message}
          options={[
            { value: NO_METHOD, label: t('form.semForma') },
            ...PAYMENT_METHODS.map((value) => ({ value, label: t(`forma.${value}`) })),
          ]}
        />
        {entry && !paid && (
          <SelectFormField
            control={control}
            name="status"
            id="entry-status"
            label={t('form.status')}
            error={errors.status?.message}
            options={(['pendente', 'cancelado'] as const).map((value) => ({
              value,
              label: t(`status.${value}`),
            }))}
          />
        )}
        {!entry && tipo === 'receita' && (
          <FormField
            label={t('form.parcelas')}
            htmlFor="entry-parcelas"
            error={errors.parcelas?.message}
            description={parcelas > 1 ? t('form.parcelasHint', { count: parcelas }) : undefined}
          >
            <Input
              id="entry-parcelas"
              type="number"
              inputMode="numeric"
              min={1}
              max={FINANCIAL_LIMITS.maxParcelas}
              step={1}
              {...register('parcelas')}
            />
          </FormField>
        )}
        {tipo === 'despesa' && !entry?.parcelaTotal && (
          <div className="flex items-start gap-3 sm:col-span-2">
            <Checkbox
              id="entry-recorrente"
              checked={recorrente}
              onCheckedChange={(checked) => setValue('recorrente', checked === true)}
              aria-describedby="entry-recorrente-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="entry-recorrente">{t('form.recorrente')}</Label>
              <p id="entry-recorrente-hint" className="text-sm text-muted-foreground">
                {t('form.recorrenteHint')}
              </p>
            </div>
          </div>
        )}
        <FormField
          label={t('form.observacoes')}
          htmlFor="entry-observacoes"
          error={errors.observacoes?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id="entry-observacoes"
            rows={3}
            maxLength={FINANCIAL_LIMITS.observacoes}
            {...register('observacoes')}
          />
        </FormField>
      </div>
      <FormDialogActions
        onCancel={onDone}
        cancelLabel={t('form.cancel')}
        submitLabel={t('form.save')}
        submittingLabel={t('form.saving')}
        isSubmitting={isSubmitting}
      />
    </form>
  )
}
