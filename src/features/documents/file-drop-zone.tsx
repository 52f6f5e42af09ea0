import { useId, useRef, useState } from 'react'
import { FileUp } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/utils'
import { DOCUMENT_ACCEPT } from './documents.schema'
import { formatSize } from './format-size'

/**
 * Where files are dropped or picked. The zone is itself a button (Enter/Space open the file picker), so the
 * keyboard reaches everything a mouse does; the hidden input is what the picker fills.
 */
export function FileDropZone({
  multiple,
  disabled,
  onFiles,
  label,
}: {
  multiple: boolean
  disabled?: boolean
  onFiles: (files: File[]) => void
  /** Accessible name of the zone (defaults to the drop text). */
  label?: string
}) {
  const { t } = useTranslation('documents')
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const hintId = useId()

  return (
    <div>
      <button
        type="button"
        disabled={disabled}
        aria-describedby={hintId}
        aria-label={label}
        onClick={() => inputRef.current?.click()}
        onDragOver={(event) => {
          event.preventDefault()
          event.dataTransfer.dropEffect = 'copy'
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          if (disabled) return
          const files = Array.from(event.dataTransfer.files)
          if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1))
        }}
        className={cn(
          'flex w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
          dragging && 'border-primary bg-accent',
        )}
      >
        <FileUp aria-hidden className="size-8 text-muted-foreground" />
        <span className="font-medium">{t('uploadDialog.dropZone')}</span>
        <span className="text-muted-foreground">
          {t('uploadDialog.dropZoneOr')}{' '}
          <span className="text-primary underline underline-offset-4">{t('uploadDialog.choose')}</span>
        </span>
      </button>
      <p id={hintId} className="mt-2 text-xs text-muted-foreground">
        {t('uploadDialog.hint')}
      </p>
      <input
        ref={inputRef}
        type="file"
        hidden
        multiple={multiple}
        accept={DOCUMENT_ACCEPT}
        data-testid="document-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          // Cleared so that choosing the same file again still fires a change.
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </div>
  )
}

export type UploadStatus = 'ready' | 'uploading' | 'done' | 'failed' | 'refused'

export interface UploadItemView {
  key: string
  name: string
  size: number
  status: UploadStatus
  /** 0..1 */
  progress: number
  error: string | null
}

/** One file of an upload: name, size, a progress bar while it goes, and why it failed. */
export function UploadItem({ item, onRemove }: { item: UploadItemView; onRemove?: () => void }) {
  const { t } = useTranslation('documents')
  const percent = Math.round(item.progress * 100)
  return (
    <li className="grid gap-1.5 rounded-md border p-3 text-sm" data-testid="upload-item">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium" title={item.name}>
          {item.name}
        </span>
        <span className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground tabular-nums">
          {formatSize(item.size)}
          {item.status === 'done' && (
            <span className="font-medium text-success-strong">{t('uploadDialog.done')}</span>
          )}
          {onRemove && (
            <button
              type="button"
              onClick={onRemove}
              className="rounded-sm px-1 text-base leading-none outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              aria-label={t('uploadDialog.removeFile', { name: item.name })}
            >
              ×
            </button>
          )}
        </span>
      </div>
      {(item.status === 'uploading' || item.status === 'done') && (
        <div
          role="progressbar"
          aria-label={t('uploadDialog.progress', { name: item.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
      {item.error && (
        <p role="alert" className="text-xs text-destructive">
          {item.error}
        </p>
      )}
    </li>
  )
}
