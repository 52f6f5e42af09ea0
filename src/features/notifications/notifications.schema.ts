import { z } from 'zod'
import '../../lib/zod-pt-br'

// Contract of /api/notifications and its event stream, shared by the dropdown and the server.

export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'info'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export const NOTIFICATION_TITLE_MAX = 200
export const NOTIFICATION_MESSAGE_MAX = 2000
export const NOTIFICATION_LINK_MAX = 500
export const NOTIFICATIONS_LIMIT_DEFAULT = 50
export const NOTIFICATIONS_LIMIT_MAX = 100

/** What a notification looks like in JSON (spec §3: id, title, message, type, time, read). */
export interface NotificationRow {
  id: string
  title: string
  message: string
  type: NotificationType
  /** A path inside the app the notification is about, or null. */
  link: string | null
  /** ISO instant it was created (the dropdown shows it as relative time). */
  time: string
  read: boolean
}

export interface NotificationList {
  items: NotificationRow[]
  /** How many the user has in all (the list is capped at `limit`). */
  total: number
  /** Unread in all, for the bell. */
  unread: number
}

export const notificationListQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'Limite inválido' })
    .int('Limite inválido')
    .min(1, 'Limite inválido')
    .max(NOTIFICATIONS_LIMIT_MAX, `Limite: máximo de ${NOTIFICATIONS_LIMIT_MAX}`)
    .default(NOTIFICATIONS_LIMIT_DEFAULT),
})

export const notificationIdParam = z.object({
  // Anything that is not one of the user's notification ids answers 404, a malformed one too.
  id: z.string(),
})

/** A link must stay inside the app: a path, never another site or a script URL. */
export const notificationLink = z
  .string()
  .max(NOTIFICATION_LINK_MAX)
  .refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'), {
    message: 'Link inválido',
  })

/** What code (a feature, a job) gives createNotification. */
export const notificationInput = z.strictObject({
  userId: z.string().min(1),
  officeId: z.uuid().nullish(),
  title: z.string().trim().min(1).max(NOTIFICATION_TITLE_MAX),
  message: z.string().trim().min(1).max(NOTIFICATION_MESSAGE_MAX),
  type: z.enum(NOTIFICATION_TYPES),
  link: notificationLink.nullish(),
  /** Creates the notification at most once per user and key (a job that may run twice). */
  sourceKey: z.string().min(1).max(200).nullish(),
})
export type NotificationInput = z.input<typeof notificationInput>

/**
 * Events of GET /api/notifications/stream (Server-Sent Events). Every one carries the user's unread count
 * as it is after the change, so the bell is right even if the tab missed the list.
 */
export type NotificationStreamEvent =
  | { event: 'ready'; data: { unread: number } }
  | { event: 'created'; data: { notification: NotificationRow; unread: number } }
  | { event: 'read'; data: { ids: string[]; unread: number } }
  | { event: 'read-all'; data: { unread: number } }
  | { event: 'removed'; data: { ids: string[]; unread: number } }
  /** The server may have missed changes (its database feed dropped): refetch the list. */
  | { event: 'resync'; data: { unread: number | null } }

export const NOTIFICATION_STREAM_EVENTS = [
  'ready',
  'created',
  'read',
  'read-all',
  'removed',
  'resync',
] as const
