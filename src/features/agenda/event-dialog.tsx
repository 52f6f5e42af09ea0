import { useEffect, useRef, useState } from 'react'
import { Trash2 } from 'lucide-react'
import { useController, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FormDialog, FormDialogActions } from '../../components/form/form-dialog'
import { SelectFormField } from '../../components/form/select-form-field'
import { bodyResolver } from '../../components/form/body-resolver'
import { useAppForm } from '../../components/form/use-app-form'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Switch } from '../../components/ui/switch'
import { Textarea } from '../../components/ui/textarea'
import { reportSaveError } from '../../lib/form-save-error'
import { CasePicker, caseOptionLabel, ClientPicker } from '../cases/cases.public'
import {
  EVENT_LIMITS,
  EVENT_PRIORITIES,
  EVENT_STATUSES,
  EVENT_TYPES,
  eventInput,
  eventUpdate,
  REMINDER_OPTIONS,
  visibleToClientByDefault,
  type EventRow,
} from './agenda.schema'
import {
  eventBody,
  hasClientOrCase,
  NO_REMINDER,
  valuesOf,
  type EventDefaults,
  type EventValues,
} from './event-form-values'
import { useSaveEvent } from './use-agenda'

export type { EventDefaults } from './event-form-values'

/** 'Novo Evento' / 'Editar Evento': 'Salvar Evento' persists, 'Cancelar' closes. */
export function EventDialog({
  open,
  onOpenChange,
  event,
  defaults = {},
  onRemove,
  onCloseAutoFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The event to edit; null for a new one. */
  event: EventRow | null
  defaults?: EventDefaults
  /** Offered on an edit (the calendars have no row to remove from). */
  onRemove?: (event: EventRow) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('agenda')
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={event ? t('form.editTitle') : t('form.newTitle')}
      description={t('form.description')}
      loading={false}
      loadingLabel=""
      loadError={null}
      loadErrorTitle=""
    >
      <EventForm
        key={event ? `${event.id}:${event.updatedAt}` : `new:${defaults.data ?? ''}`}
        event={event}
        defaults={defaults}
        onDone={() => onOpenChange(false)}
        onRemove={
          event && onRemove
            ? () => {
                onOpenChange(false)
                onRemove(event)
              }
            : undefined
        }
      />
    </FormDialog>
  )
}

