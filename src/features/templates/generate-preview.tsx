import { useState } from 'react'
import { AlertTriangle, ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { DialogFooter } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import type { ChosenDocument } from './generate-choose-form'
import { toGenerateBody } from './generate-form'
import { SafeHtml } from './safe-html'
import { TEMPLATE_LIMITS, type TemplateGenerated } from './templates.schema'
import { useGenerateDocument } from './use-templates'

/**
 * Step 2 of 'Gerar documento': the filled text, each missing field highlighted ('Campo sem valor: RG do
 * cliente'), with an input per missing field. 'Gerar' saves the PDF and the DOCX into Documentos; a field
 * left empty becomes a blank line to fill by hand ('Gerar assim mesmo').
 */
export function GeneratePreview({
  chosen,
  onBack,
  onGenerated,
}: {
  chosen: ChosenDocument
  onBack: () => void
  onGenerated: (result: TemplateGenerated) => void
}) {
  const { t } = useTranslation('templates')
  const generate = useGenerateDocument()
  const { missing } = chosen.preview
  const [overrides, setOverrides] = useState<Record<string, string>>({})
  const stillMissing = missing.filter((field) => !overrides[field.key]?.trim()).length

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    try {
      const result = await generate.mutateAsync({
        id: chosen.template.id,
        data: toGenerateBody(chosen.values, chosen.template.kind, overrides),
      })
      toast.success(t('toast.generated'), { description: chosen.template.name })
      onGenerated(result)
    } catch (error) {
      toast.error(t('toast.generateError'), {
        description: error instanceof Error ? error.message : undefined,
      })
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <p className="text-sm">
        {chosen.clientLabel
          ? t('generate.previewOf', { template: chosen.template.name, client: chosen.clientLabel })
          : chosen.template.name}
      </p>
      {missing.length > 0 ? (
        <section
          aria-labelledby="generate-missing-title"
          className="grid gap-3 rounded-md border border-warning/60 bg-warning/10 p-3"
        >
          <h3 id="generate-missing-title" className="flex items-center gap-2 text-sm font-semibold">
            <AlertTriangle aria-hidden className="size-4 text-warning-strong" />
            {t('generate.missingTitle', { count: missing.length })}
          </h3>
          <p className="text-sm text-muted-foreground">{t('generate.missingHint')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {missing.map((field) => (
              <FormField key={field.key} label={field.label} htmlFor={`override-${field.key}`}>
                <Input
                  id={`override-${field.key}`}
                  autoComplete="off"
                  maxLength={TEMPLATE_LIMITS.override}
                  value={overrides[field.key] ?? ''}
                  onChange={(event) =>
                    setOverrides((current) => ({ ...current, [field.key]: event.target.value }))
                  }
                />
              </FormField>
            ))}
          </div>
        </section>
      ) : (
        <p className="text-sm text-muted-foreground">{t('generate.noMissing')}</p>
      )}
      <section aria-labelledby="generate-preview-title" className="grid min-w-0 grid-cols-1 gap-2">
        <h3 id="generate-preview-title" className="text-sm font-semibold">
          {t('generate.previewTitle')}
        </h3>
        <SafeHtml
          html={chosen.preview.html}
          overrides={overrides}
          // Scrollable: reachable and readable from the keyboard.
          tabIndex={0}
          role="document"
          aria-labelledby="generate-preview-title"
          className="max-h-[45dvh] overflow-y-auto rounded-md border bg-card p-4 focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
        />
      </section>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={generate.isPending}>
          <ArrowLeft aria-hidden />
          {t('generate.back')}
        </Button>
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending
            ? t('generate.generating')
            : stillMissing > 0
              ? t('generate.generateAnyway')
              : t('generate.generate')}
        </Button>
      </DialogFooter>
    </form>
  )
}
