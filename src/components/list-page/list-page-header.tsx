import { Download, Plus } from 'lucide-react'
import { Button } from '../ui/button'
import { Spinner } from '../ui/spinner'

/**
 * Title of a list page with its 'Exportar CSV' and 'Novo …' buttons. Texts come translated. Without
 * `onNew` (the user's level may not create) there is no 'Novo …' button.
 */
export function ListPageHeader(props: {
  title: string
  subtitle: string
  exportLabel: string
  exportingLabel: string
  exporting: boolean
  onExport: () => void
  newLabel: string
  onNew?: (() => void) | undefined
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{props.title}</h1>
        <p className="text-sm text-muted-foreground">{props.subtitle}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={props.onExport} disabled={props.exporting}>
          {props.exporting ? <Spinner label={props.exportingLabel} /> : <Download aria-hidden />}
          {props.exportLabel}
        </Button>
        {props.onNew && (
          <Button onClick={props.onNew}>
            <Plus aria-hidden />
            {props.newLabel}
          </Button>
        )}
      </div>
    </header>
  )
}
