import * as React from 'react'
import { cn } from '../../lib/utils'

/**
 * Placeholder for lists with no items. `icon` takes a rendered element (e.g. `<InboxIcon />`), `action` usually a
 * Button; `title` and `description` are already-translated strings.
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<'div'>, 'title'> & {
  icon?: React.ReactNode
  title: React.ReactNode
  description?: React.ReactNode
  action?: React.ReactNode
}) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center',
        className,
      )}
      {...props}
    >
      {icon && (
        <div
          aria-hidden
          className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg:not([class*='size-'])]:size-6"
        >
          {icon}
        </div>
      )}
      <div className="flex max-w-sm flex-col gap-1">
        <h3 className="text-base font-semibold">{title}</h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
      {action && <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  )
}
