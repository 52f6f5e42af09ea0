import { useState } from 'react'
import { useController, useWatch, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { FormDialogActions } from '../../components/form/form-dialog'
import { SelectFormField } from '../../components/form/select-form-field'
import { useAppForm } from '../../components/form/use-app-form'
import { FormField } from '../../components/ui/form-field'
import { reportSaveError } from '../../lib/form-save-error'
import { CasePicker, ClientPicker } from '../cases/cases.public'
import {
  EMPTY_GENERATE_VALUES,
  generateFormSchema,
  honorariosFor,
  toPreviewBody,
  type GenerateFormValues,
} from './generate-form'
import { HonorariosFields } from './honorarios-fields'
import {
  GENERATED_ACCESS_LABELS,
  GENERATED_ACCESS_LEVELS,
  TEMPLATE_KIND_LABELS,
  type TemplateListItem,
  type TemplatePreview,
} from './templates.schema'
import { getTemplatesQueryOptions, usePreviewTemplate } from './use-templates'

const resolver = zodResolver(generateFormSchema, undefined, {
  raw: true,
}) as unknown as Resolver<GenerateFormValues>
const ACCESS_OPTIONS = GENERATED_ACCESS_LEVELS.map((value) => ({
  value,
  label: GENERATED_ACCESS_LABELS[value],
}))

export interface RecordRef {
  id: string
  label: string
}

export interface ChosenDocument {
  values: GenerateFormValues
  template: TemplateListItem
  preview: TemplatePreview
  clientLabel: string | null
}

/** Step 1 of 'Gerar documento': template, client, case, honorários and access level → 'Pré-visualizar'. */
export function GenerateChooseForm({
  initial,
  clientRef,
  caseRef,
  onPreview,
  onCancel,
}: {
  initial: GenerateFormValues
  clientRef: RecordRef | null
  caseRef: RecordRef | null
  onPreview: (chosen: ChosenDocument) => void
  onCancel: () => void
}) {
  const { t } = useTranslation('templates')
  const templates = useQuery(getTemplatesQueryOptions())
  const preview = usePreviewTemplate()
  const form = useAppForm<GenerateFormValues>({ resolver, defaultValues: initial })
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = form
  const [clientLabel, setClientLabel] = useState(clientRef?.label ?? null)
  const [caseLabel, setCaseLabel] = useState(caseRef?.label ?? null)
  const client = useController({ control, name: 'clientId' })
  const caseField = useController({ control, name: 'caseId' })
  const templateId = useWatch({ control, name: 'templateId' })
  const clientId = client.field.value
  const template = templates.data?.find((item) => item.id === templateId)
  const which = honorariosFor(template?.kind)

  const onSubmit = handleSubmit(async (values) => {
    if (!template) return
    try {
      const result = await preview.mutateAsync({
        id: template.id,
        data: toPreviewBody(values, template.kind),
      })
      onPreview({ values, template, preview: result, clientLabel })
    } catch (error) {
      reportSaveError(error, {
        values: EMPTY_GENERATE_VALUES,
        setError,
        title: t('generate.previewError'),
        invalidDescription: t('generate.previewErrorDescription'),
      })
    }
  })

  const templateOptions = (templates.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.name} (${TEMPLATE_KIND_LABELS[item.kind]})`,
  }))

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <SelectFormField
        control={control}
        name="templateId"
        id="generate-template"
        label={t('generate.template')}
        error={errors.templateId?.message ?? (templates.isError ? templates.error.message : undefined)}
        options={templateOptions}
        placeholder={templates.isPending ? t('generate.templatesLoading') : t('generate.templatePlaceholder')}
        required
        contentClassName="max-h-72"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('generate.client')} htmlFor="generate-client" error={errors.clientId?.message}>
          <ClientPicker
            id="generate-client"
            value={client.field.value}
            selectedLabel={clientLabel}
            onBlur={client.field.onBlur}
            onValueChange={(value, label) => {
              client.field.onChange(value)
              setClientLabel(label)
              // Another client's case would not fit: the case is chosen again among the new client's.
              setValue('caseId', '')
              setCaseLabel(null)
            }}
          />
        </FormField>
        {clientId ? (
          <FormField
            label={t('generate.case')}
            htmlFor="generate-case"
            error={errors.caseId?.message}
            description={t('generate.caseHint')}
          >
            <CasePicker
              key={clientId}
              id="generate-case"
              clientId={clientId}
              value={caseField.field.value}
              selectedLabel={caseLabel}
              onBlur={caseField.field.onBlur}
              onValueChange={(value, label) => {
                caseField.field.onChange(value)
                setCaseLabel(label)
              }}
            />
          </FormField>
        ) : (
          <p className="self-end text-sm text-muted-foreground">{t('generate.caseNeedsClient')}</p>
        )}
      </div>
      {which && <HonorariosFields form={form} which={which} />}
      <SelectFormField
        control={control}
        name="nivelAcesso"
        id="generate-access"
        label={t('generate.access')}
        error={errors.nivelAcesso?.message}
        options={ACCESS_OPTIONS}
      />
      <FormDialogActions
        onCancel={onCancel}
        cancelLabel={t('generate.cancel')}
        submitLabel={t('generate.preview')}
        submittingLabel={t('generate.previewing')}
        isSubmitting={isSubmitting}
      />
    </form>
  )
}
