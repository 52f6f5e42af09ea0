import type { ComponentProps, ReactNode } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Textarea } from '../../components/ui/textarea'
import type { ProfileFormValues } from './profile-form-values'
import { isHttpUrl } from './profiles.schema'

// The building blocks of the profile sections: a card per group, read-only values for view mode, and the
// edit-mode inputs bound to the profile form (through its FormProvider).

type FieldName = keyof ProfileFormValues

/** A titled card holding one group of profile fields. */
export function Section({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/gi, '-')}`
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle>
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      </CardContent>
    </Card>
  )
}

/** One read-only value: a label and its text, or 'Não informado'. */
export function ViewField({ label, value, wide }: { label: string; value: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('profile')
  const empty = value === null || value === undefined || value === ''
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={empty ? 'text-sm text-muted-foreground italic' : 'break-words whitespace-pre-line'}>
        {empty ? t('view.notInformed') : value}
      </dd>
    </div>
  )
}

/** The grid of a section in view mode is a description list. */
export function ViewList({ children }: { children: ReactNode }) {
  return <dl className="contents">{children}</dl>
}

export function TextField({
  name,
  label,
  type = 'text',
  mask,
  wide,
  description,
  ...input
}: {
  name: FieldName
  label: string
  type?: string
  mask?: (value: string) => string
  wide?: boolean
  description?: string
} & Omit<ComponentProps<'input'>, 'name'>) {
  const { control } = useFormContext<ProfileFormValues>()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          htmlFor={`profile-${name}`}
          error={fieldState.error?.message}
          description={description}
          className={wide ? 'sm:col-span-2' : undefined}
        >
          <Input
            id={`profile-${name}`}
            type={type}
            {...input}
            {...field}
            onChange={(event) => field.onChange(mask ? mask(event.target.value) : event.target.value)}
          />
        </FormField>
      )}
    />
  )
}

export function SelectField({
  name,
  label,
  placeholder,
  options,
}: {
  name: FieldName
  label: string
  placeholder: string
  options: { value: string; label: string }[]
}) {
  const { control } = useFormContext<ProfileFormValues>()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} htmlFor={`profile-${name}`} error={fieldState.error?.message}>
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={`profile-${name}`} className="w-full" onBlur={field.onBlur}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent className="max-h-60">
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      )}
    />
  )
}

/** The professional bio, shared by the lawyer, student and entity sections. */
export function BioField() {
  const { t } = useTranslation('profile')
  const { register, formState } = useFormContext<ProfileFormValues>()
  return (
    <FormField
      label={t('fields.bioProfissional')}
      htmlFor="profile-bioProfissional"
      error={formState.errors.bioProfissional?.message}
      description={t('hints.bio')}
      className="sm:col-span-2"
    >
      <Textarea id="profile-bioProfissional" rows={5} maxLength={2000} {...register('bioProfissional')} />
    </FormField>
  )
}

/** A stored link, opened in a new tab; anything but http(s) is not rendered as a link. */
export function ExternalLink({ url }: { url: string | null }) {
  if (!url || !isHttpUrl(url)) return null
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="break-all text-primary underline-offset-4 hover:underline"
    >
      {url}
    </a>
  )
}
