import { Pencil, Trash2 } from 'lucide-react'
import { Button } from '../ui/button'

/**
 * Edit/remove for one row: icon buttons in a table (the accessible name carries the record's name),
 * labelled buttons on the narrow-screen cards (room for words). Without `onRemove` (the user's level may
 * not delete) there is no remove button.
 */
export function RowActions(props: {
  withText: boolean
  editLabel: string
  editText: string
  onEdit: () => void
  removeLabel: string
  removeText: string
  onRemove?: (() => void) | undefined
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
      {props.onRemove && (
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
      )}
    </div>
  )
}
