import { useEffect, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Button } from '../ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog'
import { Spinner } from '../ui/spinner'

/**
 * The create/edit dialog of a record. An edit first loads the full record: a spinner stands in for the form
 * until it arrives, and a failed load is toasted and closes the dialog, since there is nothing to edit.
 */
export function FormDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  loading,
  loadingLabel,
  loadError,
  loadErrorTitle,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where focus goes on close: the dialog is opened from code, so Radix has no trigger to return to. */
  onCloseAutoFocus?: (event: Event) => void
  title: string
  description: string
  /** The record to edit is still on its way. */
  loading: boolean
  loadingLabel: string
  loadError: Error | null
  loadErrorTitle: string
  children: ReactNode
}) {
  useEffect(() => {
    if (loadError) {
      toast.error(loadErrorTitle, { description: loadError.message })
      onOpenChange(false)
    }
  }, [loadError, loadErrorTitle, onOpenChange])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {loading ? (
          <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
            <Spinner label={loadingLabel} />
            <span aria-hidden>{loadingLabel}</span>
          </div>
        ) : (
          children
        )}
      </DialogContent>
    </Dialog>
  )
}

/** Cancel and submit under a dialog's form; the submit is disabled and says so while the save runs. */
export function FormDialogActions({
  onCancel,
  cancelLabel,
  submitLabel,
  submittingLabel,
  isSubmitting,
}: {
  onCancel: () => void
  cancelLabel: string
  submitLabel: string
  submittingLabel: string
  isSubmitting: boolean
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </Button>
    </DialogFooter>
  )
}
