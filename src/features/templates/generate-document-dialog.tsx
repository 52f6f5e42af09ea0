import { useState } from 'react'
import { CheckCircle2, Download, FolderOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { paths } from '../../lib/paths'
import { SendForSignatureButton } from '../signatures/signatures.public'
import { GenerateChooseForm, type ChosenDocument, type RecordRef } from './generate-choose-form'
import { EMPTY_GENERATE_VALUES, type GenerateFormValues } from './generate-form'
import { GeneratePreview } from './generate-preview'
import type { TemplateGenerated } from './templates.schema'
import { generatedFileUrl } from './use-templates'

/** What the dialog opens with: the template of the row, or the client/case of the record screen. */
export interface GenerateDefaults {
  templateId?: string | undefined
  client?: RecordRef | null | undefined
  case?: RecordRef | null | undefined
}

type Step =
  | { kind: 'choose'; values: GenerateFormValues }
  | { kind: 'preview'; chosen: ChosenDocument }
  | { kind: 'done'; chosen: ChosenDocument; result: TemplateGenerated }

function initialValues(defaults: GenerateDefaults): GenerateFormValues {
  return {
    ...EMPTY_GENERATE_VALUES,
    templateId: defaults.templateId ?? '',
    clientId: defaults.client?.id ?? '',
    caseId: defaults.case?.id ?? '',
  }
}

/** 'Gerar documento': choose → preview (fill the missing fields) → the PDF and the DOCX in Documentos. */
export function GenerateDocumentDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  defaults,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
  defaults: GenerateDefaults
}) {
  const { t } = useTranslation('templates')
  // A fresh dialog each time it opens (the key changes on open).
  const [session, setSession] = useState(0)
  const [prevOpen, setPrevOpen] = useState(open)
  if (open !== prevOpen) {
    setPrevOpen(open)
    if (open) setSession((n) => n + 1)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] grid-cols-1 overflow-y-auto sm:max-w-3xl"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{t('generate.title')}</DialogTitle>
          <DialogDescription>{t('generate.description')}</DialogDescription>
        </DialogHeader>
        {open && <GenerateSteps key={session} defaults={defaults} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function GenerateSteps({ defaults, onClose }: { defaults: GenerateDefaults; onClose: () => void }) {
  const [step, setStep] = useState<Step>(() => ({ kind: 'choose', values: initialValues(defaults) }))
  if (step.kind === 'preview') {
    return (
      <GeneratePreview
        chosen={step.chosen}
        onBack={() => setStep({ kind: 'choose', values: step.chosen.values })}
        onGenerated={(result) => setStep({ kind: 'done', chosen: step.chosen, result })}
      />
    )
  }
  if (step.kind === 'done') return <Generated chosen={step.chosen} result={step.result} onClose={onClose} />
  return (
    <GenerateChooseForm
      initial={step.values}
      clientRef={defaults.client ?? null}
      caseRef={defaults.case ?? null}
      onPreview={(chosen) => setStep({ kind: 'preview', chosen })}
      onCancel={onClose}
    />
  )
}

function Generated({
  chosen,
  result,
  onClose,
}: {
  chosen: ChosenDocument
  result: TemplateGenerated
  onClose: () => void
}) {
  const { t } = useTranslation('templates')
  const documentsUrl = `${paths.dashboard.documents}?${new URLSearchParams({ clientId: chosen.values.clientId })}`
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <p role="status" className="flex items-start gap-2 text-sm">
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success-strong" />
        {t('generate.done', { template: chosen.template.name })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={generatedFileUrl(result.pdfDocumentId)} download>
            <Download aria-hidden />
            {t('generate.downloadPdf')}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={generatedFileUrl(result.docxDocumentId)} download>
            <Download aria-hidden />
            {t('generate.downloadDocx')}
          </a>
        </Button>
        {/* The procuração or contract goes to the client for signature from here (issue 25). */}
        <SendForSignatureButton
          withText
          variant="outline"
          document={{
            id: result.pdfDocumentId,
            nome: result.pdfName,
            tipo: 'PDF',
            cliente: { id: chosen.values.clientId, nomeCompleto: chosen.clientLabel ?? '' },
          }}
        />
        <Button asChild variant="outline">
          <Link to={documentsUrl} onClick={onClose}>
            <FolderOpen aria-hidden />
            {t('generate.openDocuments')}
          </Link>
        </Button>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onClose}>
          {t('generate.close')}
        </Button>
      </DialogFooter>
    </div>
  )
}
