import type { ReactNode } from 'react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FormDialogActions } from '../../components/form/form-dialog'
import { bodyResolver } from '../../components/form/body-resolver'
import { useAppForm } from '../../components/form/use-app-form'
import { Checkbox } from '../../components/ui/checkbox'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import {
  COLLECTION_FIELDS,
  collectionFormValues,
  toCollectionPayload,
  type CollectionFormValues,
  type FieldSpec,
} from './collection-fields'
import type { AnyItem } from './collection-summary'
import { lawyerCollectionSchemas, type CollectionInput, type LawyerCollection } from './profiles.schema'
import { useSaveCollectionItem } from './use-profile'

/** The add/edit form of one collection item, its fields read from COLLECTION_FIELDS. */
export function CollectionItemForm({
  collection,
  item,
  hint,
  onDone,
}: {
  collection: LawyerCollection
  item: AnyItem | null
  hint?: ReactNode
  onDone: () => void
}) {
  const { t } = useTranslation('profile')
  const save = useSaveCollectionItem(collection)
  const fields = COLLECTION_FIELDS[collection]
  const schema = lawyerCollectionSchemas[collection].create

  const form = useAppForm<CollectionFormValues>({
    // The route's own schema checks the body the submit sends: a message here is the server's for that field.
    resolver: bodyResolver(schema, (values) => toCollectionPayload(fields, values)),
    defaultValues: collectionFormValues(fields, item),
  })
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form

  const onSubmit = handleSubmit(async (values) => {
    const data = toCollectionPayload(fields, values) as CollectionInput<typeof collection>
    try {
      await save.mutateAsync({ id: item?.id ?? null, data })
      toast.success(t(item ? 'toast.itemUpdated' : 'toast.itemAdded'))
      onDone()
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : null
      for (const [name, message] of Object.entries(apiError?.fields ?? {}))
        if (fields.some((field) => field.name === name)) setError(name, { message })
      toast.error(t('toast.saveErrorTitle'), {
        description: apiError ? (Object.values(apiError.fields)[0] ?? apiError.message) : t('toast.tryLater'),
      })
    }
  })

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // React bubbles events through portals: without this the profile form around the list submits too.
        event.stopPropagation()
        void onSubmit(event)
      }}
      className="flex flex-col gap-4"
    >
      {collection === 'success-cases' && hint && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{hint}</p>
      )}
      {fields.map((field) => (
        <CollectionField
          key={field.name}
          id={`${collection}-${field.name}`}
          field={field}
          form={form}
          error={errors[field.name]?.message}
        />
      ))}
      <FormDialogActions
        onCancel={onDone}
        cancelLabel={t('actions.cancel')}
        submitLabel={t('actions.save')}
        submittingLabel={t('actions.saving')}
        isSubmitting={isSubmitting}
      />
    </form>
  )
}

function CollectionField({
  id,
  field,
  form,
  error,
}: {
  id: string
  field: FieldSpec
  form: ReturnType<typeof useAppForm<CollectionFormValues>>
  error: string | undefined
}) {
  const { t } = useTranslation('profile')
  const label = `${t(`collectionFields.${field.name}` as never)}${field.required ? ' *' : ''}`
  const hint = field.hintKey ? t(field.hintKey as never) : undefined

  if (field.kind === 'checkbox')
    return (
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: control }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={control.value === true}
              onCheckedChange={(checked) => control.onChange(checked === true)}
            />
            <Label htmlFor={id}>{t(`collectionFields.${field.name}` as never)}</Label>
          </div>
        )}
      />
    )

  if (field.kind === 'select')
    return (
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: control }) => (
          <FormField label={label} htmlFor={id} error={error} description={hint}>
            <Select value={String(control.value)} onValueChange={control.onChange}>
              <SelectTrigger id={id} className="w-full" onBlur={control.onBlur}>
                <SelectValue placeholder={t('placeholders.select')} />
              </SelectTrigger>
              <SelectContent className="max-h-60">
                {(field.options ?? []).map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(`${field.optionsKey}.${value}` as never)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        )}
      />
    )

  const register = form.register(field.name)
  return (
    <FormField label={label} htmlFor={id} error={error} description={hint}>
      {field.kind === 'textarea' ? (
        <Textarea id={id} rows={3} maxLength={field.maxLength} {...register} />
      ) : (
        <Input
          id={id}
          type={field.kind === 'date' ? 'date' : field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.kind === 'year' ? 'numeric' : field.kind === 'money' ? 'decimal' : undefined}
          placeholder={
            field.kind === 'money'
              ? t('placeholders.money')
              : field.kind === 'url'
                ? t('placeholders.url')
                : undefined
          }
          maxLength={field.kind === 'year' ? 4 : field.maxLength}
          {...register}
        />
      )}
    </FormField>
  )
}
