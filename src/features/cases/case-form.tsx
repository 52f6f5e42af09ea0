import { useState } from 'react'
import { useController, useWatch, type Resolver } from 'react-hook-form'
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
import { ApiRequestError } from '../../lib/api-client'
import { courtOf, isValidCnj, maskCnjInput } from '../../lib/br/cnj'
import { todayISO } from '../../lib/br/dates'
import { reportSaveError } from '../../lib/form-save-error'
import { caseFormValues, emptyCaseValues, toCaseBody, type CaseFormValues } from './case-form-values'
import {
  CASE_AREAS,
  CASE_LIMITS,
  CASE_RESULTADOS,
  CASE_STATUSES,
  createCaseSchema,
  type CreateCaseInput,
} from './cases.schema'
import { ClientPicker } from './client-picker'
import { ResponsaveisField } from './responsaveis-field'
import { getCaseQueryOptions, useSaveCase } from './use-cases'
import { caseRecordSlot } from './case-record-slot'

// Raw mode: the shared schema validates, the body is built from what was typed (see toCaseBody). The cast
// narrows the schema's wide input type to this form's all-strings shape, which it accepts.
const resolver = zodResolver(createCaseSchema, undefined, {
  raw: true,
}) as unknown as Resolver<CaseFormValues>

/** The outcome select's 'not told' choice (a Radix item can't have an empty value): it clears the field. */
const NO_RESULTADO = 'nao_informado'

/** Court of a complete, valid CNJ number: 'TJSP — Justiça Estadual'. */
function courtLabel(numero: string): string {
  if (!isValidCnj(numero)) return ''
  const court = courtOf(numero)
  return court ? `${court.sigla} — ${court.segmentoNome}` : ''
}

export function CaseFormDialog({
  open,
  caseId,
  onOpenChange,
  onCloseAutoFocus,
  initialValues,
  onCreated,
}: {
  open: boolean
  caseId: string | null
  onOpenChange: (open: boolean) => void
  /** Where focus goes on close: the dialog is opened from code, so Radix has no trigger to return to. */
  onCloseAutoFocus?: (event: Event) => void
  /** A new case's prefilled fields (a publication's 'Criar caso': number, tribunal, vara). */
  initialValues?: Partial<CaseFormValues>
  /** After a new case is saved. */
  onCreated?: (caseId: string) => Promise<void> | void
}) {
  const { t } = useTranslation('cases')
  const isEdit = caseId !== null
  const record = useQuery({ ...getCaseQueryOptions(caseId ?? ''), enabled: open && isEdit })

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
        <CaseForm
          caseId={null}
          defaultValues={{ ...emptyCaseValues(), ...initialValues }}
          defaultResponsaveis={null}
          clientNome={null}
          onCreated={onCreated}
          onDone={() => onOpenChange(false)}
        />
      ) : (
        record.data && (
          <caseRecordSlot.Slot
            caseId={record.data.id}
            caseLabel={record.data.titulo}
            client={
              record.data.clientId ? { id: record.data.clientId, label: record.data.clientNome ?? '' } : null
            }
          >
            <CaseForm
              key={record.data.id}
              caseId={record.data.id}
              defaultValues={caseFormValues(record.data)}
              defaultResponsaveis={record.data.responsaveis.map((r) => r.memberId)}
              clientNome={record.data.clientNome}
              onDone={() => onOpenChange(false)}
            />
          </caseRecordSlot.Slot>
        )
      )}
    </FormDialog>
  )
}

