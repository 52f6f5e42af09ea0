import { Pencil, Trash2 } from 'lucide-react'
import { Button } from '../ui/button'

/**
 * Edit/remove for one row: icon buttons in a table (the accessible name carries the record's name),
 * labelled buttons on the narrow-screen cards (room for words).
 */
export function RowActions(props: {
  withText: boolean
  editLabel: string
  editText: string
  onEdit: () => void
  removeLabel: string
  removeText: string
  onRemove: () => void
}) {
  const { withText, editLabel, removeLabel } = props
  const size = withText ? 'sm' : 'icon'
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size={size}
        aria-label={editLabel}
        title={withText ? undefined : editLabel}
        onClick={props.onEdit}
      >
        <Pencil aria-hidden />
        {withText && props.editText}
      </Button>
      <Button
        variant="ghost"
        size={size}
        className="text-destructive hover:text-destructive"
        aria-label={removeLabel}
        title={withText ? undefined : removeLabel}
        onClick={props.onRemove}
      >
        <Trash2 aria-hidden />
        {withText && props.removeText}
      </Button>
    </div>
  )
}
