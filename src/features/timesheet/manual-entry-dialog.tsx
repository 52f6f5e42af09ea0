import { useState, type FormEvent } from 'react'
import { Save } from 'lucide-react'
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
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { ApiRequestError } from '../../lib/api-client'
import { todayISO } from '../../lib/br/dates'
import { EntryFields, emptyEntryFields, type EntryFieldValues } from './entry-fields'
import { parseDuration } from './timesheet-period'
import { formatMinutes } from './timesheet.schema'
import { useCreateEntry } from './use-timesheet'

/** 'Novo lançamento': time already worked (date, duration, optional start, case, description, faturável). */
export function ManualEntryDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('timesheet')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('form.title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        {open && <ManualEntryForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

type FieldErrors = Partial<Record<'data' | 'duracao' | 'horaInicio' | 'caso', string>>

function ManualEntryForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('timesheet')
  const [data, setData] = useState(() => todayISO())
  const [duracao, setDuracao] = useState('')
  const [horaInicio, setHoraInicio] = useState('')
  const [fields, setFields] = useState<EntryFieldValues>(emptyEntryFields)
  const [errors, setErrors] = useState<FieldErrors>({})
  // The server's refusal (overlap, a full day…) stays in the dialog, next to what the person can change.
  const [serverError, setServerError] = useState<string | null>(null)
  const create = useCreateEntry()

  function submit(event: FormEvent) {
    event.preventDefault()
    const minutos = parseDuration(duracao)
    const next: FieldErrors = {}
    if (!data) next.data = t('form.dataRequired')
    if (minutos === null) next.duracao = t('form.duracaoInvalid')
    if (!fields.caseId) next.caso = t('form.casoRequired')
    setErrors(next)
    setServerError(null)
    if (Object.keys(next).length > 0 || minutos === null) return
    create
      .mutateAsync({
        caseId: fields.caseId,
        data,
        minutos,
        horaInicio: horaInicio || null,
        descricao: fields.descricao,
        faturavel: fields.faturavel,
      })
      .then(
        (entry) => {
          toast.success(t('form.saved', { duracao: formatMinutes(entry.minutos ?? minutos) }), {
            description: entry.caseTitulo,
          })
          onDone()
        },
        (error: Error) => {
          const serverFields = error instanceof ApiRequestError ? error.fields : {}
          setErrors({
            data: serverFields.data,
            duracao: serverFields.minutos,
            horaInicio: serverFields.horaInicio,
            caso: serverFields.caseId,
          })
          setServerError(error.message)
        },
      )
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('form.data')} htmlFor="entry-data" error={errors.data}>
          <Input
            id="entry-data"
            type="date"
            required
            value={data}
            onChange={(e) => setData(e.target.value)}
          />
        </FormField>
        <FormField
          label={t('form.duracao')}
          htmlFor="entry-duracao"
          description={t('form.duracaoHint')}
          error={errors.duracao}
        >
          <Input
            id="entry-duracao"
            inputMode="numeric"
            placeholder="1:30"
            autoComplete="off"
            required
            value={duracao}
            onChange={(e) => setDuracao(e.target.value)}
          />
        </FormField>
      </div>
      <FormField
        label={t('form.horaInicio')}
        htmlFor="entry-hora"
        description={t('form.horaInicioHint')}
        error={errors.horaInicio}
      >
        <Input
          id="entry-hora"
          type="time"
          className="sm:w-40"
          value={horaInicio}
          onChange={(e) => setHoraInicio(e.target.value)}
        />
      </FormField>
      <EntryFields idPrefix="entry" values={fields} onChange={setFields} caseError={errors.caso} />
      {serverError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {serverError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          <Save aria-hidden />
          {create.isPending ? t('form.saving') : t('form.save')}
        </Button>
      </DialogFooter>
    </form>
  )
}
