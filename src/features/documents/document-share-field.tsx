import { useTranslation } from 'react-i18next'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog'
import { formFieldIds } from '../../components/ui/form-field'
import { Label } from '../../components/ui/label'
import { Switch } from '../../components/ui/switch'
import { cn } from '../../lib/utils'

/**
 * 'Compartilhar com o cliente' (issue 26). Off it can always be turned (a shared document may always stop
 * being shared); on only for a document with a client or a case, and for a confidencial one only by a sócio
 * (who confirms first: the form asks through ConfidentialShareConfirm). The hint says why it is disabled.
 */
export function DocumentShareField({
  id,
  checked,
  onCheckedChange,
  linked,
  confidential,
  isSocio,
  error,
}: {
  id: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  /** The document names a client or a case (as the form now stands). */
  linked: boolean
  confidential: boolean
  isSocio: boolean
  error?: string | undefined
}) {
  const { t } = useTranslation('documents')
  const { descriptionId, errorId } = formFieldIds(id)
  const hint = !linked
    ? t('share.needsLink')
    : confidential && !isSocio
      ? t('share.socioOnly')
      : t('share.description')
  const disabled = !checked && (!linked || (confidential && !isSocio))
  return (
    <div data-slot="form-field" data-invalid={error ? true : undefined} className="grid gap-2 sm:col-span-2">
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${descriptionId} ${errorId}` : descriptionId}
        />
        <Label htmlFor={id} className={cn(error && 'text-destructive')}>
          {t('share.label')}
        </Label>
      </div>
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** The sócio's confirmation before a confidencial document is shared (the body then carries it). */
export function ConfidentialShareConfirm({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  const { t } = useTranslation('documents')
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('share.confirmTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('share.confirmDescription')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('share.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('share.confirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