function CaseForm({
  caseId,
  defaultValues,
  defaultResponsaveis,
  clientNome,
  onCreated,
  onDone,
}: {
  caseId: string | null
  defaultValues: CaseFormValues
  /** The case's responsible members; null on a new case (the creator, preselected). */
  defaultResponsaveis: string[] | null
  clientNome: string | null
  onCreated?: (caseId: string) => Promise<void> | void
  onDone: () => void
}) {
  const { t } = useTranslation('cases')
  const save = useSaveCase()
  const [clientLabel, setClientLabel] = useState(clientNome)
  // Kept beside the form's string values: null until the user changes the selection, and only then sent.
  const [responsaveis, setResponsaveis] = useState<string[] | null>(null)
  const [responsaveisError, setResponsaveisError] = useState<string | undefined>()
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useAppForm<CaseFormValues>({ resolver, defaultValues })

  // The client picker is controlled, as FormField's direct child, so it gets its aria-invalid/aria-describedby.
  const client = useController({ control, name: 'clientId' })
  const numeroProcesso = useWatch({ control, name: 'numeroProcesso' })
  const dataInicio = useWatch({ control, name: 'dataInicio' })
  const status = useWatch({ control, name: 'status' })
  const court = courtLabel(numeroProcesso)

  const onSubmit = handleSubmit(async (values) => {
    const body: Partial<CreateCaseInput> = toCaseBody(values)
    // An unchanged client is left out of a PATCH: it may have become inactive since, and the server only
    // accepts active clients for a new link.
    if (caseId !== null && values.clientId === defaultValues.clientId) delete body.clientId
    if (responsaveis !== null) body.responsaveis = responsaveis
    setResponsaveisError(undefined)
    try {
      const saved = await save.mutateAsync({ id: caseId, data: body as CreateCaseInput })
      if (caseId === null) await onCreated?.(saved.id)
      toast.success(caseId === null ? t('toast.created') : t('toast.updated'))
      onDone()
    } catch (error) {
      if (error instanceof ApiRequestError) setResponsaveisError(error.fields.responsaveis)
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
        <FormField
          label={t('form.titulo')}
          htmlFor="case-titulo"
          error={errors.titulo?.message}
          className="sm:col-span-2"
        >
          <Input
            id="case-titulo"
            autoComplete="off"
            aria-required
            maxLength={CASE_LIMITS.titulo}
            placeholder={t('form.tituloPlaceholder')}
            {...register('titulo')}
          />
        </FormField>

        <SelectFormField
          control={control}
          name="areaJuridica"
          id="case-area"
          label={t('form.areaJuridica')}
          error={errors.areaJuridica?.message}
          options={CASE_AREAS.map((area) => ({ value: area, label: area }))}
          placeholder={t('form.areaPlaceholder')}
          required
          contentClassName="max-h-60"
        />

        <SelectFormField
          control={control}
          name="status"
          id="case-status"
          label={t('form.status')}
          error={errors.status?.message}
          options={CASE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          // Concluding a case dates it today unless told otherwise (the reports count it in that period).
          onValueChange={(value) => {
            if (value === 'concluido' && !getValues('dataConclusao')) setValue('dataConclusao', todayISO())
          }}
        />

        {status === 'concluido' && (
          <SelectFormField
            control={control}
            name="resultado"
            id="case-resultado"
            label={t('form.resultado')}
            error={errors.resultado?.message}
            options={[...CASE_RESULTADOS, NO_RESULTADO].map((value) => ({
              value,
              label: t(`resultado.${value}`),
            }))}
            placeholder={t(`resultado.${NO_RESULTADO}`)}
            onValueChange={(value) => {
              if (value === NO_RESULTADO) setValue('resultado', '')
            }}
          />
        )}

        <FormField
          label={t('form.numeroProcesso')}
          htmlFor="case-numero"
          error={errors.numeroProcesso?.message}
          // Always rendered, so screen readers announce the court as soon as the number is complete.
          description={<span aria-live="polite">{court}</span>}
          className="sm:col-span-2"
        >
          <MaskedInput
            control={control}
            name="numeroProcesso"
            mask={maskCnjInput}
            id="case-numero"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('form.numeroProcessoPlaceholder')}
          />
        </FormField>

        <FormField
          label={t('form.cliente')}
          htmlFor="case-cliente"
          error={errors.clientId?.message}
          description={t('form.clienteHint')}
        >
          <ClientPicker
            id="case-cliente"
            value={client.field.value}
            selectedLabel={clientLabel}
            onBlur={client.field.onBlur}
            onValueChange={(value, label) => {
              client.field.onChange(value)
              setClientLabel(label)
            }}
          />
        </FormField>

        <FormField label={t('form.valorCausa')} htmlFor="case-valor" error={errors.valorCausa?.message}>
          <Input
            id="case-valor"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder={t('form.valorCausaPlaceholder')}
            {...register('valorCausa')}
          />
        </FormField>

        <FormField label={t('form.dataInicio')} htmlFor="case-data-inicio" error={errors.dataInicio?.message}>
          <Input
            id="case-data-inicio"
            type="date"
            // Re-check the conclusion date when the start moves (it must not come before it).
            {...register('dataInicio', { deps: ['dataConclusao'] })}
          />
        </FormField>

        <FormField
          label={t('form.dataConclusao')}
          htmlFor="case-data-conclusao"
          error={errors.dataConclusao?.message}
        >
          <Input
            id="case-data-conclusao"
            type="date"
            min={dataInicio || undefined}
            {...register('dataConclusao')}
          />
        </FormField>

        <FormField label={t('form.tribunal')} htmlFor="case-tribunal" error={errors.tribunal?.message}>
          <Input
            id="case-tribunal"
            autoComplete="off"
            maxLength={CASE_LIMITS.tribunal}
            placeholder={t('form.tribunalPlaceholder')}
            {...register('tribunal')}
          />
        </FormField>

        <FormField label={t('form.vara')} htmlFor="case-vara" error={errors.vara?.message}>
          <Input
            id="case-vara"
            autoComplete="off"
            maxLength={CASE_LIMITS.vara}
            placeholder={t('form.varaPlaceholder')}
            {...register('vara')}
          />
        </FormField>

        <ResponsaveisField
          value={responsaveis ?? defaultResponsaveis}
          onChange={setResponsaveis}
          error={responsaveisError}
        />

        <FormField
          label={t('form.descricao')}
          htmlFor="case-descricao"
          error={errors.descricao?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id="case-descricao"
            rows={3}
            maxLength={CASE_LIMITS.descricao}
            {...register('descricao')}
          />
        </FormField>

        <FormField
          label={t('form.observacoes')}
          htmlFor="case-observacoes"
          error={errors.observacoes?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id="case-observacoes"
            rows={3}
            maxLength={CASE_LIMITS.observacoes}
            {...register('observacoes')}
          />
        </FormField>
      </div>

      <FormDialogActions
        onCancel={onDone}
        cancelLabel={t('form.cancel')}
        submitLabel={caseId === null ? t('form.create') : t('form.save')}
        submittingLabel={t('form.saving')}
        isSubmitting={isSubmitting}
      />
    </form>
  )
}
