import fs from 'node:fs'
import path from 'node:path'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { serveStatic } from '@hono/node-server/serve-static'
import type { AppDeps, AppEnv } from '../platform/app-env.server'
import { createOnError, onApiNotFound } from '../platform/errors.server'
import { requestId } from '../platform/request-id.server'
import { sizedJson } from '../platform/json-length.server'
import { refuseControlCharacters } from '../platform/text-guard.server'
import { sameOriginOnly, securityHeaders } from './security.server'
import { loadSession, settleAuthChanges } from '../features/auth/session.server'
import { clientIp } from '../platform/client-ip.server'
import { releaseUnreadBody, streamingBodyLimit } from '../platform/body-limit.server'
import { anonymousRateLimit, createBatchedRateLimiter, uploadRateLimit } from '../platform/rate-limit.server'
import { authBodyLimit, CLIENT_IP_HEADER } from '../features/auth/auth.server'
import { authRoutes } from '../features/auth/auth.routes.server'
import { localizeAuthResponse } from '../features/auth/auth-errors.server'
import { meRoutes } from '../features/profiles/me.routes.server'
import { caseRoutes } from '../features/cases/cases.routes.server'
import { clientRoutes } from '../features/clients/clients.routes.server'
import { documentRoutes } from '../features/documents/documents.routes.server'
import { agendaRoutes } from '../features/agenda/agenda.routes.server'
import { referenceRoutes } from '../features/reference/reference.routes.server'
import { settingsRoutes } from '../features/settings/settings.routes.server'
import { adminRoutes } from '../features/admin/admin.routes.server'
import { recordServerError } from '../features/platform-logs/platform-logs.public.server'
import { platformLogsRoutes } from '../features/platform-logs/platform-logs.routes.server'
import {
  directoryPageMeta,
  directoryRoutes,
  trackPresence,
} from '../features/directory/directory.public.server'
import { renderPageMeta, resolvePageMeta, type PageMetaProvider } from '../platform/page-meta.server'
import { avatarFileRoutes, profileRoutes } from '../features/profiles/profiles.routes.server'
import { prazosRoutes } from '../features/prazos/prazos.routes.server'
import { notificationRoutes } from '../features/notifications/notifications.routes.server'
import { officeRoutes } from '../features/offices/offices.routes.server'
import { timesheetRoutes } from '../features/timesheet/timesheet.routes.server'
import { auditRoutes } from '../features/audit/audit.routes.server'
import { teamRoutes } from '../features/team/team.routes.server'
import { BACKUP_UPLOAD_PATH, backupRoutes } from '../features/backups/backups.public.server'
import { reportRoutes } from '../features/reports/reports.routes.server'
import { clientAnonymizationRoutes, privacyRoutes } from '../features/privacy/privacy.public.server'
import { financialRoutes } from '../features/financial/financial.routes.server'
import { pixRoutes } from '../features/financial/pix.routes.server'
import { proposalRoutes } from '../features/financial/proposals.routes.server'
import { officeSettingsRoutes } from '../features/office-settings/office-settings.routes.server'
import { entityPageMeta, entityRoutes } from '../features/entities/entities.public.server'
import { jobRoutes } from '../features/jobs/jobs.routes.server'
import { jobPageMeta } from '../features/jobs/jobs.public.server'
import { networkRoutes } from '../features/network/network.routes.server'
import {
  analyticsBeaconRoutes,
  platformAnalyticsRoutes,
} from '../features/platform-analytics/platform-analytics.public.server'
import {
  platformGate,
  platformSettingsRoutes,
} from '../features/platform-settings/platform-settings.public.server'
import {
  adminFinancialRoutes,
  billingRoutes,
} from '../features/platform-billing/platform-billing.public.server'
import { platformBackupRoutes } from '../features/platform-backup/platform-backup.public.server'
import { platformReportsRoutes } from '../features/platform-reports/platform-reports.public.server'
import { publicationsRoutes } from '../features/publications/publications.public.server'
import { templateRoutes } from '../features/templates/templates.public.server'
import { SIGNATURE_VERIFY_PATH, signatureRoutes } from '../features/signatures/signatures.public.server'
import { portalOfficeRoutes, portalRoutes } from '../features/portal/portal.public.server'
import { APP_VERSION } from './version.server'
import { routeDoc } from '../platform/route-doc.server'
import { openApiRoutes, SYSTEM_TAG } from './openapi-docs.server'
import './feature-hooks.server'

