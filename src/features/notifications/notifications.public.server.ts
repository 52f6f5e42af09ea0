// The notifications feature's server surface: what other features (sign-up, agenda reminders) may use.
export { createNotificationHub, type NotificationHub } from './notifications.hub.server'
export { createNotification, type NotificationExecutor } from './notifications.service.server'
export type { NotificationInput, NotificationRow, NotificationType } from './notifications.schema'
export { sendWelcomeNotification } from './notifications.welcome.server'
