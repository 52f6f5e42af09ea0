import type { ComponentProps } from 'react'
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Input } from '../ui/input'

/**
 * An input bound to a react-hook-form field whose typed text goes through `mask` (CPF, phone, CEP, CNJ…), so
 * the field always holds the formatted value. Put it as FormField's direct child to get its aria wiring.
 */
export function MaskedInput<TValues extends FieldValues>({
  control,
  name,
  mask,
  ...input
}: {
  control: Control<TValues>
  name: Path<TValues>
  mask: (value: string) => string
} & Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>) {
  const { field } = useController({ control, name })
  return <Input {...field} {...input} onChange={(event) => field.onChange(mask(event.target.value))} />
}