/** Every JSON route under /api. Its type is what the browser's typed client (`hono/client`) sees. */
export function createApiRoutes() {
  return (
    new Hono<AppEnv>()
      .get(
        '/health',
        routeDoc(SYSTEM_TAG, 'Estado do servidor e do banco de dados', { public: true }),
        async (c) => {
          const ok = await c.get('deps').ping()
          c.header('Cache-Control', 'no-store')
          return c.json(
            {
              status: ok ? 'ok' : 'unavailable',
              db: c.get('deps').dbKind,
              version: APP_VERSION,
              // The runtime the project carries (decision 024): lets an operator see it is the right one.
              node: process.versions.node,
            },
            ok ? 200 : 503,
          )
        },
      )
      .route('/auth', authRoutes)
      .route('/me', meRoutes)
      .route('/', referenceRoutes)
      .route('/settings', settingsRoutes)
      .route('/admin', adminRoutes)
      // The platform modules of the superadmin's area (issue 14), each superadmin-only by itself; the shell mounts
      // them beside the admin's own routes, so the admin feature imports none of them (decision 007).
      .route('/admin/logs', platformLogsRoutes)
      .route('/admin/backup', platformBackupRoutes)
      .route('/admin/financial', adminFinancialRoutes)
      .route('/admin/reports', platformReportsRoutes)
      .route('/admin/analytics', platformAnalyticsRoutes)
      .route('/profile', profileRoutes)
      .route('/files/avatars', avatarFileRoutes)
      .route('/clients', clientRoutes)
      .route('/clients', clientAnonymizationRoutes)
      .route('/cases', caseRoutes)
      .route('/documents', documentRoutes)
      .route('/prazos', prazosRoutes)
      .route('/notifications', notificationRoutes)
      .route('/agenda', agendaRoutes)
      .route('/office-settings', officeSettingsRoutes)
      .route('/offices', officeRoutes)
      .route('/timesheet', timesheetRoutes)
      .route('/audit', auditRoutes)
      .route('/team', teamRoutes)
      .route('/backups', backupRoutes)
      .route('/reports', reportRoutes)
      .route('/privacy', privacyRoutes)
      .route('/financial', financialRoutes)
      .route('/financial/proposals', proposalRoutes)
      .route('/financial/entries', pixRoutes)
      .route('/jobs', jobRoutes)
      .route('/entities', entityRoutes)
      .route('/network', networkRoutes)
      .route('/directory', directoryRoutes)
      .route('/platform-settings', platformSettingsRoutes)
      .route('/analytics', analyticsBeaconRoutes)
      .route('/billing', billingRoutes)
      .route('/publications', publicationsRoutes)
      .route('/templates', templateRoutes)
      .route('/signatures', signatureRoutes)
      .route('/portal', portalRoutes)
      .route('/portal-office', portalOfficeRoutes)
  )
}

export type AppType = ReturnType<typeof createApiRoutes>

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * `Vary: Accept-Encoding` set before the route answers. compress() otherwise adds it with c.header() once
 * the response exists, which makes Hono rebuild every compressible response around a web stream even when
 * nothing gets compressed (≈ 0.1 ms of CPU per API request: docs/decisions/018).
 */
const varyOnEncoding: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Vary', 'Accept-Encoding')
  await next()
}

export interface CreateAppOptions {
  /** Folder of the built SPA (dist/client); omitted in API tests. */
  clientDir?: string
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>()
  // A 500 is also a platform event (/admin/logs): request id and error class only.
  app.onError(createOnError((info) => recordServerError(deps.db, info)))
  app.use(requestId())
  app.use(securityHeaders(deps.env.publicUrl.startsWith('https://')))
  app.use(compress())
  app.use(varyOnEncoding)
  app.use(sizedJson)

