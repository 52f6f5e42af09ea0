import { useCallback, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { FilePlus2, FileText, FileUp, Pencil, Trash2, Wand2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError, ListSkeleton } from '../../components/list-page/list-states'
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
import { Card, CardContent } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { formatDateBR } from '../../lib/br/dates'
import { useSession } from '../auth/auth.public'
import { GenerateDocumentDialog } from './generate-document-dialog'
import { TemplateEditorDialog } from './template-editor-dialog'
import { TemplateUploadDialog } from './template-upload-dialog'
import { TEMPLATE_KIND_LABELS, type TemplateListItem } from './templates.schema'
import { canManageTemplates } from './template-rules'
import { getTemplatesQueryOptions, useDeleteTemplate } from './use-templates'

type Open =
  | { kind: 'editor'; templateId: string | null }
  | { kind: 'upload' }
  | { kind: 'generate'; templateId: string }
  | null

/**
 * The Documentos page's 'Modelos' tab (issue 25): the office's templates. Sócios and associados create,
 * upload, edit and delete them; every member generates a document from one.
 */
export function TemplatesTab() {
  const { t } = useTranslation('templates')
  const list = useQuery(getTemplatesQueryOptions())
  const canManage = canManageTemplates(useSession().data?.office?.nivelAcesso)
  const [open, setOpen] = useState<Open>(null)
  // Kept after close so a closing dialog keeps its content during its exit.
  const [last, setLast] = useState<Open>(null)
  const [confirming, setConfirming] = useState<TemplateListItem | null>(null)
  const deleteTemplate = useDeleteTemplate()

  // Radix returns focus to a DialogTrigger; these dialogs open from row buttons, so remember the opener.
  const openerRef = useRef<HTMLElement | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  function show(next: NonNullable<Open>) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setOpen(next)
    setLast(next)
  }
  const returnFocus = useCallback((event: Event) => {
    event.preventDefault()
    const opener = openerRef.current
    if (opener?.isConnected) opener.focus()
    else headingRef.current?.focus()
  }, [])
  const close = useCallback((isOpen: boolean) => !isOpen && setOpen(null), [])

  async function remove(template: TemplateListItem) {
    setConfirming(null)
    headingRef.current?.focus()
    try {
      await deleteTemplate.mutateAsync(template.id)
      toast.success(t('toast.removed'), { description: template.name })
    } catch (error) {
      toast.error(t('toast.removeError'), { description: error instanceof Error ? error.message : undefined })
    }
  }

  const templates = list.data ?? []
  return (
    <Card className="gap-4 py-4">
      <CardContent className="grid grid-cols-1 gap-4 px-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              {t('tab.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('tab.subtitle')}</p>
          </div>
          {canManage && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => show({ kind: 'upload' })}>
                <FileUp aria-hidden />
                {t('tab.upload')}
              </Button>
              <Button onClick={() => show({ kind: 'editor', templateId: null })}>
                <FilePlus2 aria-hidden />
                {t('tab.new')}
              </Button>
            </div>
          )}
        </div>

        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <ListError
            title={t('tab.errorTitle')}
            message={list.error.message}
            retryLabel={t('tab.retry')}
            onRetry={() => void list.refetch()}
          />
        ) : templates.length === 0 ? (
          <EmptyState
            icon={<FileText />}
            title={t('tab.emptyTitle')}
            description={canManage ? t('tab.emptyDescription') : t('tab.emptyDescriptionReader')}
          />
        ) : (
          <ul
            aria-label={t('tab.listLabel')}
            className="grid divide-y rounded-md border"
            aria-busy={list.isFetching}
          >
            {templates.map((template) => (
              <TemplateRow
                key={template.id}
                template={template}
                onGenerate={() => show({ kind: 'generate', templateId: template.id })}
                onEdit={canManage ? () => show({ kind: 'editor', templateId: template.id }) : undefined}
                onRemove={canManage ? () => setConfirming(template) : undefined}
              />
            ))}
          </ul>
        )}
      </CardContent>

      <TemplateEditorDialog
        open={open?.kind === 'editor'}
        templateId={last?.kind === 'editor' ? last.templateId : null}
        onOpenChange={close}
        onCloseAutoFocus={returnFocus}
      />
      <TemplateUploadDialog
        open={open?.kind === 'upload'}
        onOpenChange={close}
        onCloseAutoFocus={returnFocus}
      />
      <GenerateDocumentDialog
        open={open?.kind === 'generate'}
        onOpenChange={close}
        onCloseAutoFocus={returnFocus}
        defaults={{ templateId: last?.kind === 'generate' ? last.templateId : undefined }}
      />
      <AlertDialog open={confirming !== null} onOpenChange={(isOpen) => !isOpen && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('remove.title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('remove.description', { name: confirming?.name ?? '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('remove.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => confirming && void remove(confirming)}
            >
              {t('remove.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  )
}

function TemplateRow({
  template,
  onGenerate,
  onEdit,
  onRemove,
}: {
  template: TemplateListItem
  onGenerate: () => void
  onEdit: (() => void) | undefined
  onRemove: (() => void) | undefined
}) {
  const { t } = useTranslation('templates')
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="grid min-w-0 flex-1 basis-64 gap-1">
        <h3 className="font-medium break-words">{template.name}</h3>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="secondary">{TEMPLATE_KIND_LABELS[template.kind]}</Badge>
          <Badge variant="outline">{t(`source.${template.source}`)}</Badge>
          <span>{t('tab.updatedAt', { date: formatDateBR(template.updatedAt) })}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="outline"
          size="sm"
          onClick={onGenerate}
          aria-label={t('tab.generateFor', { name: template.name })}
        >
          <Wand2 aria-hidden />
          {t('tab.generate')}
        </Button>
        {onEdit && (
          <Button
            variant="ghost"
            size="icon"
            onClick={onEdit}
            aria-label={t('tab.editFor', { name: template.name })}
            title={t('tab.edit')}
          >
            <Pencil aria-hidden />
          </Button>
        )}
        {onRemove && (
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            onClick={onRemove}
            aria-label={t('tab.removeFor', { name: template.name })}
            title={t('tab.remove')}
          >
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
    </li>
  )
}
