import { lazy, Suspense } from 'react'
import { Controller, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FormDialogActions } from '../../components/form/form-dialog'
import { SelectFormField } from '../../components/form/select-form-field'
import { useAppForm } from '../../components/form/use-app-form'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { FormField, formFieldIds } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Spinner } from '../../components/ui/spinner'
import { reportSaveError } from '../../lib/form-save-error'
import { SafeHtml } from './safe-html'
import {
  TEMPLATE_KIND_LABELS,
  TEMPLATE_KINDS,
  TEMPLATE_LIMITS,
  templateCreateBody,
  type TemplateDetail,
  type TemplateKind,
} from './templates.schema'
import { getTemplateQueryOptions, useSaveTemplate } from './use-templates'

// TipTap is loaded here only, when the dialog opens: the rest of the app never downloads it.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
)

interface TemplateFormValues {
  name: string
  kind: TemplateKind
  html: string
}

const resolver = zodResolver(templateCreateBody) as unknown as Resolver<TemplateFormValues>
const EMPTY: TemplateFormValues = { name: '', kind: 'outro', html: '' }
const KIND_OPTIONS = TEMPLATE_KINDS.map((kind) => ({ value: kind, label: TEMPLATE_KIND_LABELS[kind] }))

/** 'Novo modelo' (templateId null) or 'Editar modelo': name, kind and the text with its merge fields. */
export function TemplateEditorDialog({
  open,
  templateId,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean
  templateId: string | null
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('templates')
  const isEdit = templateId !== null
  const record = useQuery({ ...getTemplateQueryOptions(templateId ?? ''), enabled: open && isEdit })
  const loadError = record.isError ? record.error : null

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] grid-cols-1 overflow-y-auto sm:max-w-4xl"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{isEdit ? t('editor.editTitle') : t('editor.createTitle')}</DialogTitle>
          <DialogDescription>{t('editor.description')}</DialogDescription>
        </DialogHeader>
        {!isEdit ? (
          open && <TemplateForm template={null} onDone={() => onOpenChange(false)} />
        ) : loadError ? (
          <p role="alert" className="text-sm text-destructive">
            {loadError.message}
          </p>
        ) : record.data ? (
          <TemplateForm key={record.data.id} template={record.data} onDone={() => onOpenChange(false)} />
        ) : (
          <Loading label={t('editor.loading')} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center gap-2 text-sm text-muted-foreground">
      <Spinner label={label} />
      <span aria-hidden>{label}</span>
    </div>
  )
}

function TemplateForm({ template, onDone }: { template: TemplateDetail | null; onDone: () => void }) {
  const { t } = useTranslation('templates')
  const save = useSaveTemplate()
  const isDocx = template?.source === 'docx'
  const form = useAppForm<TemplateFormValues>({
    resolver,
    defaultValues: template ? { name: template.name, kind: template.kind, html: template.html } : EMPTY,
  })
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form
  const htmlIds = formFieldIds('template-html')

  const onSubmit = handleSubmit(async (values) => {
    // An uploaded Word template keeps its file: only its name and kind change here.
    const data = isDocx ? { name: values.name, kind: values.kind } : values
    try {
      await save.mutateAsync({ id: template?.id ?? null, data })
      toast.success(template ? t('toast.updated') : t('toast.created'))
      onDone()
    } catch (error) {
      reportSaveError(error, {
        values: EMPTY,
        setError,
        title: t('toast.saveError'),
        invalidDescription: t('toast.saveErrorDescription'),
      })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <FormField label={t('editor.name')} htmlFor="template-name" error={errors.name?.message}>
          <Input
            id="template-name"
            autoComplete="off"
            aria-required
            maxLength={TEMPLATE_LIMITS.name}
            {...register('name')}
          />
        </FormField>
        <SelectFormField
          control={control}
          name="kind"
          id="template-kind"
          label={t('editor.kind')}
          error={errors.kind?.message}
          options={KIND_OPTIONS}
          required
        />
      </div>
      {isDocx ? (
        <section aria-labelledby="template-docx-text" className="grid min-w-0 grid-cols-1 gap-2">
          <h3 id="template-docx-text" className="text-sm font-medium">
            {t('editor.docxText')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('editor.docxNotEditable')}</p>
          <SafeHtml
            html={template?.html ?? ''}
            // Scrollable: reachable and readable from the keyboard.
            tabIndex={0}
            role="document"
            aria-labelledby="template-docx-text"
            className="max-h-[50dvh] overflow-y-auto rounded-md border p-3 focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
          />
        </section>
      ) : (
        <div className="grid min-w-0 grid-cols-1 gap-2">
          <Label id="template-html-label" className={errors.html ? 'text-destructive' : undefined}>
            {t('editor.text')}
          </Label>
          <p id={htmlIds.descriptionId} className="text-sm text-muted-foreground">
            {t('editor.textHint')}
          </p>
          <Controller
            control={control}
            name="html"
            render={({ field }) => (
              <Suspense fallback={<Loading label={t('editor.loadingEditor')} />}>
                <RichTextEditor
                  id="template-html"
                  labelledBy="template-html-label"
                  describedBy={
                    errors.html ? `${htmlIds.descriptionId} ${htmlIds.errorId}` : htmlIds.descriptionId
                  }
                  invalid={!!errors.html}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </Suspense>
            )}
          />
          {errors.html && (
            <p id={htmlIds.errorId} role="alert" className="text-sm text-destructive">
              {errors.html.message}
            </p>
          )}
        </div>
      )}
      <FormDialogActions
        onCancel={onDone}
        cancelLabel={t('editor.cancel')}
        submitLabel={t('editor.save')}
        submittingLabel={t('editor.saving')}
        isSubmitting={isSubmitting}
      />
    </form>
  )
}
