// Shared class names of the landing page. Plain strings (no tailwind-merge) keep the first load light.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0'

export const buttonClass = {
  primary: `${base} h-10 px-4 bg-primary text-primary-foreground shadow-sm hover:bg-primary/90`,
  outline: `${base} h-10 px-4 border border-border bg-background hover:bg-accent hover:text-accent-foreground`,
  ghost: `${base} h-10 px-3 hover:bg-accent hover:text-accent-foreground`,
  large: 'h-12 px-6 text-base',
  icon: `${base} size-10 hover:bg-accent hover:text-accent-foreground`,
} as const

export const fieldClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60'

export const cardClass = 'rounded-xl border border-border bg-card text-card-foreground shadow-sm'

export const badgeClass =
  'inline-flex items-center rounded-full border border-border px-2.5 py-0.5 text-xs font-medium'

export const sectionClass = 'mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-24'
