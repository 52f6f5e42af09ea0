import { useSyncExternalStore } from 'react'
import { SAMPLE_NOTIFICATIONS } from './notifications.sample'

export type NotificationType = 'success' | 'warning' | 'error' | 'info'

export interface DashboardNotification {
  id: string
  title: string
  message: string
  type: NotificationType
  time: Date
  read: boolean
}

// One list for the whole dashboard (the header dropdown and the home counter read the same items); kept in
// memory only, as the spec's sample list is: a reload brings the sample back.
let items: DashboardNotification[] = createSampleNotifications()
const listeners = new Set<() => void>()

export function createSampleNotifications(now = Date.now()): DashboardNotification[] {
  return SAMPLE_NOTIFICATIONS.map(({ minutesAgo, ...item }) => ({
    ...item,
    time: new Date(now - minutesAgo * 60_000),
  }))
}

function update(next: DashboardNotification[]) {
  items = next
  listeners.forEach((listener) => listener())
}

export const notificationActions = {
  markRead: (id: string) => update(items.map((item) => (item.id === id ? { ...item, read: true } : item))),
  markAllRead: () => update(items.map((item) => (item.read ? item : { ...item, read: true }))),
  remove: (id: string) => update(items.filter((item) => item.id !== id)),
  /** Back to the sample (used when another user signs in). */
  reset: () => update(createSampleNotifications()),
}

export function useNotifications() {
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => items,
    () => items,
  )
  return { items: list, unread: list.filter((item) => !item.read).length, ...notificationActions }
}
