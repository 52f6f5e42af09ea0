import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { FormField, formFieldIds } from '../ui/form-field'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select'

export interface SelectFormFieldOption {
  value: string
  label: string
}

/**
 * A labelled Select bound to a react-hook-form field. The trigger sits inside <Controller>, not as FormField's
 * direct child, so it gets the field's aria-invalid/aria-describedby here by hand.
 */
export function SelectFormField<TValues extends FieldValues>({
  control,
  name,
  id,
  label,
  error,
  options,
  placeholder,
  required,
  contentClassName,
  onValueChange,
  deps,
}: {
  control: Control<TValues>
  name: Path<TValues>
  id: string
  label: string
  error: string | undefined
  options: readonly SelectFormFieldOption[]
  placeholder?: string
  required?: boolean
  /** Classes for the popup, e.g. a max height for long lists. */
  contentClassName?: string
  /** Runs after the field took the new value, for fields that depend on it. */
  onValueChange?: (value: string) => void
  /** Fields whose validity depends on this one: a message they show is checked again on each change. */
  deps?: Path<TValues>[]
}) {
  const { errorId } = formFieldIds(id)
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <Controller
        control={control}
        name={name}
        rules={deps ? { deps } : undefined}
        render={({ field }) => (
          <Select
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value)
              onValueChange?.(value)
            }}
          >
            <SelectTrigger
              id={id}
              aria-required={required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onBlur={field.onBlur}
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent className={contentClassName}>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  )
}
