import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { ApiRequestError } from '../../lib/api-client'
import { CollectionItemForm } from './collection-item-form'
import { summarize, type AnyItem } from './collection-summary'
import { isHttpUrl, type LawyerCollection } from './profiles.schema'
import { getCollectionQueryOptions, useDeleteCollectionItem } from './use-profile'

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
