import { Button } from '../ui/button'

/**
 * 'Anterior', 'Página N' and 'Próxima' under a list read one page at a time (see useCursorPages). Texts
 * come translated; a button with nowhere to go is disabled.
 */
export function PageNav(props: {
  label: string
  previousLabel: string
  nextLabel: string
  pageText: string
  hasPrevious: boolean
  hasNext: boolean
  onPrevious: () => void
  onNext: () => void
}) {
  return (
    <nav aria-label={props.label} className="mt-6 flex items-center justify-between gap-2">
      <Button variant="outline" disabled={!props.hasPrevious} onClick={props.onPrevious}>
        {props.previousLabel}
      </Button>
      <span className="text-sm text-muted-foreground">{props.pageText}</span>
      <Button variant="outline" disabled={!props.hasNext} onClick={props.onNext}>
        {props.nextLabel}
      </Button>
    </nav>
  )
}
