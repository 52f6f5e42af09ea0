import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { clientIp } from '../../platform/client-ip.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { ADMIN_API_TAG, apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { requireRole } from '../auth/auth.public.server'
import { deviceClass, optedOut } from './platform-analytics.device.server'
import { recordView } from './platform-analytics.record.server'
import { analyticsQuerySchema, viewBeaconSchema, type AnalyticsOverview } from './platform-analytics.schema'
import { getAnalyticsOverview } from './platform-analytics.service.server'
import { normalizePattern } from './route-patterns'

const TAG = apiTag(
  'Analytics',
  'Analytics próprio e sem dados pessoais: o SPA informa as páginas vistas (/admin/analytics).',
)

/** Beacons per address per minute: generous for an office behind one NAT, tight for a flood. */
export const BEACON_RULE = { windowSeconds: 60, max: 120 }

/**
 * POST /api/analytics/view — the SPA's page-view beacon, open to anyone (signed in or not; the browser
 * sends no cookie). Valid input always answers 204 whether or not it was counted: nothing is counted for
 * DNT / Sec-GPC, robots, or clients without a user agent. The address only keys the rate limit.
 */
export const analyticsBeaconRoutes = new Hono<AppEnv>().post(
  '/view',
  routeDoc(TAG, 'Registra uma visualização de página (padrão da rota, sem dados pessoais; DNT respeitado)', {
    status: 204,
    public: true,
  }),
  validate('json', viewBeaconSchema),
  rateLimit({
    name: 'analytics-view',
    rule: () => BEACON_RULE,
    key: (c) => clientIp(c, c.get('deps').env.TRUST_PROXY),
  }),
  async (c) => {
    const device = deviceClass(c.req.header('user-agent'))
    if (device && !optedOut((name) => c.req.header(name))) {
      const { visitId, path } = c.req.valid('json')
      await recordView(c.get('db'), { visitId, pattern: normalizePattern(path), device })
    }
    c.header('Cache-Control', 'no-store')
    return c.body(null, 204)
  },
)

/**
 * /api/admin/analytics (mounted by the server shell beside the admin's routes): superadmin only, checked here;
 * platform-analytics.routes.test.ts proves 401/403/403/200.
 */
export const platformAnalyticsRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .get(
    '/',
    routeDoc(
      ADMIN_API_TAG,
      'Analytics da plataforma: online, visualizações, sessões, dispositivos, páginas e fluxos — superadmin',
    ),
    validate('query', analyticsQuerySchema),
    async (c) =>
      c.json<AnalyticsOverview>(await getAnalyticsOverview(c.get('db'), c.req.valid('query').days)),
  )
