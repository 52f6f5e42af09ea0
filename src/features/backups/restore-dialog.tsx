import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
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
import { backupKeys, useBackupRestoreState, useRestoreBackup } from './use-backups'

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined)

/**
 * The restore confirmation: the spec's warning, what the archive holds, 'Importar para este escritório'
 * for another office's archive, and the typed word — a click alone never replaces the office's data.
 * The restore then runs as a job: the dialog shows it queued, then its progress, and toasts the result
 * (closing the dialog leaves it running; the history and a notification tell the end).
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
  const queryClient = useQueryClient()
  const restore = useRestoreBackup()
  const [typed, setTyped] = useState('')
  const [importar, setImportar] = useState(false)
  const [queued, setQueued] = useState(false)
  const state = useBackupRestoreState(backup.id, queued)
  const current = queued ? (state.data?.backup.restore ?? null) : null
  const ready =
    typed.trim().toUpperCase() === RESTORE_CONFIRMATION_WORD && (!backup.fromOtherOffice || importar)

  // The end of the restore, told once.
  const told = useRef(false)
  useEffect(() => {
    if (!current || told.current) return
    if (current.status === 'success') {
      told.current = true
      toast.success(t('toast.restored'), { description: t('toast.restoredDescription') })
      // Every screen's data may have changed: clients, cases, documents, settings.
      void queryClient.invalidateQueries()
      onClose()
    } else if (current.status === 'error') {
      told.current = true
      toast.error(t('toast.restoreError'), { description: current.error ?? undefined })
      void queryClient.invalidateQueries({ queryKey: backupKeys.all })
      onClose()
    }
  }, [current, onClose, queryClient, t])

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!ready) return
    restore.mutate(
      { id: backup.id, confirmacao: typed, importar },
      {
        onSuccess: (answer) => {
          queryClient.setQueryData([...backupKeys.all, 'one', backup.id], answer)
          setQueued(true)
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
        {queued ? (
          <RestoreProgress status={current?.status ?? 'queued'} progress={current?.progress ?? 0} />
        ) : (
          <>
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
          </>
        )}
        <DialogFooter>
          {queued ? (
            <Button type="button" variant="outline" onClick={onClose}>
              {t('restore.close')}
            </Button>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={onClose} disabled={restore.isPending}>
                {t('restore.cancel')}
              </Button>
              <Button type="submit" variant="destructive" disabled={!ready || restore.isPending}>
                {restore.isPending ? t('restore.restoring') : t('restore.confirm')}
              </Button>
            </>
          )}
        </DialogFooter>
      </form>
    </DialogContent>
  )
}

function RestoreProgress({ status, progress }: { status: string; progress: number }) {
  const { t } = useTranslation('backups')
  const running = status === 'running'
  return (
    <div role="status" aria-live="polite" className="grid gap-2 text-sm" data-testid="restore-progress">
      <p className="font-medium">
        {running ? t('restore.running', { percent: progress }) : t('restore.queued')}
      </p>
      <progress
        className="h-2 w-full accent-primary"
        max={100}
        value={running ? progress : 0}
        aria-label={t('restore.progressLabel')}
      />
      <p className="text-muted-foreground">{t('restore.background')}</p>
    </div>
  )
}
