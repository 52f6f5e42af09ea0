// The notifications feature's browser surface: the dashboard's bell, dropdown and home counter use these.
export { useNotifications } from './use-notifications'
export { useNotificationStream } from './use-notification-stream'
export type { NotificationRow, NotificationType } from './notifications.schema'
