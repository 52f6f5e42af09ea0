import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { unauthorized } from '../../platform/http-error.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { requireRole } from '../auth/auth.public.server'
import { listReports, resolveReport } from './network.reports.server'
import {
  decideVerificationSchema,
  idParamSchema,
  resolveReportSchema,
  VERIFICATION_STATUSES,
  type ContentReportItem,
  type VerificationRequestItem,
} from './network.schema'
import { decideVerification, listVerificationRequests } from './network.verification.server'

// The minimal superadmin API over reports and OAB verification requests (issue 13), so moderation is
// testable now; issue 14 builds the /admin/moderation screen on these routes and functions.

/** /api/network/*. Declared here, not in network.routes.server.ts, because that file imports this one. */
export const NETWORK_TAG = apiTag(
  'Rede',
  'Avaliações, denúncias, verificação da OAB, conexões e contato pelo perfil público.',
)

const page = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
}
const reportsQuery = z.object({ status: z.enum(['pendente', 'resolvida']).default('pendente'), ...page })
const verificationsQuery = z.object({ status: z.enum(VERIFICATION_STATUSES).default('pendente'), ...page })

function actorId(c: Context<AppEnv>): string {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return user.id
}

export const networkModerationRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .get(
    '/reports',
    routeDoc(NETWORK_TAG, 'Denúncias por situação (só superadmin)'),
    validate('query', reportsQuery),
    async (c) =>
      c.json<{ items: ContentReportItem[]; total: number }>(
        await listReports(c.get('db'), c.req.valid('query')),
      ),
  )
  .post(
    '/reports/:id/resolve',
    routeDoc(NETWORK_TAG, 'Resolve uma denúncia; pode ocultar a avaliação denunciada (só superadmin)'),
    validate('param', idParamSchema),
    validate('json', resolveReportSchema),
    async (c) => {
      const body = c.req.valid('json')
      const report = await resolveReport(c.get('db'), {
        id: c.req.valid('param').id,
        decision: body.decision,
        hide: body.hide,
        decidedBy: actorId(c),
      })
      return c.json<ContentReportItem>(report)
    },
  )
  .get(
    '/verifications',
    routeDoc(NETWORK_TAG, 'Solicitações de verificação da OAB por situação (só superadmin)'),
    validate('query', verificationsQuery),
    async (c) =>
      c.json<{ items: VerificationRequestItem[]; total: number }>(
        await listVerificationRequests(c.get('db'), c.req.valid('query')),
      ),
  )
  .post(
    '/verifications/:id/decide',
    routeDoc(NETWORK_TAG, 'Aprova ou rejeita (com motivo) uma verificação da OAB (só superadmin)'),
    validate('param', idParamSchema),
    validate('json', decideVerificationSchema),
    async (c) => {
      const body = c.req.valid('json')
      const decided = await decideVerification(c.get('db'), {
        id: c.req.valid('param').id,
        approve: body.approve,
        motivo: body.motivo ?? null,
        decidedBy: actorId(c),
      })
      return c.json<VerificationRequestItem>(decided)
    },
  )
