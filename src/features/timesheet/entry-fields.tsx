import { useTranslation } from 'react-i18next'
import { Checkbox } from '../../components/ui/checkbox'
import { FormField, formFieldIds } from '../../components/ui/form-field'
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'
import { CasePicker } from '../cases/cases.public'
import { TIMESHEET_LIMITS } from './timesheet.schema'

export interface EntryFieldValues {
  caseId: string
  caseLabel: string | null
  descricao: string
  faturavel: boolean
}

export const emptyEntryFields: EntryFieldValues = {
  caseId: '',
  caseLabel: null,
  descricao: '',
  faturavel: true,
}

/** Case, description and 'Faturável': what the timer and a manual entry both ask. */
export function EntryFields({
  idPrefix,
  values,
  onChange,
  caseError,
}: {
  idPrefix: string
  values: EntryFieldValues
  onChange: (values: EntryFieldValues) => void
  caseError?: string | undefined
}) {
  const { t } = useTranslation('timesheet')
  const caseId = `${idPrefix}-caso`
  const { errorId } = formFieldIds(caseId)
  return (
    <>
      <FormField label={t('form.caso')} htmlFor={caseId} error={caseError}>
        <CasePicker
          id={caseId}
          value={values.caseId}
          selectedLabel={values.caseLabel}
          onValueChange={(value, label) => onChange({ ...values, caseId: value, caseLabel: label })}
          aria-invalid={caseError ? true : undefined}
          aria-describedby={caseError ? errorId : undefined}
        />
      </FormField>
      <FormField label={t('form.descricao')} htmlFor={`${idPrefix}-descricao`}>
        <Textarea
          id={`${idPrefix}-descricao`}
          rows={2}
          maxLength={TIMESHEET_LIMITS.descricao}
          value={values.descricao}
          onChange={(event) => onChange({ ...values, descricao: event.target.value })}
        />
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${idPrefix}-faturavel`}
          checked={values.faturavel}
          onCheckedChange={(checked) => onChange({ ...values, faturavel: checked === true })}
        />
        <Label htmlFor={`${idPrefix}-faturavel`}>{t('form.faturavel')}</Label>
      </div>
    </>
  )
}