function EventForm({
  event,
  defaults,
  onDone,
  onRemove,
}: {
  event: EventRow | null
  defaults: EventDefaults
  onDone: () => void
  onRemove: (() => void) | undefined
}) {
  const { t } = useTranslation('agenda')
  const save = useSaveEvent()
  const defaultValues = valuesOf(event, defaults)
  const [clientLabel, setClientLabel] = useState(
    event?.cliente?.nomeCompleto ?? defaults.cliente?.label ?? null,
  )
  const [caseLabel, setCaseLabel] = useState(
    event?.caso ? caseOptionLabel(event.caso) : (defaults.caso?.label ?? null),
  )
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useAppForm<EventValues>({
    defaultValues,
    // The route's own schema checks the body the submit sends: a message here is the server's for that field.
    resolver: bodyResolver(
      event ? eventUpdate : eventInput,
      (values) => eventBody(values, event, defaultValues),
      {
        lembreteMinutos: 'lembrete',
      },
    ),
  })
  const client = useController({ control, name: 'clientId' })
  const legalCase = useController({ control, name: 'caseId' })
  const visible = useController({ control, name: 'visivelCliente' })
  const tipo = useWatch({ control, name: 'tipo' })
  const isPrazo = tipo === 'prazo'
  // 'Visível ao cliente' of a new event follows the server's default (an audiência of a case) until the user
  // sets it; an existing event keeps what it has.
  const visibilityTouched = useRef(event !== null)
  const visibleDefault = visibleToClientByDefault(tipo, legalCase.field.value)
  useEffect(() => {
    if (!visibilityTouched.current) setValue('visivelCliente', visibleDefault)
  }, [visibleDefault, setValue])

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: event?.id ?? null, data: eventBody(values, event, defaultValues) })
      toast.success(event ? t('toast.updated') : t('toast.created'), { description: values.titulo.trim() })
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
        <FormField
          label={t('form.titulo')}
          htmlFor="event-titulo"
          error={errors.titulo?.message}
          className="sm:col-span-2"
        >
          <Input
            id="event-titulo"
            autoComplete="off"
            aria-required
            maxLength={EVENT_LIMITS.titulo}
            {...register('titulo')}
          />
        </FormField>
        <SelectFormField
          control={control}
          name="tipo"
          id="event-tipo"
          label={t('form.tipo')}
          error={errors.tipo?.message}
          options={EVENT_TYPES.map((value) => ({ value, label: t(`tipo.${value}`) }))}
          // A prazo has no time: a 'hora' message goes as soon as the type changes to it.
          deps={['hora']}
        />
        <SelectFormField
          control={control}
          name="prioridade"
          id="event-prioridade"
          label={t('form.prioridade')}
          error={errors.prioridade?.message}
          options={EVENT_PRIORITIES.map((value) => ({ value, label: t(`prioridade.${value}`) }))}
        />
        <FormField label={t('form.data')} htmlFor="event-data" error={errors.data?.message}>
          <Input id="event-data" type="date" aria-required {...register('data')} />
        </FormField>
        <FormField
          label={t('form.hora')}
          htmlFor="event-hora"
          error={errors.hora?.message}
          description={isPrazo ? t('form.horaPrazo') : undefined}
        >
          <Input
            id="event-hora"
            type="time"
            disabled={isPrazo}
            aria-required={!isPrazo}
            {...register('hora')}
          />
        </FormField>
        {event && (
          <SelectFormField
            control={control}
            name="status"
            id="event-status"
            label={t('form.status')}
            error={errors.status?.message}
            options={EVENT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          />
        )}
        <SelectFormField
          control={control}
          name="lembrete"
          id="event-lembrete"
          label={t('form.lembrete')}
          error={errors.lembrete?.message}
          options={[
            { value: NO_REMINDER, label: t('lembrete.none') },
            ...REMINDER_OPTIONS.map((value) => ({ value: String(value), label: t(`lembrete.${value}`) })),
          ]}
        />
        <FormField
          label={t('form.local')}
          htmlFor="event-local"
          error={errors.local?.message}
          className={event ? 'sm:col-span-2' : undefined}
        >
          <Input
            id="event-local"
            autoComplete="off"
            maxLength={EVENT_LIMITS.local}
            placeholder={t('form.localPlaceholder')}
            {...register('local')}
          />
        </FormField>
        <FormField label={t('form.caso')} htmlFor="event-caso" error={errors.caseId?.message}>
          <CasePicker
            id="event-caso"
            value={legalCase.field.value}
            selectedLabel={caseLabel}
            onBlur={legalCase.field.onBlur}
            onValueChange={(value, label) => {
              legalCase.field.onChange(value)
              setCaseLabel(label)
            }}
          />
        </FormField>
        <FormField label={t('form.cliente')} htmlFor="event-cliente" error={errors.clientId?.message}>
          <ClientPicker
            id="event-cliente"
            value={client.field.value}
            selectedLabel={clientLabel}
            onBlur={client.field.onBlur}
            onValueChange={(value, label) => {
              client.field.onChange(value)
              setClientLabel(label)
            }}
          />
        </FormField>
        {hasClientOrCase({ caseId: legalCase.field.value, clientId: client.field.value }) && (
          <div className="grid gap-2 sm:col-span-2">
            <div className="flex items-center gap-3">
              <Switch
                id="event-visivel-cliente"
                checked={visible.field.value}
                onCheckedChange={(checked) => {
                  visibilityTouched.current = true
                  visible.field.onChange(checked)
                }}
                aria-describedby="event-visivel-cliente-description"
              />
              <Label htmlFor="event-visivel-cliente">{t('form.visivelCliente')}</Label>
            </div>
            <p id="event-visivel-cliente-description" className="text-sm text-muted-foreground">
              {t('form.visivelClienteHint')}
            </p>
          </div>
        )}
        <FormField
          label={t('form.descricao')}
          htmlFor="event-descricao"
          error={errors.descricao?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id="event-descricao"
            rows={3}
            maxLength={EVENT_LIMITS.descricao}
            {...register('descricao')}
          />
        </FormField>
      </div>
      {onRemove && (
        <Button
          type="button"
          variant="ghost"
          className="justify-self-start text-destructive hover:text-destructive"
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
          {t('row.remove')}
        </Button>
      )}
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
