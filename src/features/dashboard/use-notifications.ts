// The dashboard's bell, dropdown and home counter read the user's real notifications (features/notifications).
export {
  useNotifications,
  useNotificationStream,
  type NotificationType,
} from '../notifications/notifications.public'
