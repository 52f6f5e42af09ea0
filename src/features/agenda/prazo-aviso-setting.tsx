import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Save } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { formFieldIds, FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Spinner } from '../../components/ui/spinner'
import { ApiRequestError } from '../../lib/api-client'
import { cn } from '../../lib/utils'
import { PRAZO_AVISO_MAX, type AgendaSettings } from './agenda.schema'
import { getAgendaSettingsQueryOptions, useUpdateAgendaSettings } from './use-agenda'

const FIELD_ID = 'prazo-aviso-dias'

/**
 * The office's internal early warning of a prazo (business days before its due day), next to 'Calcular
 * prazo' whose answer shows it. Sócios edit it; the other levels see it read-only (the server decides).
 */
export function PrazoAvisoSetting({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation('agenda')
  const settings = useQuery(getAgendaSettingsQueryOptions())

  if (settings.isPending) return <Spinner label={t('settings.loading')} className="justify-self-start" />
  if (settings.isError) return <p className="text-sm text-destructive">{t('settings.loadError')}</p>
  // Keyed by the stored value: after a save (or another sócio's change on refetch) the field restarts from it.
  return <AvisoForm key={settings.data.prazoAvisoDias} settings={settings.data} onChanged={onChanged} />
}

function AvisoForm({ settings, onChanged }: { settings: AgendaSettings; onChanged?: () => void }) {
  const { t } = useTranslation('agenda')
  const update = useUpdateAgendaSettings()
  const [value, setValue] = useState(String(settings.prazoAvisoDias))
  const [error, setError] = useState<string | undefined>()

  if (!settings.editable) {
    return (
      <FormField label={t('settings.avisoLabel')} htmlFor={FIELD_ID} description={t('settings.readOnly')}>
        <Input id={FIELD_ID} type="number" readOnly value={settings.prazoAvisoDias} className="w-24" />
      </FormField>
    )
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    const dias = Number(value)
    if (value.trim() === '' || !Number.isInteger(dias) || dias < 0 || dias > PRAZO_AVISO_MAX) {
      setError(t('settings.invalid'))
      return
    }
    setError(undefined)
    try {
      await update.mutateAsync({ prazoAvisoDias: dias })
      toast.success(t('toast.settingsSaved'))
      onChanged?.()
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fields.prazoAvisoDias)
        setError(failure.fields.prazoAvisoDias)
      toast.error(t('toast.settingsError'), { description: (failure as Error).message })
    }
  }

  const unchanged = value === String(settings.prazoAvisoDias)
  // The button sits beside the field (not FormField's single control), so the ids are wired here.
  const { descriptionId, errorId } = formFieldIds(FIELD_ID)
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2">
      <Label htmlFor={FIELD_ID} className={cn(error && 'text-destructive')}>
        {t('settings.avisoLabel')}
      </Label>
      <div className="flex flex-wrap items-center gap-3">
        <Input
          id={FIELD_ID}
          type="number"
          inputMode="numeric"
          min={0}
          max={PRAZO_AVISO_MAX}
          className="w-24"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${descriptionId} ${errorId}` : descriptionId}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={unchanged || update.isPending}>
          <Save aria-hidden />
          {update.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {t('settings.avisoHelp')}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  )
}
