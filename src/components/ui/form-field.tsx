import * as React from 'react'
import { cn } from '../../lib/utils'
import { Label } from './label'

/** Ids FormField gives its description and error, so callers can point aria-describedby at them by hand. */
export function formFieldIds(htmlFor: string) {
  return { descriptionId: `${htmlFor}-description`, errorId: `${htmlFor}-error` }
}

/**
 * Label + control + optional description + error message.
 *
 * `htmlFor` must equal the control's `id`. When `children` is a single element, FormField adds to it
 * `aria-describedby` (description and error ids) and `aria-invalid` while there is an error, unless the child
 * already sets them. When the control is nested deeper (e.g. inside a wrapper div), wire it yourself:
 *   const { descriptionId, errorId } = formFieldIds('cpf')
 *   <Input id="cpf" aria-invalid={!!error} aria-describedby={error ? errorId : descriptionId} />
 * The error text renders with role="alert" so it is announced when it appears.
 */
export function FormField({
  label,
  htmlFor,
  error,
  description,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & {
  label: React.ReactNode
  htmlFor: string
  error?: React.ReactNode
  description?: React.ReactNode
}) {
  const { descriptionId, errorId } = formFieldIds(htmlFor)
  const hasError = error !== undefined && error !== null && error !== false && error !== ''
  const describedBy = [description ? descriptionId : null, hasError ? errorId : null]
    .filter(Boolean)
    .join(' ')

  let control = children
  if (React.isValidElement<Record<string, unknown>>(children)) {
    const childProps = children.props
    control = React.cloneElement(children, {
      'aria-describedby': childProps['aria-describedby'] ?? (describedBy || undefined),
      'aria-invalid': childProps['aria-invalid'] ?? (hasError || undefined),
    })
  }

  return (
    <div
      data-slot="form-field"
      data-invalid={hasError || undefined}
      className={cn('grid gap-2', className)}
      {...props}
    >
      <Label htmlFor={htmlFor} className={cn(hasError && 'text-destructive')}>
        {label}
      </Label>
      {control}
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {hasError && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
