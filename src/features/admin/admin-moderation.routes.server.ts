import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ADMIN_API_TAG, routeDoc } from '../../platform/route-doc.server'
import { unauthorized } from '../../platform/http-error.server'
import { validate } from '../../platform/validate.server'
import { recordUserAudit } from '../audit/audit.public.server'
import { recordPlatformEvent, type PlatformEventInput } from '../platform-logs/platform-logs.public.server'
import { userIdParamSchema } from './admin.schema'
import type { AuditInTransaction } from './admin.service.server'
import {
  adminProfileEditSchema,
  blockUserSchema,
  historyQuerySchema,
  profileIdParamSchema,
  type BlockedUserItem,
  type BlockResult,
  type ModerationHistoryPage,
  type ModerationSummary,
} from './admin-moderation.schema'
import { z } from 'zod'
import {
  blockUser,
  closeJob,
  editProfile,
  listBlockedUsers,
  moderationHistory,
  moderationSummary,
  unblockUser,
} from './admin-moderation.service.server'

const jobIdParamSchema = z.object({ jobId: z.uuid({ error: 'Identificador inválido.' }) })

function actorId(c: Context<AppEnv>): string {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return user.id
}

/** A block's or unblock's audit row and platform log event, written in the service's transaction. */
function blockTrail(
  c: Context<AppEnv>,
  actor: string,
  userId: string,
  action: 'admin.user_block' | 'admin.user_unblock',
  eventDetails: (details: Record<string, unknown>) => PlatformEventInput['details'],
): AuditInTransaction {
  return async (tx, details) => {
    await recordUserAudit(c, { action, entity: 'user', entityId: userId, details }, tx)
    await recordPlatformEvent(tx, {
      kind: 'permissao',
      actorUserId: actor,
      targetUserId: userId,
      requestId: c.get('requestId'),
      details: eventDetails(details),
    })
  }
}

// Blocks, profile fixes and /admin/moderation's own data (issue 14). Mounted inside adminRoutes, whose
// requireRole('superadmin') guards every route here; OAB requests and reports are decided through
// network's /api/network/moderation routes.
export const adminModerationRoutes = new Hono<AppEnv>()
  .post(
    '/users/:userId/block',
    routeDoc(ADMIN_API_TAG, 'Bloqueia um usuário (encerra todas as sessões e impede o login) — superadmin'),
    validate('param', userIdParamSchema),
    validate('json', blockUserSchema),
    async (c) => {
      const actor = actorId(c)
      const { userId } = c.req.valid('param')
      const { reason } = c.req.valid('json')
      const ended = await blockUser(
        c.get('db'),
        c.get('deps').env,
        actor,
        userId,
        reason,
        blockTrail(c, actor, userId, 'admin.user_block', (details) => ({
          change: 'bloqueio',
          sessionsEnded: Number(details.sessionsEnded ?? 0),
        })),
      )
      // This node forgets them now; the others hear the sessions trigger's NOTIFY (decision 009).
      c.get('deps').sessionCache.changes.userChanged(userId)
      return c.json<BlockResult>({ userId, blocked: true, sessionsEnded: ended })
    },
  )
  .delete(
    '/users/:userId/block',
    routeDoc(ADMIN_API_TAG, 'Desbloqueia um usuário — superadmin'),
    validate('param', userIdParamSchema),
    async (c) => {
      const actor = actorId(c)
      const { userId } = c.req.valid('param')
      await unblockUser(
        c.get('db'),
        actor,
        userId,
        blockTrail(c, actor, userId, 'admin.user_unblock', () => ({ change: 'desbloqueio' })),
      )
      return c.json<BlockResult>({ userId, blocked: false, sessionsEnded: 0 })
    },
  )
  .patch(
    '/profiles/:profileId',
    routeDoc(ADMIN_API_TAG, 'Corrige nome, telefone ou tipo de um perfil — superadmin'),
    validate('param', profileIdParamSchema),
    validate('json', adminProfileEditSchema),
    async (c) => {
      const { profileId } = c.req.valid('param')
      const result = await editProfile(c.get('db'), profileId, c.req.valid('json'), (tx, details) =>
        recordUserAudit(
          c,
          { action: 'admin.profile_edit', entity: 'profile', entityId: profileId, details },
          tx,
        ),
      )
      return c.json<{ profileId: string; userId: string }>({ profileId, userId: result.userId })
    },
  )
  .post(
    '/moderation/jobs/:jobId/close',
    routeDoc(ADMIN_API_TAG, 'Encerra uma vaga denunciada — superadmin'),
    validate('param', jobIdParamSchema),
    async (c) => {
      const { jobId } = c.req.valid('param')
      await closeJob(c.get('db'), jobId, (tx, details) =>
        recordUserAudit(c, { action: 'admin.job_close', entity: 'job', entityId: jobId, details }, tx),
      )
      return c.json<{ jobId: string; status: 'encerrada' }>({ jobId, status: 'encerrada' })
    },
  )
  .get(
    '/moderation/summary',
    routeDoc(
      ADMIN_API_TAG,
      'Contadores da moderação (pendentes, denunciados, bloqueados, resolvidos) — superadmin',
    ),
    async (c) => c.json<ModerationSummary>(await moderationSummary(c.get('db'))),
  )
  .get('/moderation/blocked', routeDoc(ADMIN_API_TAG, 'Usuários bloqueados — superadmin'), async (c) =>
    c.json<{ items: BlockedUserItem[] }>({ items: await listBlockedUsers(c.get('db')) }),
  )
  .get(
    '/moderation/history',
    routeDoc(ADMIN_API_TAG, 'Histórico de decisões da moderação — superadmin'),
    validate('query', historyQuerySchema),
    async (c) => c.json<ModerationHistoryPage>(await moderationHistory(c.get('db'), c.req.valid('query'))),
  )
