import * as React from 'react'
import { Loader2Icon } from 'lucide-react'
import { cn } from '../../lib/utils'

/** Inline loading indicator; announced to screen readers through role=status and the sr-only label. */
export function Spinner({
  className,
  label = 'Carregando...',
  ...props
}: React.ComponentProps<'span'> & { label?: string }) {
  return (
    <span
      data-slot="spinner"
      role="status"
      aria-live="polite"
      className={cn('inline-flex items-center justify-center', className)}
      {...props}
    >
      <Loader2Icon className="size-4 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  )
}