  app.use('/api/*', async (c, next) => {
    c.set('deps', deps)
    c.set('db', deps.db)
    await next()
  })
  // A refusal given before the body was read (401, 403, 413): the rest is read away after the answer, or
  // the connection closes, so a keep-alive client's next request does not hit a dropped socket.
  const releaseBody = releaseUnreadBody(1024 * 1024)
  app.use('/api/*', (c, next) => (BODYLESS.has(c.req.method) ? next() : releaseBody(c, next)))
  const limitBody = streamingBodyLimit(12 * 1024 * 1024, 'Requisição grande demais.')
  // Only requests that may carry a body: bodyLimit reads `c.req.raw.body`, which makes @hono/node-server
  // build a full Request for every GET too (≈ 0.06 ms each, measured with --cpu-prof on the client list).
  // The backup upload caps its own body (BACKUP_UPLOAD_MAX_MB, streamed to disk).
  app.use('/api/*', (c, next) =>
    BODYLESS.has(c.req.method) || c.req.path === BACKUP_UPLOAD_PATH || c.req.path === SIGNATURE_VERIFY_PATH
      ? next()
      : limitBody(c, next),
  )
  app.use('/api/auth/*', (c, next) => (BODYLESS.has(c.req.method) ? next() : authBodyLimit(c, next)))
  app.use('/api/*', sameOriginOnly([deps.env.publicUrl]))
  app.use('/api/*', refuseControlCharacters)

  // better-auth owns /api/auth/* except the routes we define first (sign-up runs our own transaction).
  app.on(['GET', 'POST'], '/api/auth/*', async (c, next) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete(CLIENT_IP_HEADER)
    const ip = clientIp(c, deps.env.TRUST_PROXY)
    if (ip) headers.set(CLIENT_IP_HEADER, ip)
    c.req.raw = new Request(c.req.raw, { headers })
    await next()
  })
  app.use('/api/auth/*', settleAuthChanges)
  app.use('/api/*', loadSession)
  app.use('/api/*', trackPresence)
  app.use('/api/*', platformGate)
  mountUserLimits(app, deps)
  // Requests without a session, per address (issue 24): the public API and the public pages' meta.
  app.use(
    '*',
    anonymousRateLimit(deps, { pages: PAGE_META_PROVIDERS, signedIn: (c) => Boolean(c.get('user')) }),
  )
  const apiRoutes = createApiRoutes()
  app.route('/api', apiRoutes)
  app.route('/api', openApiRoutes(apiRoutes))
  app.on(['GET', 'POST'], '/api/auth/*', async (c) =>
    localizeAuthResponse(await deps.auth.handler(c.req.raw)),
  )
  app.all('/api/*', onApiNotFound)

  if (options.clientDir) mountSpa(app, options.clientDir, deps)
  return app
}

/**
 * Per-user limits (issue 7) on every signed-in /api request except better-auth's (limited per address by
 * better-auth) and the health check: data routes decide in memory and share their counts in the background
 * (no database round trip on the request path); uploads, rare and heavy, count exactly in the table.
 */
function mountUserLimits(app: Hono<AppEnv>, deps: AppDeps) {
  const dataLimiter = createBatchedRateLimiter(deps.db, {
    name: 'api',
    windowSeconds: deps.env.RATE_LIMIT_WINDOW_SECONDS,
    max: deps.env.RATE_LIMIT_API_MAX,
  })
  const userOf = (c: Context<AppEnv>) => {
    const route = c.req.path
    if (route === '/api/health' || route.startsWith('/api/auth/')) return undefined
    return c.get('user')?.id
  }
  app.use('/api/*', dataLimiter.middleware(userOf))
  app.use('/api/*', uploadRateLimit(userOf))
}

/** Public pages whose <title>/description/Open Graph tags the server writes (src/platform/page-meta.server.ts). */
const PAGE_META_PROVIDERS: PageMetaProvider[] = [directoryPageMeta, entityPageMeta, jobPageMeta]

function mountSpa(app: Hono<AppEnv>, clientDir: string, deps: AppDeps) {
  const root = path.relative(process.cwd(), clientDir) || '.'
  // Hashed file names never change content: cache them for a year.
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('/assets/*', serveStatic({ root }))
  app.get('/assets/*', (c) => c.text('Not found', 404))
  // Only a path with an extension can be a public file; the rest, '/' included, are the SPA's routes
  // (serveStatic given a folder such as '/' would stream the folder itself).
  const publicFiles = serveStatic({ root, index: '' })
  app.use('*', (c, next) => (path.extname(c.req.path) ? publicFiles(c, next) : next()))
  const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  // Any other GET is a client-side route: the SPA decides (and shows its own 404 page). A public page's
  // provider writes its title and Open Graph tags first (an unknown or private one answers 404).
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache')
    const meta = await resolvePageMeta(PAGE_META_PROVIDERS, c.req.path, deps)
    if (meta === 'not-found') return c.html(indexHtml, 404)
    return c.html(meta ? renderPageMeta(indexHtml, meta, deps.env.publicUrl, c.req.path) : indexHtml)
  })
}
