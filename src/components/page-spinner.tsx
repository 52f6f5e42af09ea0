/** Full-page loading state; the visible text is the spec's 'Carregando...'. */
export function PageSpinner({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-screen flex-col items-center justify-center gap-3"
    >
      <span
        className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent"
        aria-hidden
      />
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  )
}
