import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, formFieldIds } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Switch } from '../../components/ui/switch'
import type { PixKeyType } from '../../lib/br/pix'
import type { PlatformSettingsInput } from './platform-settings.schema'

// Building blocks of /admin/settings: the form's state, a titled card, a labelled switch, a text field.

/** The form as the inputs hold it (numbers typed as text until validated). */
export type PlatformForm = Omit<
  PlatformSettingsInput,
  | 'smtpPort'
  | 'trialDays'
  | 'annualDiscount'
  | 'sessionTimeoutMin'
  | 'loginAttempts'
  | 'monthlyPrice'
  | 'smtpPassword'
  | 'pixKeyType'
  | 'pixKey'
  | 'pixMerchantName'
  | 'pixMerchantCity'
  | 'billingGraceDays'
  | 'publicationsCapture'
> & {
  baseUrl: string
  smtpHost: string
  smtpUser: string
  smtpFrom: string
  smtpPassword: string
  smtpPort: string
  monthlyPrice: string
  trialDays: string
  annualDiscount: string
  sessionTimeoutMin: string
  loginAttempts: string
  pixKeyType: PixKeyType | ''
  pixKey: string
  pixMerchantName: string
  pixMerchantCity: string
  billingGraceDays: string
  publicationsCapture: boolean
}

export type SetField = <K extends keyof PlatformForm>(field: K, value: PlatformForm[K]) => void

export interface SectionProps {
  form: PlatformForm
  set: SetField
  errors: Record<string, string>
}

export function Section({
  id,
  title,
  description,
  children,
  footer,
}: {
  id: string
  title: string
  description: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {children}
        {footer && <div className="flex flex-wrap justify-end gap-2">{footer}</div>}
      </CardContent>
    </Card>
  )
}

type BooleanKey = {
  [K in keyof PlatformForm]: PlatformForm[K] extends boolean ? K : never
}[keyof PlatformForm]
type TextKey = { [K in keyof PlatformForm]: PlatformForm[K] extends string ? K : never }[keyof PlatformForm]

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
} & Omit<SectionProps, 'errors'>) {
  const id = `platform-${field}`
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

export function TextRow({
  field,
  label,
  hint,
  type = 'text',
  inputMode,
  placeholder,
  autoComplete,
  form,
  set,
  errors,
}: {
  field: TextKey
  label: string
  hint?: string
  type?: 'text' | 'email' | 'url' | 'password'
  inputMode?: 'numeric' | 'decimal' | 'url' | 'email'
  placeholder?: string
  autoComplete?: string
} & SectionProps) {
  const id = `platform-${field}`
  return (
    <FormField label={label} htmlFor={id} error={errors[field]} description={hint}>
      <Input
        id={id}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete={autoComplete ?? 'off'}
        value={form[field]}
        onChange={(event) => set(field, event.target.value)}
      />
    </FormField>
  )
}
