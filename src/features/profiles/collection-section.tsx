import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Controller, useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ExternalLinkIcon, PencilIcon, PlusIcon, StarIcon, Trash2Icon } from 'lucide-react'
import { toast } from 'sonner'
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
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card'
import { Checkbox } from '../../components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import {
  COLLECTION_FIELDS,
  collectionFormValues,
  toCollectionPayload,
  type CollectionFormValues,
  type FieldSpec,
} from './collection-fields'
import {
  isHttpUrl,
  lawyerCollectionSchemas,
  type CollectionInput,
  type CollectionItem,
  type LawyerCollection,
} from './profiles.schema'
import { getCollectionQueryOptions, useDeleteCollectionItem, useSaveCollectionItem } from './use-profile'

type AnyItem = CollectionItem<LawyerCollection> & Record<string, unknown>
type T = ReturnType<typeof useTranslation<'profile'>>['t']

interface Summary {
  title: string
  subtitle?: string
  details?: string
  badge?: string
  url?: string
}

const join = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ')
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
const year = (value: unknown) => (typeof value === 'number' ? String(value) : undefined)

function priceOf(item: AnyItem, t: T): string | undefined {
  const min = typeof item.valorMin === 'number' ? formatBRL(item.valorMin) : null
  const max = typeof item.valorMax === 'number' ? formatBRL(item.valorMax) : null
  if (min && max) return min === max ? min : t('view.feeRange', { min, max })
  if (min) return min
  if (max) return t('view.feeUpTo', { max })
  return undefined
}

/** What a list row shows for each kind of item. */
function summarize(collection: LawyerCollection, item: AnyItem, t: T): Summary {
  const option = (key: string, value: unknown) =>
    typeof value === 'string' ? t(`${key}.${value}` as never) : ''
  switch (collection) {
    case 'practice-areas':
      return {
        title: option('specialties', item.area),
        badge: item.principal === true ? t('collections.principal') : undefined,
      }
    case 'languages':
      return { title: String(item.idioma), subtitle: option('options.nivel', item.nivel) }
    case 'services':
      return {
        title: String(item.titulo),
        subtitle: join(option('options.modalidade', item.modalidade), priceOf(item, t)),
        details: str(item.descricao),
      }
    case 'education':
      return {
        title: String(item.curso),
        subtitle: join(option('options.grau', item.grau), String(item.instituicao)),
        details: `${year(item.anoInicio) ?? ''} – ${year(item.anoConclusao) ?? t('collections.inProgress')}`,
      }
    case 'certifications':
      return {
        title: String(item.nome),
        subtitle: join(String(item.emissor), year(item.ano)),
        url: str(item.url),
      }
    case 'publications':
      return {
        title: String(item.titulo),
        subtitle: join(str(item.veiculo), year(item.ano)),
        url: str(item.url),
      }
    case 'success-cases':
      return {
        title: String(item.titulo),
        subtitle: join(option('specialties', item.area), year(item.ano)),
        details: join(str(item.resultado), str(item.descricao)),
      }
    case 'events':
      return {
        title: String(item.nome),
        subtitle: join(option('options.tipo', item.tipo), formatDateBR(String(item.data)), str(item.local)),
        details: str(item.descricao),
      }
  }
}

/** A lawyer sub-collection as a real list: add, edit and remove (after confirming), each saved at once. */
export function CollectionSection({ collection, hint }: { collection: LawyerCollection; hint?: ReactNode }) {
  const { t } = useTranslation('profile')
  const query = useQuery(getCollectionQueryOptions(collection))
  const remove = useDeleteCollectionItem(collection)
  const [editing, setEditing] = useState<{ item: AnyItem | null } | null>(null)
  const [removing, setRemoving] = useState<AnyItem | null>(null)
  const titleId = `collection-${collection}-title`
  const items = (query.data ?? []) as AnyItem[]

  async function confirmRemove() {
    if (!removing) return
    try {
      await remove.mutateAsync(removing.id)
      toast.success(t('toast.itemRemoved'))
    } catch (error) {
      toast.error(t('toast.itemRemoveError'), {
        description: error instanceof ApiRequestError ? error.message : t('toast.tryLater'),
      })
    } finally {
      setRemoving(null)
    }
  }

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={titleId} className="text-base font-semibold">
            {t(`collections.${collection}.title`)}
          </h2>
        </CardTitle>
        <CardDescription>{t(`collections.${collection}.description`)}</CardDescription>
        <CardAction>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing({ item: null })}>
            <PlusIcon aria-hidden />
            {t('actions.add')}
            <span className="sr-only">: {t(`collections.${collection}.title`)}</span>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {hint && <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{hint}</p>}
        {query.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {t('collections.loadError')}
            <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <EmptyState className="py-6" title={t(`collections.${collection}.empty`)} />
        ) : (
          <ul className="flex flex-col divide-y rounded-md border">
            {items.map((item) => {
              const summary = summarize(collection, item, t)
              return (
                <li key={item.id} className="flex items-start gap-3 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                      {summary.title}
                      {summary.badge && (
                        <Badge variant="secondary">
                          <StarIcon aria-hidden />
                          {summary.badge}
                        </Badge>
                      )}
                    </p>
                    {summary.subtitle && <p className="text-sm text-muted-foreground">{summary.subtitle}</p>}
                    {summary.details && (
                      <p className="mt-1 text-sm break-words whitespace-pre-line">{summary.details}</p>
                    )}
                    {summary.url && isHttpUrl(summary.url) && (
                      <a
                        href={summary.url}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="mt-1 inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                      >
                        {t('collections.openLink')}
                        <ExternalLinkIcon className="size-3" aria-hidden />
                        <span className="sr-only">: {summary.title}</span>
                      </a>
                    )}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={t('actions.editItem', { name: summary.title })}
                      onClick={() => setEditing({ item })}
                    >
                      <PencilIcon aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      className="text-destructive hover:text-destructive"
                      aria-label={t('actions.removeItem', { name: summary.title })}
                      onClick={() => setRemoving(item)}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {t(
                editing?.item ? `collections.${collection}.editTitle` : `collections.${collection}.addTitle`,
              )}
            </DialogTitle>
            <DialogDescription>{t('collections.formDescription')}</DialogDescription>
          </DialogHeader>
          {editing && (
            <CollectionItemForm
              key={editing.item?.id ?? 'new'}
              collection={collection}
              item={editing.item}
              hint={hint}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>

      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('confirmRemove.title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('confirmRemove.description', {
                name: removing ? summarize(collection, removing, t).title : '',
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('confirmRemove.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              disabled={remove.isPending}
              onClick={(event) => {
                // Keep the dialog until the server answered.
                event.preventDefault()
                void confirmRemove()
              }}
            >
              {t('confirmRemove.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  )
}

function CollectionItemForm({
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

  // The shared schema validates what will be sent; its messages land on the fields.
  const resolver: Resolver<CollectionFormValues> = async (values) => {
    const parsed = schema.safeParse(toCollectionPayload(fields, values))
    if (parsed.success) return { values, errors: {} }
    const errors: Record<string, { type: string; message: string }> = {}
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? fields[0]?.name ?? 'root')
      errors[name] ??= { type: issue.code, message: issue.message }
    }
    return { values: {}, errors }
  }

  const form = useForm<CollectionFormValues>({
    resolver,
    defaultValues: collectionFormValues(fields, item),
    mode: 'onTouched',
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
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('actions.saving') : t('actions.save')}
        </Button>
      </DialogFooter>
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
  form: ReturnType<typeof useForm<CollectionFormValues>>
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
