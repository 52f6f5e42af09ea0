import { useRef, useState } from 'react'
import type { Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { SelectFormField } from '../../components/form/select-form-field'
import { useAppForm } from '../../components/form/use-app-form'
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
import {
  MAX_TEMPLATE_DOCX_BYTES,
  TEMPLATE_DOCX_ACCEPT,
  TEMPLATE_KIND_LABELS,
  TEMPLATE_KINDS,
  TEMPLATE_LIMITS,
  templateUploadQuery,
  type TemplateKind,
} from './templates.schema'
import { unknownFieldsOf } from './template-rules'
import { templateKeys, uploadTemplate } from './use-templates'

const KIND_OPTIONS = TEMPLATE_KINDS.map((kind) => ({ value: kind, label: TEMPLATE_KIND_LABELS[kind] }))

/** 'Enviar modelo Word (.docx)': the office's own Word file with `{grupo.campo}` fields. */
export function TemplateUploadDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('templates')
  const abort = useRef<() => void>(() => {})
  function changeOpen(next: boolean) {
    if (!next) abort.current()
    onOpenChange(next)
  }
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] grid-cols-1 overflow-y-auto sm:max-w-lg"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{t('upload.title')}</DialogTitle>
          <DialogDescription>{t('upload.description')}</DialogDescription>
        </DialogHeader>
        {open && <UploadForm abort={abort} onDone={() => changeOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

interface UploadValues {
  name: string
  kind: TemplateKind
}

const resolver = zodResolver(templateUploadQuery) as unknown as Resolver<UploadValues>

function UploadForm({ abort, onDone }: { abort: React.RefObject<() => void>; onDone: () => void }) {
  const { t } = useTranslation('templates')
  const queryClient = useQueryClient()
  const form = useAppForm<UploadValues>({ resolver, defaultValues: { name: '', kind: 'outro' } })
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = form
  // The file is not a form value (react-hook-form keeps text): checked here before sending.
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [unknown, setUnknown] = useState<string[]>([])
  const [serverError, setServerError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)

  function chooseFile(chosen: File | null) {
    setFile(chosen)
    setUnknown([])
    setServerError(null)
    setFileError(null)
    // The file's name is the usual name of the template.
    if (chosen && getValues('name').trim() === '') {
      setValue('name', chosen.name.replace(/\.docx$/i, '').slice(0, TEMPLATE_LIMITS.name), {
        shouldValidate: true,
      })
    }
  }

  function problemOf(chosen: File | null): string | null {
    if (!chosen) return t('upload.fileRequired')
    if (!/\.docx$/i.test(chosen.name)) return t('upload.notDocx')
    if (chosen.size > MAX_TEMPLATE_DOCX_BYTES) return t('upload.tooLarge')
    if (chosen.size === 0) return t('upload.empty')
    return null
  }

  const submit = handleSubmit(
    async (values) => {
      const problem = problemOf(file)
      setFileError(problem)
      setUnknown([])
      setServerError(null)
      if (problem || !file) return
      setProgress(0)
      const handle = uploadTemplate({ ...values, file }, setProgress)
      abort.current = handle.abort
      try {
        await handle.result
        void queryClient.invalidateQueries({ queryKey: templateKeys.all })
        toast.success(t('toast.uploaded'), { description: values.name.trim() })
        onDone()
      } catch (error) {
        if ((error as { code?: string }).code === 'aborted') return
        const fields = unknownFieldsOf(error)
        if (fields.length > 0) setUnknown(fields)
        else setServerError(error instanceof Error ? error.message : String(error))
      } finally {
        abort.current = () => {}
        setProgress(null)
      }
    },
    // An invalid name still says what is wrong with the file at the same time.
    () => setFileError(problemOf(file)),
  )

  const uploading = progress !== null
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <fieldset disabled={uploading} className="grid min-w-0 grid-cols-1 gap-4">
        <FormField
          label={t('upload.file')}
          htmlFor="template-file"
          error={fileError}
          description={t('upload.fileHint')}
        >
          <Input
            id="template-file"
            type="file"
            accept={TEMPLATE_DOCX_ACCEPT}
            aria-required
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          />
        </FormField>
        <FormField label={t('editor.name')} htmlFor="template-upload-name" error={errors.name?.message}>
          <Input
            id="template-upload-name"
            autoComplete="off"
            aria-required
            maxLength={TEMPLATE_LIMITS.name}
            {...register('name')}
          />
        </FormField>
        <SelectFormField
          control={control}
          name="kind"
          id="template-upload-kind"
          label={t('editor.kind')}
          error={errors.kind?.message}
          options={KIND_OPTIONS}
        />
      </fieldset>
      {uploading && (
        <progress
          className="h-2 w-full accent-primary"
          max={1}
          value={progress}
          aria-label={t('upload.progress')}
        />
      )}
      {unknown.length > 0 && (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/50 p-3 text-sm">
          <p className="font-medium text-destructive">{t('upload.unknownFields')}</p>
          <ul className="list-disc pl-5 font-mono">
            {unknown.map((field) => (
              <li key={field}>{field}</li>
            ))}
          </ul>
          <p className="text-muted-foreground">{t('upload.unknownFieldsHint')}</p>
        </div>
      )}
      {serverError && (
        <p role="alert" className="text-sm text-destructive">
          {serverError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('upload.cancel')}
        </Button>
        <Button type="submit" disabled={uploading}>
          {uploading ? t('upload.submitting') : t('upload.submit')}
        </Button>
      </DialogFooter>
    </form>
  )
}
