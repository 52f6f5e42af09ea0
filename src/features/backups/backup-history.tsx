import { useState } from 'react'
import { Archive, Download, RotateCcw, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
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
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table'
import { formatDateTimeBR } from '../../lib/br/dates'
import { formatSize } from '../documents/documents.public'
import type { BackupRow, BackupStatus } from './backups.schema'
import { backupDownloadUrl, isRestoring, useBackupList, useDeleteBackup } from './use-backups'

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined)

const STATUS_VARIANT: Record<BackupStatus, 'success' | 'destructive' | 'warning'> = {
  success: 'success',
  error: 'destructive',
  in_progress: 'warning',
}

/** The history: name, type, size, date/time, status (a failure shows its reason), download/restore/delete. */
export function BackupHistory({ onRestore }: { onRestore: (backup: BackupRow) => void }) {
  const { t } = useTranslation('backups')
  const list = useBackupList()
  const [deleting, setDeleting] = useState<BackupRow | null>(null)

  return (
    <section aria-labelledby="backup-history-title" className="grid gap-3">
      <h2 id="backup-history-title" className="text-lg font-semibold">
        {t('history.title')}
      </h2>
      {list.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState
          title={t('history.loadError')}
          description={errorText(list.error)}
          action={
            <Button variant="outline" onClick={() => void list.refetch()}>
              {t('history.retry')}
            </Button>
          }
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<Archive />}
          title={t('history.empty')}
          description={t('history.emptyDescription')}
        />
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table data-testid="backup-history">
            <TableCaption className="sr-only">{t('history.caption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('history.name')}</TableHead>
                <TableHead>{t('history.type')}</TableHead>
                <TableHead>{t('history.size')}</TableHead>
                <TableHead>{t('history.date')}</TableHead>
                <TableHead>{t('history.status')}</TableHead>
                <TableHead className="text-right">{t('history.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.items.map((backup) => (
                <TableRow key={backup.id} data-testid="backup-row">
                  <TableCell className="max-w-64 font-medium">
                    <span className="block truncate" title={backup.nome}>
                      {backup.nome}
                    </span>
                    {backup.status === 'error' && backup.error && (
                      <span className="block text-xs whitespace-normal text-destructive">{backup.error}</span>
                    )}
                    <RestoreNote backup={backup} />
                  </TableCell>
                  <TableCell>
                    {backup.source === 'uploaded' ? t('history.uploaded') : t(`tipo.${backup.tipo}`)}
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {backup.size === null ? '—' : formatSize(backup.size)}
                  </TableCell>
                  <TableCell className="tabular-nums">{formatDateTimeBR(backup.createdAt)}</TableCell>
                  <TableCell>
                    <Badge variant={STATUS_VARIANT[backup.status]}>
                      {t(`status.${backup.status}`)}
                      {backup.status === 'in_progress' &&
                        ` ${t('history.progress', { percent: backup.progress })}`}
                    </Badge>
                    {backup.status === 'in_progress' && (
                      <progress
                        className="mt-1 block h-1.5 w-24 accent-primary"
                        max={100}
                        value={backup.progress}
                        aria-label={t('history.progress', { percent: backup.progress })}
                      />
                    )}
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      {backup.status === 'success' && (
                        <>
                          <Button asChild variant="ghost" size="icon">
                            <a
                              href={backupDownloadUrl(backup.id)}
                              download
                              aria-label={t('history.download', { nome: backup.nome })}
                              title={t('history.download', { nome: backup.nome })}
                            >
                              <Download aria-hidden />
                            </a>
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t('history.restore', { nome: backup.nome })}
                            title={t('history.restore', { nome: backup.nome })}
                            disabled={isRestoring(backup)}
                            onClick={() => onRestore(backup)}
                          >
                            <RotateCcw aria-hidden />
                          </Button>
                        </>
                      )}
                      {backup.status !== 'in_progress' && !isRestoring(backup) && (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t('history.delete', { nome: backup.nome })}
                          title={t('history.delete', { nome: backup.nome })}
                          onClick={() => setDeleting(backup)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <DeleteBackupDialog backup={deleting} onClose={() => setDeleting(null)} />
    </section>
  )
}

/** The last restore from this archive, while it waits or runs, or when it failed (with its reason). */
function RestoreNote({ backup }: { backup: BackupRow }) {
  const { t } = useTranslation('backups')
  const restore = backup.restore
  if (!restore) return null
  if (restore.status === 'queued')
    return <span className="block text-xs text-muted-foreground">{t('history.restoreQueued')}</span>
  if (restore.status === 'running')
    return (
      <span className="block text-xs text-muted-foreground">
        {t('history.restoreRunning', { percent: restore.progress })}
      </span>
    )
  if (restore.status === 'error' && restore.error)
    return (
      <span className="block text-xs whitespace-normal text-destructive">
        {t('history.restoreFailed', { reason: restore.error })}
      </span>
    )
  return null
}

function DeleteBackupDialog({ backup, onClose }: { backup: BackupRow | null; onClose: () => void }) {
  const { t } = useTranslation('backups')
  const remove = useDeleteBackup()
  return (
    <AlertDialog open={backup !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('delete.description', { nome: backup?.nome ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('delete.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            onClick={() => {
              if (!backup) return
              remove.mutate(backup.id, {
                onSuccess: () => toast.success(t('toast.deleted'), { description: backup.nome }),
                onError: (error) => toast.error(t('toast.deleteError'), { description: errorText(error) }),
              })
              onClose()
            }}
          >
            {t('delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
