import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ADMIN_API_TAG, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { requireRole } from '../auth/auth.public.server'
import { runMonitor } from './platform-logs.monitor.server'
import { logsQuerySchema, type LogsSummary, type PlatformEventsPage } from './platform-logs.schema'
import { getLogsSummary, listPlatformEvents } from './platform-logs.service.server'

/**
 * /api/admin/logs (mounted by the server shell beside the admin's routes): superadmin only, checked here;
 * admin.routes.test.ts and platform-logs.routes.test.ts prove 401/403 for anyone else.
 */
export const platformLogsRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .get(
    '/',
    routeDoc(
      ADMIN_API_TAG,
      'Eventos da plataforma, mais novos primeiro (tipo, busca; 6 por página) — superadmin',
    ),
    validate('query', logsQuerySchema),
    async (c) => c.json<PlatformEventsPage>(await listPlatformEvents(c.get('db'), c.req.valid('query'))),
  )
  .get(
    '/summary',
    routeDoc(ADMIN_API_TAG, 'Números das últimas 24 h e alertas do sistema — superadmin'),
    async (c) => c.json<LogsSummary>(await getLogsSummary(c.get('db'))),
  )
  // 'Verificar agora': the monitor's checks at once (the job runs them every 5 minutes anyway).
  .post(
    '/checks',
    routeDoc(ADMIN_API_TAG, 'Roda agora as verificações do sistema (alertas) — superadmin'),
    async (c) => {
      await runMonitor(c.get('deps'))
      return c.json<LogsSummary>(await getLogsSummary(c.get('db')))
    },
  )
