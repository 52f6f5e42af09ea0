import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, formFieldIds } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Switch } from '../../components/ui/switch'
import type { SetField, SettingsForm } from './settings-form'

// Building blocks of the advanced-settings sections: a titled card, a labelled switch, a text field.

export interface SectionProps {
  form: SettingsForm
  set: SetField
  errors: Record<string, string>
}

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

type BooleanKey = {
  [K in keyof SettingsForm]: SettingsForm[K] extends boolean ? K : never
}[keyof SettingsForm]
type TextKey = { [K in keyof SettingsForm]: SettingsForm[K] extends string ? K : never }[keyof SettingsForm]

export function SwitchRow({
  field,
  label,
  hint,
  form,
  set,
}: {
  field: BooleanKey
  label: string
  hint?: string
  form: SettingsForm
  set: SetField
}) {
  const id = `setting-${field}`
  const { descriptionId } = formFieldIds(id)
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={form[field]}
        onCheckedChange={(checked) => set(field, checked)}
        aria-describedby={hint ? descriptionId : undefined}
      />
    </div>
  )
}

export function TextField({
  field,
  label,
  hint,
  form,
  set,
  errors,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  placeholder,
  className,
}: SectionProps & {
  field: TextKey
  label: string
  hint?: string
  type?: 'text' | 'email' | 'number' | 'password' | 'tel'
  inputMode?: 'numeric' | 'email' | 'tel' | 'text'
  autoComplete?: string
  placeholder?: string
  className?: string
}) {
  const id = `setting-${field}`
  return (
    <FormField label={label} htmlFor={id} error={errors[field]} description={hint} className={className}>
      <Input
        id={id}
        name={field}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={form[field] as string}
        onChange={(event) => set(field, event.target.value as never)}
      />
    </FormField>
  )
}
