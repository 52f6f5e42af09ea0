import { useEffect, useMemo } from 'react'
import { Controller, useController, useForm, useWatch, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { getCidadesQueryOptions, getEstadosQueryOptions } from '../reference/reference.public'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Combobox } from '../../components/ui/combobox'
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
import { maskCepInput } from '../../lib/br/cep'
import { maskCnpjInput } from '../../lib/br/cnpj'
import { maskCpfInput } from '../../lib/br/cpf'
import { todayISO } from '../../lib/br/dates'
import { maskPhoneInput } from '../../lib/br/phone'
import {
  CLIENT_LIMITS,
  CLIENT_STATUSES,
  createClientSchema,
  TIPOS_PESSOA,
  type Client,
  type ClientStatus,
  type TipoPessoa,
} from './clients.schema'
import { getClientQueryOptions, useSaveClient } from './use-clients'

/** Every input is a string in the form; the shared schema accepts that shape and normalizes it on the server. */
export interface ClientFormValues {
  nomeCompleto: string
  tipoPessoa: TipoPessoa
  documento: string
  email: string
  telefone: string
  dataNascimento: string
  profissao: string
  estadoId: string
  cidadeId: string
  endereco: string
  cep: string
  observacoes: string
  status: ClientStatus
}

const EMPTY_VALUES: ClientFormValues = {
  nomeCompleto: '',
  tipoPessoa: 'fisica',
  documento: '',
  email: '',
  telefone: '',
  dataNascimento: '',
  profissao: '',
  estadoId: '',
  cidadeId: '',
  endereco: '',
  cep: '',
  observacoes: '',
  status: 'ativo',
}

function valuesOf(client: Client): ClientFormValues {
  return {
    nomeCompleto: client.nomeCompleto,
    tipoPessoa: client.tipoPessoa,
    documento: client.documento ?? '',
    email: client.email ?? '',
    telefone: client.telefone ?? '',
    dataNascimento: client.dataNascimento ?? '',
    profissao: client.profissao ?? '',
    estadoId: client.estadoId === null ? '' : String(client.estadoId),
    cidadeId: client.cidadeId === null ? '' : String(client.cidadeId),
    endereco: client.endereco ?? '',
    cep: client.cep ?? '',
    observacoes: client.observacoes ?? '',
    status: client.status,
  }
}

// Raw mode: validation uses the shared schema, but the values submitted stay what the user typed (masked);
// the server applies the same schema and stores the normalized form. The cast only narrows the schema's
// wide input type (string | number | null …) to this form's all-strings shape, which it accepts.
const resolver = zodResolver(createClientSchema, undefined, {
  raw: true,
}) as unknown as Resolver<ClientFormValues>

