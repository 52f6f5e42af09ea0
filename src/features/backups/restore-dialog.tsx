import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { RESTORE_CONFIRMATION_WORD, type BackupRow } from './backups.schema'
import { useRestoreBackup } from './use-backups'

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined)

/**
 * The restore confirmation: the spec's warning, what the archive holds, 'Importar para este escritório'
 * for another office's archive, and the typed word — a click alone never replaces the office's data.
 */
export function RestoreDialog({ backup, onClose }: { backup: BackupRow | null; onClose: () => void }) {
  return (
    <Dialog open={backup !== null} onOpenChange={(open) => !open && onClose()}>
      {backup && <RestoreForm key={backup.id} backup={backup} onClose={onClose} />}
    </Dialog>
  )
}

function RestoreForm({ backup, onClose }: { backup: BackupRow; onClose: () => void }) {
  const { t } = useTranslation('backups')
  const restore = useRestoreBackup()
  const [typed, setTyped] = useState('')
  const [importar, setImportar] = useState(false)
  const ready =
    typed.trim().toUpperCase() === RESTORE_CONFIRMATION_WORD && (!backup.fromOtherOffice || importar)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!ready) return
    restore.mutate(
      { id: backup.id, confirmacao: typed, importar },
      {
        onSuccess: () => {
          toast.success(t('toast.restored'), { description: t('toast.restoredDescription') })
          onClose()
        },
        onError: (error) => toast.error(t('toast.restoreError'), { description: errorText(error) }),
      },
    )
  }

  return (
    <DialogContent className="max-h-[90dvh] overflow-y-auto">
      <form onSubmit={submit} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t('restore.dialogTitle', { nome: backup.nome })}</DialogTitle>
          <DialogDescription>{t('restore.warning')}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">{t('restore.dialogWarning')}</p>
        <div className="grid gap-1 text-sm">
          <p className="font-medium">{t('restore.contains')}</p>
          <ul className="list-inside list-disc text-muted-foreground">
            {backup.scope.map((part) => (
              <li key={part}>{t(`manual.parts.${part}`)}</li>
            ))}
          </ul>
        </div>
        {backup.fromOtherOffice && (
          <div className="grid gap-2 rounded-md border border-warning/40 bg-warning/15 p-3 text-sm">
            <p>{t('restore.otherOffice')}</p>
            <div className="flex items-center gap-2">
              <Checkbox
                id="restore-import"
                checked={importar}
                onCheckedChange={(checked) => setImportar(checked === true)}
              />
              <Label htmlFor="restore-import" className="font-normal">
                {t('restore.importInto')}
              </Label>
            </div>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor="restore-confirmation">
            {t('restore.confirmLabel', { word: RESTORE_CONFIRMATION_WORD })}
          </Label>
          <Input
            id="restore-confirmation"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={restore.isPending}>
            {t('restore.cancel')}
          </Button>
          <Button type="submit" variant="destructive" disabled={!ready || restore.isPending}>
            {restore.isPending ? t('restore.restoring') : t('restore.confirm')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  )
}
