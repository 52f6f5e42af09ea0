import { Paperclip, Send, X } from 'lucide-react'
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Label } from '../../components/ui/label'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { DOCUMENT_ACCEPT, fileProblem, formatSize } from '../documents/documents.public'
import {
  PORTAL_MESSAGE_FILES_MAX,
  PORTAL_MESSAGE_MAX,
  type PortalMessageFile,
} from './portal.messages.schema'
import { uploadMessageFile, useSendMessage, type MessageTarget } from './use-portal-messages'

// The thread's composer: the text, its attachments (each uploaded as soon as it is chosen, so 'Enviar' only
// links them) and 'Enviar'. The server decides every rule again; these checks only spare a useless upload.

interface PendingUpload {
  key: string
  name: string
  file: PortalMessageFile | null
}

export function MessageComposer({ target, caseId }: { target: MessageTarget; caseId: string | undefined }) {
  const { t } = useTranslation('portal-messages')
  const id = useId()
  const [body, setBody] = useState('')
  const [uploads, setUploads] = useState<PendingUpload[]>([])
  const [error, setError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const send = useSendMessage(target)
  const uploading = uploads.some((upload) => upload.file === null)

  async function attach(files: FileList | null) {
    if (!files) return
    let room = PORTAL_MESSAGE_FILES_MAX - uploads.length
    for (const file of Array.from(files)) {
      if (room <= 0) {
        toast.error(t('composer.tooMany', { max: PORTAL_MESSAGE_FILES_MAX }))
        break
      }
      const problem = fileProblem(file)
      if (problem) {
        toast.error(t(`composer.file.${problem}`, { name: file.name }))
        continue
      }
      room--
      const key = `${file.name}-${crypto.randomUUID()}`
      setUploads((list) => [...list, { key, name: file.name, file: null }])
      uploadMessageFile(target, file).then(
        (stored) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, file: stored } : u))),
        (reason: unknown) => {
          setUploads((list) => list.filter((u) => u.key !== key))
          toast.error(reason instanceof ApiRequestError ? reason.message : t('composer.sendError'))
        },
      )
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault()
    const text = body.trim()
    if (text === '') return setError(t('composer.empty'))
    if (text.length > PORTAL_MESSAGE_MAX) return setError(t('composer.tooLong', { max: PORTAL_MESSAGE_MAX }))
    if (uploading || send.isPending) return
    setError(null)
    const fileIds = uploads.flatMap((upload) => (upload.file ? [upload.file.id] : []))
    send.mutate(
      { body: text, caseId: caseId ?? null, fileIds },
      {
        onSuccess: () => {
          setBody('')
          setUploads([])
          textarea.current?.focus()
        },
        onError: (reason) => {
          const message = reason instanceof ApiRequestError ? reason.message : t('composer.sendError')
          setError(message)
          toast.error(message)
        },
      },
    )
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit()
  }

  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Label htmlFor={`${id}-body`}>{t('composer.label')}</Label>
      <Textarea
        id={`${id}-body`}
        ref={textarea}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('composer.placeholder')}
        maxLength={PORTAL_MESSAGE_MAX}
        rows={3}
        className="max-h-60"
        aria-invalid={error !== null}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
        <span>{t('composer.hint')}</span>
        <span>{t('composer.counter', { count: body.length, max: PORTAL_MESSAGE_MAX })}</span>
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {uploads.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('attachments')}>
          {uploads.map((upload) => (
            <li
              key={upload.key}
              className="flex max-w-full items-center gap-1 rounded-md border bg-muted/40 py-1 pr-1 pl-2 text-xs"
            >
              {upload.file === null && <Spinner className="size-3" aria-hidden />}
              <span className="truncate" title={upload.name}>
                {upload.file === null
                  ? t('composer.uploading', { name: upload.name })
                  : `${upload.name} (${formatSize(upload.file.size)})`}
              </span>
              {upload.file !== null && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-6"
                  aria-label={t('composer.remove', { name: upload.name })}
                  onClick={() => setUploads((list) => list.filter((u) => u.key !== upload.key))}
                >
                  <X aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('composer.attach')}
          onChange={(event) => {
            void attach(event.target.files)
            event.target.value = ''
          }}
        />
        <Button
          type="button"
          variant="outline"
          disabled={uploads.length >= PORTAL_MESSAGE_FILES_MAX}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip aria-hidden />
          {t('composer.attach')}
        </Button>
        <Button type="submit" disabled={send.isPending || uploading}>
          {send.isPending ? <Spinner aria-hidden /> : <Send aria-hidden />}
          {send.isPending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
    </form>
  )
}
