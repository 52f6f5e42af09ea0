import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { validate } from '../../platform/validate.server'
import { runMonitor } from './platform-logs.monitor.server'
import { logsQuerySchema, type LogsSummary, type PlatformEventsPage } from './platform-logs.schema'
import { getLogsSummary, listPlatformEvents } from './platform-logs.service.server'

/**
 * /api/admin/logs. Mounted ONLY inside the admin router (features/admin/admin.routes.server.ts), whose
 * requireRole('superadmin') runs before every route here; admin.routes.test.ts and
 * platform-logs.routes.test.ts prove 401/403 for anyone else.
 */
export const platformLogsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', logsQuerySchema), async (c) =>
    c.json<PlatformEventsPage>(await listPlatformEvents(c.get('db'), c.req.valid('query'))),
  )
  .get('/summary', async (c) => c.json<LogsSummary>(await getLogsSummary(c.get('db'))))
  // 'Verificar agora': the monitor's checks at once (the job runs them every 5 minutes anyway).
  .post('/checks', async (c) => {
    await runMonitor(c.get('deps'))
    return c.json<LogsSummary>(await getLogsSummary(c.get('db')))
  })
