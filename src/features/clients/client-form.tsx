import { FormProvider, useWatch, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FormDialog, FormDialogActions } from '../../components/form/form-dialog'
import { MaskedInput } from '../../components/form/masked-input'
import { SelectFormField } from '../../components/form/select-form-field'
import { useAppForm } from '../../components/form/use-app-form'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { todayISO } from '../../lib/br/dates'
import { maskPhoneInput } from '../../lib/br/phone'
import { reportSaveError } from '../../lib/form-save-error'
import { clientRecordSlot } from './client-record-slot'
import { ClientAddressFields } from './client-address-fields'
import {
  clientFormValues,
  EMPTY_CLIENT_VALUES,
  maskDocumento,
  OTHER_KIND_FIELDS,
  type ClientFormValues,
} from './client-form-values'
import { ClientQualificationFields } from './client-qualification-fields'
import {
  CLIENT_LIMITS,
  CLIENT_STATUSES,
  createClientSchema,
  TIPOS_PESSOA,
  type TipoPessoa,
} from './clients.schema'
import { getClientQueryOptions, useSaveClient } from './use-clients'

// Raw mode: validation uses the shared schema, but the values submitted stay what the user typed (masked);
// the server applies the same schema and stores the normalized form. The cast only narrows the schema's
// wide input type (string | number | null …) to this form's all-strings shape, which it accepts.
const resolver = zodResolver(createClientSchema, undefined, {
  raw: true,
}) as unknown as Resolver<ClientFormValues>

/**
 * The create/edit dialog. With `clientId` it first loads the full record through the audited
 * GET /api/clients/:id (spec: "full client details are fetched via a secure call").
 */
export function ClientFormDialog({
  open,
  clientId,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean
  clientId: string | null
  onOpenChange: (open: boolean) => void
  /** Where focus goes on close: the dialog is opened from code, so Radix has no trigger to return to. */
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('clients')
  const isEdit = clientId !== null
  const record = useQuery({ ...getClientQueryOptions(clientId ?? ''), enabled: open && isEdit })

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={isEdit ? t('form.editTitle') : t('form.createTitle')}
      description={isEdit ? t('form.editDescription') : t('form.createDescription')}
      loading={isEdit && !record.data}
      loadingLabel={t('form.loading')}
      loadError={record.isError ? record.error : null}
      loadErrorTitle={t('toast.loadOneError')}
    >
      {!isEdit ? (
        <ClientForm clientId={null} defaultValues={EMPTY_CLIENT_VALUES} onDone={() => onOpenChange(false)} />
      ) : (
        record.data && (
          <clientRecordSlot.Slot client={record.data} onDone={() => onOpenChange(false)}>
            <ClientForm
              key={record.data.id}
              clientId={record.data.id}
              defaultValues={clientFormValues(record.data)}
              onDone={() => onOpenChange(false)}
            />
          </clientRecordSlot.Slot>
        )
      )}
    </FormDialog>
  )
}

