import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { api, ApiRequestError, unwrap } from '../../lib/api-client'
import {
  NOTIFICATIONS_LIMIT_DEFAULT,
  type NotificationList,
  type NotificationRow,
} from './notifications.schema'

export const notificationKeys = {
  list: ['notifications', 'list'] as const,
}

/** The list in the cache, changed in place by the user's actions and by the event stream. */
export function updateNotificationList(
  queryClient: QueryClient,
  update: (list: NotificationList) => NotificationList,
): void {
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => (list ? update(list) : list))
}

const countUnread = (items: NotificationRow[]) => items.filter((item) => !item.read).length

/** Applies "these ids are read" to the list; `unread` is the server's count when it is known. */
export function markReadIn(
  list: NotificationList,
  ids: readonly string[],
  unread?: number,
): NotificationList {
  const set = new Set(ids)
  const items = list.items.map((item) => (set.has(item.id) && !item.read ? { ...item, read: true } : item))
  const changed = countUnread(list.items) - countUnread(items)
  return { ...list, items, unread: unread ?? Math.max(0, list.unread - changed) }
}

export function markAllReadIn(list: NotificationList, unread = 0): NotificationList {
  return { ...list, items: list.items.map((item) => (item.read ? item : { ...item, read: true })), unread }
}

export function removeFrom(
  list: NotificationList,
  ids: readonly string[],
  unread?: number,
): NotificationList {
  const set = new Set(ids)
  const gone = list.items.filter((item) => set.has(item.id))
  const items = list.items.filter((item) => !set.has(item.id))
  return {
    items,
    total: Math.max(0, list.total - gone.length),
    unread: unread ?? Math.max(0, list.unread - countUnread(gone)),
  }
}

export function addTo(
  list: NotificationList,
  notification: NotificationRow,
  unread?: number,
): NotificationList {
  if (list.items.some((item) => item.id === notification.id)) return list
  const items = [notification, ...list.items].sort((a, b) => b.time.localeCompare(a.time))
  return {
    items,
    total: list.total + 1,
    unread: unread ?? list.unread + (notification.read ? 0 : 1),
  }
}

export function useNotificationList() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: () => unwrap(api.notifications.$get({ query: { limit: String(NOTIFICATIONS_LIMIT_DEFAULT) } })),
    // The event stream keeps the list current; it refetches on reconnection.
    staleTime: 5 * 60_000,
  })
}

/** A change applied at once and undone if the server refuses it. */
function useListMutation<T>(
  request: (value: T) => Promise<unknown>,
  apply: (list: NotificationList, value: T) => NotificationList,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onMutate: async (value: T) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list })
      const previous = queryClient.getQueryData<NotificationList>(notificationKeys.list)
      updateNotificationList(queryClient, (list) => apply(list, value))
      return { previous }
    },
    onError: (error, _value, context) => {
      // 404: already gone (removed in another tab): the list refetch below settles it.
      if (!(error instanceof ApiRequestError && error.status === 404) && context?.previous) {
        queryClient.setQueryData(notificationKeys.list, context.previous)
        toast.error(error.message)
      }
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list })
    },
  })
}

/** The user's notifications and the actions of the dropdown (spec §2): mark one read, mark all, remove. */
export function useNotifications() {
  const query = useNotificationList()
  const markRead = useListMutation(
    (id: string) => unwrap(api.notifications[':id'].read.$post({ param: { id } })),
    (list, id) => markReadIn(list, [id]),
  )
  const markAllRead = useListMutation(
    () => unwrap(api.notifications['read-all'].$post()),
    (list) => markAllReadIn(list),
  )
  const remove = useListMutation(
    async (id: string) => {
      const response = await api.notifications[':id'].$delete({ param: { id } })
      // 204 has no body for unwrap to read.
      if (!response.ok) await unwrap(Promise.resolve(response))
    },
    (list, id) => removeFrom(list, [id]),
  )
  return {
    items: query.data?.items ?? [],
    unread: query.data?.unread ?? 0,
    isPending: query.isPending,
    isError: query.isError,
    refetch: query.refetch,
    markRead: (id: string) => markRead.mutate(id),
    markAllRead: () => markAllRead.mutate(undefined),
    remove: (id: string) => remove.mutate(id),
  }
}
