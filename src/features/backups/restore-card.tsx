import { useRef, useState } from 'react'
import { TriangleAlert, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { uploadFile } from '../documents/documents.public'
import type { BackupRow } from './backups.schema'
import { backupKeys } from './use-backups'

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined)

/**
 * The spec's restore warning, and 'Enviar arquivo de backup': the zip goes up as the raw body, the server
 * verifies it whole (manifest, checksums, versions) before accepting it; then the restore dialog opens.
 */
export function RestoreCard({ onUploaded }: { onUploaded: (backup: BackupRow) => void }) {
  const { t } = useTranslation('backups')
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)

  const send = (file: File) => {
    setProgress(0)
    const handle = uploadFile<{ backup: BackupRow }>(
      `/api/backups/upload?name=${encodeURIComponent(file.name)}`,
      file,
      (fraction) => setProgress(Math.round(fraction * 100)),
    )
    handle.result
      .then(({ backup }) => {
        toast.success(t('toast.uploaded'), { description: backup.nome })
        void queryClient.invalidateQueries({ queryKey: backupKeys.all })
        onUploaded(backup)
      })
      .catch((error: unknown) => toast.error(t('toast.uploadError'), { description: errorText(error) }))
      .finally(() => setProgress(null))
  }

  return (
    <Card className="lg:self-start">
      <CardHeader>
        <CardTitle>
          <h2>{t('restore.title')}</h2>
        </CardTitle>
        <CardDescription>{t('restore.hint')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          role="note"
          className="flex gap-3 rounded-md border border-warning/40 bg-warning/15 p-3 text-sm"
          data-testid="restore-warning"
        >
          <TriangleAlert aria-hidden className="size-5 shrink-0" />
          <p>{t('restore.warning')}</p>
        </div>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="backup-upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) send(file)
          }}
        />
        <Button
          variant="outline"
          className="w-full sm:w-fit"
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden />
          {progress === null ? t('restore.upload') : t('restore.uploading', { percent: progress })}
        </Button>
      </CardContent>
    </Card>
  )
}
