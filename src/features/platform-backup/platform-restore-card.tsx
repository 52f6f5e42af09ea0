import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { AlertTriangle, RotateCcw, Terminal } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { formatDateTimeBR } from '../../lib/br/dates'
import { RESTORE_CONFIRMATION, type PlatformBackupOverview } from './platform-backup.schema'
import { useRestoreCommand, useRestorePlatform } from './use-platform-backup'

/**
 * The restore panel, with the spec's warning that restoring replaces all current data. PostgreSQL: restore
 * from here (maintenance mode meanwhile) after typing RESTAURAR. PGlite: the exact command to run with the
 * server stopped — an embedded database can't be replaced under the running server.
 */
export function PlatformRestoreCard({
  data,
  selectedId,
  onSelect,
}: {
  data: PlatformBackupOverview
  selectedId: string | null
  onSelect: (id: string) => void
}) {
  const { t } = useTranslation('platform-backup')
  const done = data.items.filter((item) => item.status === 'concluido')
  const selected = done.find((item) => item.id === selectedId) ?? null
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RotateCcw className="size-5" aria-hidden />
          {t('restore.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          role="note"
          className="border-destructive/50 text-destructive flex gap-2 rounded-md border p-3 text-sm"
        >
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          <p>{t('restore.warning')}</p>
        </div>
        {data.restore.restoringBackupId && <p className="text-sm font-medium">{t('restore.running')}</p>}
        {data.restore.lastAt && (
          <p className="text-muted-foreground text-sm">
            {t(data.restore.lastStatus === 'ok' ? 'restore.lastOk' : 'restore.lastFailed', {
              quando: formatDateTimeBR(data.restore.lastAt),
            })}
          </p>
        )}
        {done.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('restore.none')}</p>
        ) : (
          <div className="space-y-1">
            <Label htmlFor="restore-backup">{t('restore.choose')}</Label>
            <Select value={selected?.id ?? ''} onValueChange={onSelect}>
              <SelectTrigger id="restore-backup" className="w-full">
                <SelectValue placeholder={t('restore.choosePlaceholder')} />
              </SelectTrigger>
              <SelectContent>
                {done.map((item) => (
                  <SelectItem key={item.id} value={item.id}>
                    {item.nome}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        {selected &&
          (data.restore.mode === 'comando' ? (
            <RestoreCommand id={selected.id} />
          ) : (
            <RestoreNow key={selected.id} id={selected.id} busy={data.restore.restoringBackupId !== null} />
          ))}
      </CardContent>
    </Card>
  )
}

function RestoreCommand({ id }: { id: string }) {
  const { t } = useTranslation('platform-backup')
  const command = useRestoreCommand(id)
  return (
    <div className="space-y-2">
      <p className="text-sm">{t('restore.pgliteHint')}</p>
      <pre className="bg-muted flex items-start gap-2 overflow-x-auto rounded-md p-3 text-xs">
        <Terminal className="size-4 shrink-0" aria-hidden />
        <code data-testid="restore-command">{command.data?.command ?? '…'}</code>
      </pre>
    </div>
  )
}

function RestoreNow({ id, busy }: { id: string; busy: boolean }) {
  const { t } = useTranslation('platform-backup')
  const restore = useRestorePlatform()
  const [typed, setTyped] = useState('')
  const ready = typed.trim().toUpperCase() === RESTORE_CONFIRMATION
  const run = () =>
    restore.mutate(id, {
      onSuccess: () => toast.success(t('restore.started'), { description: t('restore.startedDescription') }),
      onError: (error) =>
        toast.error(t('restore.error'), { description: error instanceof Error ? error.message : undefined }),
    })
  return (
    <div className="space-y-2">
      <Label htmlFor="restore-confirm">{t('restore.typeToConfirm', { palavra: RESTORE_CONFIRMATION })}</Label>
      <Input
        id="restore-confirm"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
      />
      <Button variant="destructive" disabled={!ready || busy || restore.isPending} onClick={run}>
        <RotateCcw aria-hidden />
        {t('restore.button')}
      </Button>
    </div>
  )
}