function ClientForm({
  clientId,
  defaultValues,
  onDone,
}: {
  clientId: string | null
  defaultValues: ClientFormValues
  onDone: () => void
}) {
  const { t } = useTranslation('clients')
  const save = useSaveClient()
  const form = useAppForm<ClientFormValues>({ resolver, defaultValues })
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = form
  const tipoPessoa = useWatch({ control, name: 'tipoPessoa' })

  const onSubmit = handleSubmit(async (values) => {
    // Birth date and RG only exist for pessoa física (spec §2), the representative for pessoa jurídica.
    const body = { ...values }
    for (const field of OTHER_KIND_FIELDS[values.tipoPessoa]) body[field] = ''
    try {
      await save.mutateAsync({ id: clientId, data: body })
      toast.success(clientId === null ? t('toast.created') : t('toast.updated'))
      onDone()
    } catch (error) {
      reportSaveError(error, {
        values: EMPTY_CLIENT_VALUES,
        setError,
        title: t('toast.saveError'),
        invalidDescription: t('toast.saveErrorDescription'),
      })
    }
  })

  const documentoLabel = tipoPessoa === 'fisica' ? t('form.cpf') : t('form.cnpj')

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('form.nomeCompleto')}
            htmlFor="client-nome"
            error={errors.nomeCompleto?.message}
            className="sm:col-span-2"
          >
            <Input
              id="client-nome"
              autoComplete="off"
              maxLength={CLIENT_LIMITS.nomeCompleto}
              aria-required
              {...register('nomeCompleto')}
            />
          </FormField>

          <SelectFormField
            control={control}
            name="tipoPessoa"
            id="client-tipo-pessoa"
            label={t('form.tipoPessoa')}
            error={errors.tipoPessoa?.message}
            options={TIPOS_PESSOA.map((tipo) => ({ value: tipo, label: t(`tipoPessoa.${tipo}`) }))}
            onValueChange={(value) => {
              const tipo = value as TipoPessoa
              // Re-mask what was typed: a CPF's digits are kept, letters vanish when going back to CPF.
              setValue('documento', maskDocumento(tipo, getValues('documento')), {
                shouldValidate: getValues('documento') !== '',
              })
              for (const field of OTHER_KIND_FIELDS[tipo]) setValue(field, '')
            }}
          />

          <FormField
            label={documentoLabel}
            htmlFor="client-documento"
            error={errors.documento?.message}
            description={tipoPessoa === 'juridica' ? t('form.cnpjHint') : undefined}
          >
            <MaskedInput
              control={control}
              name="documento"
              mask={(value) => maskDocumento(tipoPessoa, value)}
              id="client-documento"
              inputMode={tipoPessoa === 'fisica' ? 'numeric' : 'text'}
              autoCapitalize="characters"
              autoComplete="off"
              placeholder={tipoPessoa === 'fisica' ? t('form.cpfPlaceholder') : t('form.cnpjPlaceholder')}
            />
          </FormField>

          <FormField label={t('form.email')} htmlFor="client-email" error={errors.email?.message}>
            <Input
              id="client-email"
              type="email"
              autoComplete="off"
              maxLength={CLIENT_LIMITS.email}
              placeholder={t('form.emailPlaceholder')}
              {...register('email')}
            />
          </FormField>

          <FormField label={t('form.telefone')} htmlFor="client-telefone" error={errors.telefone?.message}>
            <MaskedInput
              control={control}
              name="telefone"
              mask={maskPhoneInput}
              id="client-telefone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={t('form.telefonePlaceholder')}
            />
          </FormField>

          {tipoPessoa === 'fisica' && (
            <FormField
              label={t('form.dataNascimento')}
              htmlFor="client-data-nascimento"
              error={errors.dataNascimento?.message}
            >
              <Input
                id="client-data-nascimento"
                type="date"
                min="1900-01-01"
                max={todayISO()}
                {...register('dataNascimento')}
              />
            </FormField>
          )}

          <FormField label={t('form.profissao')} htmlFor="client-profissao" error={errors.profissao?.message}>
            <Input
              id="client-profissao"
              autoComplete="off"
              maxLength={CLIENT_LIMITS.profissao}
              {...register('profissao')}
            />
          </FormField>

          <ClientQualificationFields />

          <ClientAddressFields />

          <SelectFormField
            control={control}
            name="status"
            id="client-status"
            label={t('form.status')}
            error={errors.status?.message}
            options={CLIENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />

          <FormField
            label={t('form.observacoes')}
            htmlFor="client-observacoes"
            error={errors.observacoes?.message}
            className="sm:col-span-2"
          >
            <Textarea
              id="client-observacoes"
              rows={3}
              maxLength={CLIENT_LIMITS.observacoes}
              {...register('observacoes')}
            />
          </FormField>
        </div>

        <FormDialogActions
          onCancel={onDone}
          cancelLabel={t('form.cancel')}
          submitLabel={clientId === null ? t('form.create') : t('form.save')}
          submittingLabel={t('form.saving')}
          isSubmitting={isSubmitting}
        />
      </form>
    </FormProvider>
  )
}