const maskDocumento = (tipo: TipoPessoa, value: string) =>
  tipo === 'fisica' ? maskCpfInput(value) : maskCnpjInput(value)

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
          <ClientForm clientId={null} defaultValues={EMPTY_VALUES} onDone={() => onOpenChange(false)} />
        ) : record.data ? (
          <ClientForm
            key={record.data.id}
            clientId={record.data.id}
            defaultValues={valuesOf(record.data)}
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
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ClientFormValues>({ resolver, defaultValues, mode: 'onTouched' })

  // Masked inputs and the city picker are controlled; as direct children of FormField they get its
  // aria-invalid/aria-describedby wiring.
  const documento = useController({ control, name: 'documento' })
  const telefone = useController({ control, name: 'telefone' })
  const cep = useController({ control, name: 'cep' })
  const cidade = useController({ control, name: 'cidadeId' })
  const tipoPessoa = useWatch({ control, name: 'tipoPessoa' })
  const estadoId = useWatch({ control, name: 'estadoId' })
  const estados = useQuery(getEstadosQueryOptions())
  const cidades = useQuery(getCidadesQueryOptions(estadoId ? Number(estadoId) : null))
  const cidadeOptions = useMemo(
    () => (cidades.data ?? []).map((cidade) => ({ value: String(cidade.id), label: cidade.nome })),
    [cidades.data],
  )

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      ...values,
      // Birth date only exists for pessoa física (spec §2).
      dataNascimento: values.tipoPessoa === 'fisica' ? values.dataNascimento : '',
    }
    try {
      await save.mutateAsync({ id: clientId, data: body })
      toast.success(clientId === null ? t('toast.created') : t('toast.updated'))
      onDone()
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fields : {}
      for (const [name, message] of Object.entries(fields)) {
        if (name in EMPTY_VALUES) setError(name as keyof ClientFormValues, { message })
      }
      const isValidation = error instanceof ApiRequestError && error.status === 400
      toast.error(t('toast.saveError'), {
        description:
          isValidation || !(error instanceof Error) ? t('toast.saveErrorDescription') : error.message,
      })
    }
  })

  const documentoLabel = tipoPessoa === 'fisica' ? t('form.cpf') : t('form.cnpj')
  const ids = {
    tipoPessoa: formFieldIds('client-tipo-pessoa'),
    estado: formFieldIds('client-estado'),
    status: formFieldIds('client-status'),
  }

  return (
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

        <FormField
          label={t('form.tipoPessoa')}
          htmlFor="client-tipo-pessoa"
          error={errors.tipoPessoa?.message}
        >
          <Controller
            control={control}
            name="tipoPessoa"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  const tipo = value as TipoPessoa
                  field.onChange(tipo)
                  // Re-mask what was typed: a CPF's digits are kept, letters vanish when going back to CPF.
                  setValue('documento', maskDocumento(tipo, getValues('documento')), {
                    shouldValidate: getValues('documento') !== '',
                  })
                  if (tipo === 'juridica') setValue('dataNascimento', '')
                }}
              >
                <SelectTrigger
                  id="client-tipo-pessoa"
                  aria-invalid={errors.tipoPessoa ? true : undefined}
                  aria-describedby={errors.tipoPessoa ? ids.tipoPessoa.errorId : undefined}
                  onBlur={field.onBlur}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TIPOS_PESSOA.map((tipo) => (
                    <SelectItem key={tipo} value={tipo}>
                      {t(`tipoPessoa.${tipo}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>

        <FormField
          label={documentoLabel}
          htmlFor="client-documento"
          error={errors.documento?.message}
          description={tipoPessoa === 'juridica' ? t('form.cnpjHint') : undefined}
        >
          <Input
            id="client-documento"
            {...documento.field}
            onChange={(event) => documento.field.onChange(maskDocumento(tipoPessoa, event.target.value))}
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
          <Input
            id="client-telefone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('form.telefonePlaceholder')}
            {...telefone.field}
            onChange={(event) => telefone.field.onChange(maskPhoneInput(event.target.value))}
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

        <FormField label={t('form.estado')} htmlFor="client-estado" error={errors.estadoId?.message}>
          <Controller
            control={control}
            name="estadoId"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value)
                  // A city belongs to one state: choosing another state clears it (spec §4).
                  setValue('cidadeId', '')
                }}
              >
                <SelectTrigger
                  id="client-estado"
                  aria-invalid={errors.estadoId ? true : undefined}
                  aria-describedby={errors.estadoId ? ids.estado.errorId : undefined}
                  onBlur={field.onBlur}
                >
                  <SelectValue placeholder={t('form.estadoPlaceholder')} />
                </SelectTrigger>
                <SelectContent className="max-h-60">
                  {(estados.data ?? []).map((estado) => (
                    <SelectItem key={estado.id} value={String(estado.id)}>
                      {estado.nome} ({estado.sigla})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>

        <FormField label={t('form.cidade')} htmlFor="client-cidade" error={errors.cidadeId?.message}>
          <Combobox
            id="client-cidade"
            name={cidade.field.name}
            options={cidadeOptions}
            value={cidade.field.value}
            onValueChange={cidade.field.onChange}
            onBlur={cidade.field.onBlur}
            disabled={!estadoId || cidades.isLoading}
            placeholder={
              !estadoId
                ? t('form.cidadeDisabled')
                : cidades.isLoading
                  ? t('form.cidadesLoading')
                  : t('form.cidadePlaceholder')
            }
            searchPlaceholder={t('form.cidadeSearch')}
            emptyText={t('form.cidadeEmpty')}
            moreText={(shown, total) => t('form.cidadeMore', { shown, total })}
          />
        </FormField>

        <FormField
          label={t('form.endereco')}
          htmlFor="client-endereco"
          error={errors.endereco?.message}
          className="sm:col-span-2"
        >
          <Input
            id="client-endereco"
            autoComplete="off"
            maxLength={CLIENT_LIMITS.endereco}
            {...register('endereco')}
          />
        </FormField>

        <FormField label={t('form.cep')} htmlFor="client-cep" error={errors.cep?.message}>
          <Input
            id="client-cep"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('form.cepPlaceholder')}
            {...cep.field}
            onChange={(event) => cep.field.onChange(maskCepInput(event.target.value))}
          />
        </FormField>

        <FormField label={t('form.status')} htmlFor="client-status" error={errors.status?.message}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="client-status"
                  aria-invalid={errors.status ? true : undefined}
                  aria-describedby={errors.status ? ids.status.errorId : undefined}
                  onBlur={field.onBlur}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CLIENT_STATUSES.map((status) => (
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

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('form.saving') : clientId === null ? t('form.create') : t('form.save')}
        </Button>
      </DialogFooter>
    </form>
  )
}
