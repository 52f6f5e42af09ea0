import { useEffect, useState } from 'react'
import { Controller, useController, useForm, useWatch, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { FormField, formFieldIds } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { courtOf, isValidCnj, maskCnjInput } from '../../lib/br/cnj'
import { todayISO } from '../../lib/br/dates'
import {
  CASE_AREAS,
  CASE_LIMITS,
  CASE_STATUSES,
  createCaseSchema,
  type Case,
  type CaseStatus,
  type CreateCaseInput,
} from './cases.schema'
import { ClientPicker } from './client-picker'
import { getCaseQueryOptions, useSaveCase } from './use-cases'

/** Every input is a string in the form; the shared schema accepts that shape. */
export interface CaseFormValues {
  titulo: string
  areaJuridica: string
  numeroProcesso: string
  descricao: string
  status: CaseStatus
  valorCausa: string
  dataInicio: string
  dataConclusao: string
  tribunal: string
  vara: string
  observacoes: string
  clientId: string
}

function emptyValues(): CaseFormValues {
  return {
    titulo: '',
    areaJuridica: '',
    numeroProcesso: '',
    descricao: '',
    status: 'aberto',
    valorCausa: '',
    dataInicio: todayISO(),
    dataConclusao: '',
    tribunal: '',
    vara: '',
    observacoes: '',
    clientId: '',
  }
}

function valuesOf(record: Case): CaseFormValues {
  return {
    titulo: record.titulo,
    areaJuridica: record.areaJuridica,
    numeroProcesso: record.numeroProcesso ?? '',
    descricao: record.descricao ?? '',
    status: record.status,
    valorCausa: record.valorCausa === null ? '' : record.valorCausa.toFixed(2),
    dataInicio: record.dataInicio,
    dataConclusao: record.dataConclusao ?? '',
    tribunal: record.tribunal ?? '',
    vara: record.vara ?? '',
    observacoes: record.observacoes ?? '',
    clientId: record.clientId ?? '',
  }
}

// Raw mode: the shared schema validates, the body is built from what was typed (see toBody). The cast
// narrows the schema's wide input type to this form's all-strings shape, which it accepts.
const resolver = zodResolver(createCaseSchema, undefined, {
  raw: true,
}) as unknown as Resolver<CaseFormValues>

const blankToNull = (value: string) => (value.trim() === '' ? null : value)

/** Spec §5: on save, empty optional values become null; valor_causa is sent as a number. */
function toBody(values: CaseFormValues): CreateCaseInput {
  return {
    titulo: values.titulo,
    areaJuridica: values.areaJuridica as CreateCaseInput['areaJuridica'],
    numeroProcesso: blankToNull(values.numeroProcesso),
    descricao: blankToNull(values.descricao),
    status: values.status,
    // A number input's value is always dot-decimal ('1500.5'), never pt-BR text.
    valorCausa: values.valorCausa.trim() === '' ? null : Number(values.valorCausa),
    dataInicio: values.dataInicio,
    dataConclusao: blankToNull(values.dataConclusao),
    tribunal: blankToNull(values.tribunal),
    vara: blankToNull(values.vara),
    observacoes: blankToNull(values.observacoes),
    clientId: blankToNull(values.clientId),
  }
}

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
}: {
  open: boolean
  caseId: string | null
  onOpenChange: (open: boolean) => void
  /** Where focus goes on close: the dialog is opened from code, so Radix has no trigger to return to. */
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('cases')
  const isEdit = caseId !== null
  const record = useQuery({ ...getCaseQueryOptions(caseId ?? ''), enabled: open && isEdit })

  useEffect(() => {
    if (record.isError) {
      toast.error(t('toast.loadOneError'), { description: record.error.message })
      onOpenChange(false)
    }
  }, [record.isError, record.error, onOpenChange, t])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{isEdit ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
          <DialogDescription>
            {isEdit ? t('form.editDescription') : t('form.createDescription')}
          </DialogDescription>
        </DialogHeader>
        {!isEdit ? (
          <CaseForm
            caseId={null}
            defaultValues={emptyValues()}
            clientNome={null}
            onDone={() => onOpenChange(false)}
          />
        ) : record.data ? (
          <CaseForm
            key={record.data.id}
            caseId={record.data.id}
            defaultValues={valuesOf(record.data)}
            clientNome={record.data.clientNome}
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
            <Spinner label={t('form.loading')} />
            <span aria-hidden>{t('form.loading')}</span>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}

function CaseForm({
  caseId,
  defaultValues,
  clientNome,
  onDone,
}: {
  caseId: string | null
  defaultValues: CaseFormValues
  clientNome: string | null
  onDone: () => void
}) {
  const { t } = useTranslation('cases')
  const save = useSaveCase()
  const [clientLabel, setClientLabel] = useState(clientNome)
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CaseFormValues>({ resolver, defaultValues, mode: 'onTouched' })

  // Controlled fields as direct children of FormField, so they get its aria-invalid/aria-describedby.
  const numeroProcesso = useController({ control, name: 'numeroProcesso' })
  const client = useController({ control, name: 'clientId' })
  const dataInicio = useWatch({ control, name: 'dataInicio' })
  const court = courtLabel(numeroProcesso.field.value)

  const onSubmit = handleSubmit(async (values) => {
    const body: Partial<CreateCaseInput> = toBody(values)
    // An unchanged client is left out of a PATCH: it may have become inactive since, and the server only
    // accepts active clients for a new link.
    if (caseId !== null && values.clientId === defaultValues.clientId) delete body.clientId
    try {
      await save.mutateAsync({ id: caseId, data: body as CreateCaseInput })
      toast.success(caseId === null ? t('toast.created') : t('toast.updated'))
      onDone()
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fields : {}
      for (const [name, message] of Object.entries(fields)) {
        if (name in defaultValues) setError(name as keyof CaseFormValues, { message })
      }
      const isValidation = error instanceof ApiRequestError && error.status === 400
      toast.error(t('toast.saveError'), {
        description:
          isValidation || !(error instanceof Error) ? t('toast.saveErrorDescription') : error.message,
      })
    }
  })

  const ids = { area: formFieldIds('case-area'), status: formFieldIds('case-status') }

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

        <FormField label={t('form.areaJuridica')} htmlFor="case-area" error={errors.areaJuridica?.message}>
          <Controller
            control={control}
            name="areaJuridica"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="case-area"
                  aria-required
                  aria-invalid={errors.areaJuridica ? true : undefined}
                  aria-describedby={errors.areaJuridica ? ids.area.errorId : undefined}
                  onBlur={field.onBlur}
                >
                  <SelectValue placeholder={t('form.areaPlaceholder')} />
                </SelectTrigger>
                <SelectContent className="max-h-60">
                  {CASE_AREAS.map((area) => (
                    <SelectItem key={area} value={area}>
                      {area}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>

        <FormField label={t('form.status')} htmlFor="case-status" error={errors.status?.message}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="case-status"
                  aria-invalid={errors.status ? true : undefined}
                  aria-describedby={errors.status ? ids.status.errorId : undefined}
                  onBlur={field.onBlur}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CASE_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {t(`status.${status}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>

        <FormField
          label={t('form.numeroProcesso')}
          htmlFor="case-numero"
          error={errors.numeroProcesso?.message}
          // Always rendered, so screen readers announce the court as soon as the number is complete.
          description={<span aria-live="polite">{court}</span>}
          className="sm:col-span-2"
        >
          <Input
            id="case-numero"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('form.numeroProcessoPlaceholder')}
            {...numeroProcesso.field}
            onChange={(event) => numeroProcesso.field.onChange(maskCnjInput(event.target.value))}
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

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('form.saving') : caseId === null ? t('form.create') : t('form.save')}
        </Button>
      </DialogFooter>
    </form>
  )
}
