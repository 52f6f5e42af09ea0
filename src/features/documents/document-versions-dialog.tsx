import { useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Spinner } from '../../components/ui/spinner'
import { formatDateTimeBR } from '../../lib/br/dates'
import type { DocumentRow } from './documents.schema'
import { FileDropZone, UploadItem, type UploadItemView } from './file-drop-zone'
import { formatSize } from './format-size'
import { ABORTED_CODE, fileProblem, uploadFile } from './upload-file'
import { documentFileUrl, getDocumentQueryOptions, invalidateDocuments } from './use-documents'

/** 'Nova versão': one file replaces the current one; the old versions stay in the history. */
export function NewVersionDialog({
  document,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  document: DocumentRow | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('documents')
  const abort = useRef<() => void>(() => {})
  function changeOpen(next: boolean) {
    if (!next) abort.current()
    onOpenChange(next)
  }
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('versionDialog.title')}</DialogTitle>
          <DialogDescription>
            {t('versionDialog.description', { name: document?.nome ?? '' })}
          </DialogDescription>
        </DialogHeader>
        {document && (
          <NewVersionForm
            key={document.id}
            document={document}
            abort={abort}
            onClose={() => changeOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function NewVersionForm({
  document,
  abort,
  onClose,
}: {
  document: DocumentRow
  abort: React.RefObject<() => void>
  onClose: () => void
}) {
  const { t } = useTranslation('documents')
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [item, setItem] = useState<UploadItemView | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const uploading = item?.status === 'uploading'

  function choose(files: File[]) {
    const chosen = files[0]
    if (!chosen) return
    setFormError(null)
    const problem = fileProblem(chosen)
    setFile(problem ? null : chosen)
    setItem({
      key: 'version',
      name: chosen.name,
      size: chosen.size,
      status: problem ? 'refused' : 'ready',
      progress: 0,
      error: problem ? t(`uploadDialog.problem.${problem}`, { name: chosen.name }) : null,
    })
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!file) {
      setFormError(t('uploadDialog.noFiles'))
      return
    }
    const params = new URLSearchParams({ name: file.name })
    const handle = uploadFile<{ document: DocumentRow }>(
      `/api/documents/${encodeURIComponent(document.id)}/versions?${params}`,
      file,
      (progress) => setItem((current) => current && { ...current, progress }),
    )
    abort.current = handle.abort
    setItem((current) => current && { ...current, status: 'uploading', progress: 0, error: null })
    try {
      const { document: updated } = await handle.result
      void invalidateDocuments(queryClient)
      toast.success(t('toast.versionUploaded'), {
        description: `${updated.nome} · ${t('version', { version: updated.versao })}`,
      })
      onClose()
    } catch (error) {
      if ((error as { code?: string }).code === ABORTED_CODE) return
      const message = error instanceof Error ? error.message : String(error)
      setItem((current) => current && { ...current, status: 'failed', error: message })
    } finally {
      abort.current = () => {}
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FileDropZone multiple={false} disabled={uploading} onFiles={choose} label={t('versionDialog.file')} />
      {item && (
        <ul aria-label={t('uploadDialog.files')} className="grid gap-2">
          <UploadItem item={item} />
        </ul>
      )}
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('versionDialog.cancel')}
        </Button>
        <Button type="submit" disabled={uploading}>
          {uploading ? t('uploadDialog.submitting') : t('versionDialog.submit')}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Every version of a document (who, when, size), each downloadable. */
export function VersionHistoryDialog({
  document,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  document: DocumentRow | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('documents')
  const detail = useQuery({
    ...getDocumentQueryOptions(document?.id ?? ''),
    enabled: open && document !== null,
  })
  const name = document?.nome ?? ''

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{t('historyDialog.title')}</DialogTitle>
          <DialogDescription>{t('historyDialog.description', { name })}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
            <Spinner label={t('historyDialog.loading')} />
            <span aria-hidden>{t('historyDialog.loading')}</span>
          </div>
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {detail.error.message}
          </p>
        ) : (
          <ol aria-label={t('historyDialog.title')} className="grid gap-2">
            {detail.data.versions.map((version) => (
              <li
                key={version.versao}
                data-testid="document-version"
                className="flex items-center justify-between gap-3 rounded-md border p-3 text-sm"
              >
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium">
                    {t('version', { version: version.versao })}
                    {version.versao === detail.data.document.versao && (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">
                        ({t('historyDialog.current')})
                      </span>
                    )}
                  </span>
                  <span className="truncate text-xs text-muted-foreground" title={version.originalName}>
                    {version.originalName}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatDateTimeBR(version.createdAt)} ·{' '}
                    {version.enviadoPor
                      ? t('historyDialog.by', { name: version.enviadoPor.nome })
                      : t('historyDialog.byUnknown')}{' '}
                    · <span className="tabular-nums">{formatSize(version.tamanho)}</span>
                  </span>
                </div>
                <Button variant="ghost" size="icon" asChild>
                  <a
                    href={documentFileUrl(detail.data.document.id, {
                      version: version.versao,
                      disposition: 'attachment',
                    })}
                    download={version.originalName}
                    aria-label={t('historyDialog.downloadLabel', { version: version.versao, name })}
                    title={t('historyDialog.downloadLabel', { version: version.versao, name })}
                  >
                    <Download aria-hidden />
                  </a>
                </Button>
              </li>
            ))}
          </ol>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('historyDialog.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
