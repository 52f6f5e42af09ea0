import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { notFound, unauthorized } from '../../platform/http-error.server'
import { routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { requireUser } from '../auth/auth.public.server'
import { notificationIdParam, notificationListQuery, type NotificationList } from './notifications.schema'
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  removeNotification,
} from './notifications.service.server'
import { NOTIFICATIONS_TAG as TAG, notificationStreamRoutes } from './notifications.stream.server'

const NOT_FOUND_MESSAGE = 'Notificação não encontrada.'

function userIdOf(c: { var: AppEnv['Variables'] }): string {
  const user = c.var.user
  if (!user) throw unauthorized()
  return user.id
}

// A user's own notifications only: the user comes from the session, and another user's id answers exactly
// like a missing one (404).
export const notificationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(async (c, next) => {
    await next()
    if (!c.res.headers.get('Content-Type')?.startsWith('text/event-stream'))
      c.header('Cache-Control', 'no-store')
  })
  .route('/stream', notificationStreamRoutes())
  .get(
    '/',
    routeDoc(TAG, 'Notificações do usuário, as mais recentes primeiro, e quantas não lidas'),
    validate('query', notificationListQuery),
    async (c) => {
      const { limit } = c.req.valid('query')
      return c.json<NotificationList>(await listNotifications(c.var.db, userIdOf(c), limit))
    },
  )
  .post('/read-all', routeDoc(TAG, 'Marca todas as notificações como lidas'), async (c) => {
    const changed = await markAllNotificationsRead(c.var.db, userIdOf(c))
    return c.json({ changed })
  })
  .post(
    '/:id/read',
    routeDoc(TAG, 'Marca uma notificação como lida'),
    validate('param', notificationIdParam),
    async (c) => {
      const found = await markNotificationRead(c.var.db, userIdOf(c), c.req.valid('param').id)
      if (!found) throw notFound(NOT_FOUND_MESSAGE)
      return c.json({ ok: true as const })
    },
  )
  .delete(
    '/:id',
    routeDoc(TAG, 'Remove uma notificação', { status: 204 }),
    validate('param', notificationIdParam),
    async (c) => {
      const found = await removeNotification(c.var.db, userIdOf(c), c.req.valid('param').id)
      if (!found) throw notFound(NOT_FOUND_MESSAGE)
      return c.body(null, 204)
    },
  )
