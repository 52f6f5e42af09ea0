import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { formatPeriod } from './reports.format'
import { isValidPeriod, PERIOD_PRESETS, periodOf, type PeriodPreset } from './report-period'
import type { Period } from './reports.schema'

/** The period of a page: this month by default, also quarter, year and custom days. */
export function usePeriod() {
  const [preset, setPreset] = useState<PeriodPreset>('mes')
  const [custom, setCustom] = useState<Period>(() => periodOf('mes', { from: '', to: '' }))
  const period = periodOf(preset, custom)
  return { preset, setPreset, custom, setCustom, period, valid: isValidPeriod(period) }
}

export function PeriodFilter({ id, state }: { id: string; state: ReturnType<typeof usePeriod> }) {
  const { t } = useTranslation('reports')
  const { preset, setPreset, custom, setCustom, period, valid } = state
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={t('period.label')} htmlFor={`${id}-periodo`} className="w-full sm:w-52">
          <Select value={preset} onValueChange={(value) => setPreset(value as PeriodPreset)}>
            <SelectTrigger id={`${id}-periodo`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PERIOD_PRESETS.map((key) => (
                <SelectItem key={key} value={key}>
                  {t(`period.presets.${key}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        {preset === 'personalizado' ? (
          <>
            <FormField label={t('period.from')} htmlFor={`${id}-de`} className="flex-1 sm:w-44 sm:flex-none">
              <Input
                id={`${id}-de`}
                type="date"
                value={custom.from}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </FormField>
            <FormField label={t('period.to')} htmlFor={`${id}-ate`} className="flex-1 sm:w-44 sm:flex-none">
              <Input
                id={`${id}-ate`}
                type="date"
                value={custom.to}
                onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              />
            </FormField>
          </>
        ) : (
          <p className="pb-2 text-sm text-muted-foreground tabular-nums">{formatPeriod(period)}</p>
        )}
      </div>
      {!valid && (
        <p role="alert" className="text-sm text-destructive">
          {t('period.invalid')}
        </p>
      )}
    </div>
  )
}
