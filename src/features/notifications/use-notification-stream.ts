import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { NotificationRow, NotificationStreamEvent } from './notifications.schema'
import {
  addTo,
  markAllReadIn,
  markReadIn,
  notificationKeys,
  removeFrom,
  updateNotificationList,
} from './use-notifications'

const STREAM_URL = '/api/notifications/stream'
/** After the server refused the stream (e.g. 401, 429) EventSource gives up: we retry, slower each time. */
const REOPEN_MIN_MS = 5_000
const REOPEN_MAX_MS = 60_000

type EventData<E extends NotificationStreamEvent['event']> = Extract<
  NotificationStreamEvent,
  { event: E }
>['data']

/**
 * Keeps the cached notification list live over Server-Sent Events (one stream per tab, opened by the
 * header's dropdown). The browser reconnects by itself after a drop; every 'ready' after the first means a
 * reconnection, so the list is refetched (changes made meanwhile are not replayed).
 */
export function useNotificationStream(enabled = true) {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let reopenTimer: ReturnType<typeof setTimeout> | undefined
    let reopenDelay = REOPEN_MIN_MS
    let connectedBefore = false
    let stopped = false

    const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list })
    const on = <E extends NotificationStreamEvent['event']>(
      target: EventSource,
      event: E,
      handle: (data: EventData<E>) => void,
    ) =>
      target.addEventListener(event, (message) => {
        try {
          handle(JSON.parse((message as MessageEvent<string>).data) as EventData<E>)
        } catch {
          refetch()
        }
      })

    const open = () => {
      reopenTimer = undefined
      if (stopped) return
      const current = new EventSource(STREAM_URL, { withCredentials: true })
      source = current
      on(current, 'ready', () => {
        reopenDelay = REOPEN_MIN_MS
        if (connectedBefore) refetch()
        connectedBefore = true
      })
      on(current, 'resync', refetch)
      on(
        current,
        'created',
        ({ notification, unread }: { notification: NotificationRow; unread: number }) => {
          const known = queryClient.getQueryData(notificationKeys.list)
          if (!known) return refetch()
          updateNotificationList(queryClient, (list) => addTo(list, notification, unread))
        },
      )
      on(current, 'read', ({ ids, unread }) =>
        updateNotificationList(queryClient, (list) => markReadIn(list, ids, unread)),
      )
      on(current, 'read-all', ({ unread }) =>
        updateNotificationList(queryClient, (list) => markAllReadIn(list, unread)),
      )
      on(current, 'removed', ({ ids, unread }) =>
        updateNotificationList(queryClient, (list) => removeFrom(list, ids, unread)),
      )
      current.onerror = () => {
        // CONNECTING: the browser retries by itself (after the server's retry hint). CLOSED: it gave up.
        if (current.readyState !== EventSource.CLOSED || stopped) return
        current.close()
        reopenTimer = setTimeout(open, reopenDelay)
        reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS)
      }
    }

    // Back online or back to the tab: reopen at once if the stream had given up.
    const wake = () => {
      if (stopped || !reopenTimer) return
      clearTimeout(reopenTimer)
      open()
    }
    open()
    window.addEventListener('online', wake)
    document.addEventListener('visibilitychange', wake)
    return () => {
      stopped = true
      if (reopenTimer) clearTimeout(reopenTimer)
      source?.close()
      window.removeEventListener('online', wake)
      document.removeEventListener('visibilitychange', wake)
    }
  }, [enabled, queryClient])
}
