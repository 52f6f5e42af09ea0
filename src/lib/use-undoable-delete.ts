import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { toast } from 'sonner'
import { withoutItem, type OffsetPage } from './offset-list'

// Spec: deletes happen without confirmation; the toast offers 'Desfazer' for a few seconds instead. The
// server soft-deletes, so undo is a restore call.

export const UNDO_WINDOW_MS = 8000

/**
 * Deletes at once and hides the row from every cached list under `listsKey` before the server answers;
 * a failure puts the rows back.
 */
export function useOptimisticDelete<TResult>(options: {
  listsKey: QueryKey
  mutationFn: (id: string) => Promise<TResult>
  onSettled: (queryClient: QueryClient) => Promise<unknown>
}) {
  const { listsKey, mutationFn, onSettled } = options
  type Pages = InfiniteData<OffsetPage<{ id: string }>, number>
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: listsKey })
      const previous = queryClient.getQueriesData<Pages>({ queryKey: listsKey })
      queryClient.setQueriesData<Pages>({ queryKey: listsKey }, (data) => withoutItem(data, id))
      return { previous }
    },
    onError: (_error, _id, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data))
    },
    onSettled: () => onSettled(queryClient),
  })
}

type UndoToastKey =
  'toast.removed' | 'toast.undo' | 'toast.restored' | 'toast.restoreError' | 'toast.removeError'

/**
 * Runs `remove`, then toasts with a 'Desfazer' action that runs `restore`. Texts come from the feature's
 * namespace under the same toast.* keys; `description` names the record (e.g. the client's name).
 */
export function removeWithUndo(options: {
  remove: () => Promise<unknown>
  restore: () => Promise<unknown>
  description: string
  t: (key: UndoToastKey) => string
}) {
  const { remove, restore, description, t } = options
  remove().then(
    () =>
      toast.success(t('toast.removed'), {
        description,
        duration: UNDO_WINDOW_MS,
        action: {
          label: t('toast.undo'),
          onClick: () => {
            restore().then(
              () => toast.success(t('toast.restored'), { description }),
              (error: Error) => toast.error(t('toast.restoreError'), { description: error.message }),
            )
          },
        },
      }),
    (error: Error) => toast.error(t('toast.removeError'), { description: error.message }),
  )
}
