import { useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
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
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Textarea } from '../../components/ui/textarea'
import { CasePicker, ClientPicker } from '../cases/cases.public'
import {
  DOCUMENT_ACCESS_LEVELS,
  DOCUMENT_FOLDERS,
  DOCUMENT_LIMITS,
  splitTags,
  type DocumentAccessLevel,
  type DocumentFolder,
  type DocumentRow,
} from './documents.schema'
import { FileDropZone, UploadItem, type UploadItemView } from './file-drop-zone'
import { ABORTED_CODE, fileProblem, uploadFile } from './upload-file'
import { invalidateDocuments } from './use-documents'

/** Files sent at the same time; the rest wait their turn (each still its own request and progress bar). */
const PARALLEL_UPLOADS = 3

interface UploadItemState extends UploadItemView {
  file: File
}

export interface UploadDefaults {
  pasta?: DocumentFolder
  clientId?: { id: string; label: string }
  caseId?: { id: string; label: string }
}

/** 'Fazer Upload': several files, one destination, each file its own POST with a progress bar. */
export function DocumentUploadDialog({
  open,
  onOpenChange,
  defaults,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  defaults: UploadDefaults
}) {
  const { t } = useTranslation('documents')
  // A fresh form each time the dialog opens (the key changes on open).
  const [session, setSession] = useState(0)
  const [prevOpen, setPrevOpen] = useState(open)
  if (open !== prevOpen) {
    setPrevOpen(open)
    if (open) setSession((n) => n + 1)
  }
  // The form registers its abort here, so closing the dialog (Esc, ×, Cancelar) stops uploads in flight.
  const abortAll = useRef<() => void>(() => {})
  function changeOpen(next: boolean) {
    if (!next) abortAll.current()
    onOpenChange(next)
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('uploadDialog.title')}</DialogTitle>
          <DialogDescription>{t('uploadDialog.description')}</DialogDescription>
        </DialogHeader>
        <UploadForm key={session} defaults={defaults} abortAll={abortAll} onClose={() => changeOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}

function UploadForm({
  defaults,
  abortAll,
  onClose,
}: {
  defaults: UploadDefaults
  abortAll: React.RefObject<() => void>
  onClose: () => void
}) {
  const { t } = useTranslation('documents')
  const queryClient = useQueryClient()
  const [items, setItems] = useState<UploadItemState[]>([])
  const [pasta, setPasta] = useState<DocumentFolder>(defaults.pasta ?? 'contratos')
  const [nivelAcesso, setNivelAcesso] = useState<DocumentAccessLevel>('publico')
  const [etiquetas, setEtiquetas] = useState('')
  const [caseId, setCaseId] = useState(defaults.caseId?.id ?? '')
  const [caseLabel, setCaseLabel] = useState(defaults.caseId?.label ?? null)
  const [clientId, setClientId] = useState(defaults.clientId?.id ?? '')
  const [clientLabel, setClientLabel] = useState(defaults.clientId?.label ?? null)
  const [observacoes, setObservacoes] = useState('')
  const [uploading, setUploading] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const nextKey = useRef(0)

  function update(key: string, change: Partial<UploadItemState>) {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }

  function addFiles(files: File[]) {
    setFormError(null)
    const added = files.map((file): UploadItemState => {
      const problem = fileProblem(file)
      return {
        key: String(nextKey.current++),
        file,
        name: file.name,
        size: file.size,
        status: problem ? 'refused' : 'ready',
        progress: 0,
        error: problem ? t(`uploadDialog.problem.${problem}`, { name: file.name }) : null,
      }
    })
    setItems((list) => [...list, ...added])
  }

  function uploadUrl(name: string) {
    const params = new URLSearchParams({ name, pasta, nivelAcesso })
    const tags = splitTags(etiquetas)
    if (tags.length > 0) params.set('etiquetas', tags.join(','))
    if (clientId) params.set('clientId', clientId)
    if (caseId) params.set('caseId', caseId)
    if (observacoes.trim()) params.set('observacoes', observacoes)
    return `/api/documents?${params}`
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const queue = items.filter((item) => item.status === 'ready' || item.status === 'failed')
    if (queue.length === 0) {
      setFormError(t('uploadDialog.noFiles'))
      return
    }
    setUploading(true)
    const aborts = new Map<string, () => void>()
    let cancelled = false
    abortAll.current = () => {
      cancelled = true
      aborts.forEach((abort) => abort())
    }
    let sent = 0
    let failed = 0
    const work = async () => {
      for (let item = queue.shift(); item && !cancelled; item = queue.shift()) {
        const { key, file } = item
        update(key, { status: 'uploading', progress: 0, error: null })
        const handle = uploadFile<{ document: DocumentRow }>(uploadUrl(file.name), file, (progress) =>
          update(key, { progress }),
        )
        aborts.set(key, handle.abort)
        try {
          await handle.result
          sent++
          update(key, { status: 'done', progress: 1 })
        } catch (error) {
          const code = (error as { code?: string }).code
          if (code === ABORTED_CODE) return
          failed++
          update(key, { status: 'failed', error: error instanceof Error ? error.message : String(error) })
        } finally {
          aborts.delete(key)
        }
      }
    }
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, work))
    abortAll.current = () => {}
    // Files that finished before a cancel are stored: the lists must show them either way.
    if (sent > 0) {
      void invalidateDocuments(queryClient)
      toast.success(t('toast.uploaded', { count: sent }))
    }
    if (cancelled) return
    setUploading(false)
    if (failed > 0) toast.error(t('toast.uploadError'), { description: t('uploadDialog.failedSome') })
    else onClose()
  }

  const canRemove = !uploading
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FileDropZone multiple disabled={uploading} onFiles={addFiles} />
      {items.length > 0 && (
        <ul aria-label={t('uploadDialog.files')} className="grid max-h-64 gap-2 overflow-y-auto">
          {items.map((item) => (
            <UploadItem
              key={item.key}
              item={item}
              onRemove={
                canRemove && item.status !== 'done'
                  ? () => setItems((list) => list.filter((other) => other.key !== item.key))
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <fieldset disabled={uploading} className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('uploadDialog.pasta')} htmlFor="upload-pasta">
          <Select value={pasta} onValueChange={(value) => setPasta(value as DocumentFolder)}>
            <SelectTrigger id="upload-pasta">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {DOCUMENT_FOLDERS.map((folder) => (
                <SelectItem key={folder} value={folder}>
                  {t(`folder.${folder}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label={t('uploadDialog.nivelAcesso')} htmlFor="upload-acesso">
          <Select value={nivelAcesso} onValueChange={(value) => setNivelAcesso(value as DocumentAccessLevel)}>
            <SelectTrigger id="upload-acesso">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {DOCUMENT_ACCESS_LEVELS.map((level) => (
                <SelectItem key={level} value={level}>
                  {t(`access.${level}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField
          label={t('uploadDialog.etiquetas')}
          htmlFor="upload-etiquetas"
          description={t('uploadDialog.etiquetasHint')}
          className="sm:col-span-2"
        >
          <Input
            id="upload-etiquetas"
            autoComplete="off"
            placeholder={t('uploadDialog.etiquetasPlaceholder')}
            value={etiquetas}
            onChange={(event) => setEtiquetas(event.target.value)}
          />
        </FormField>
        <FormField label={t('uploadDialog.caso')} htmlFor="upload-caso">
          <CasePicker
            id="upload-caso"
            value={caseId}
            selectedLabel={caseLabel}
            onValueChange={(value, label) => {
              setCaseId(value)
              setCaseLabel(label)
            }}
          />
        </FormField>
        <FormField label={t('uploadDialog.cliente')} htmlFor="upload-cliente">
          <ClientPicker
            id="upload-cliente"
            value={clientId}
            selectedLabel={clientLabel}
            onValueChange={(value, label) => {
              setClientId(value)
              setClientLabel(label)
            }}
          />
        </FormField>
        <FormField
          label={t('uploadDialog.observacoes')}
          htmlFor="upload-observacoes"
          className="sm:col-span-2"
        >
          <Textarea
            id="upload-observacoes"
            rows={2}
            maxLength={DOCUMENT_LIMITS.observacoes}
            value={observacoes}
            onChange={(event) => setObservacoes(event.target.value)}
          />
        </FormField>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('uploadDialog.cancel')}
        </Button>
        <Button type="submit" disabled={uploading}>
          {uploading ? t('uploadDialog.submitting') : t('uploadDialog.submit')}
        </Button>
      </DialogFooter>
    </form>
  )
}
