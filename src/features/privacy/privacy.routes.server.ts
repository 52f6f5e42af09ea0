import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { todayISO } from '../../lib/br/dates'
import type { AppEnv } from '../../platform/app-env.server'
import { clientIp } from '../../platform/client-ip.server'
import { contentDisposition } from '../../platform/content-disposition.server'
import { ApiError, notFound, unauthorized } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit, recordUserAudit } from '../audit/audit.public.server'
import { requireOffice } from '../offices/offices.public.server'
import { anonymizeClient } from './privacy.clients.server'
import {
  cancelDeletion,
  getDeletionStatus,
  passwordMatches,
  requestDeletion,
} from './privacy.deletion.server'
import { buildPersonalDataExport } from './privacy.export.server'
import {
  PRIVACY_MESSAGES,
  anonymizeClientSchema,
  requestDeletionSchema,
  type AnonymizedClient,
  type DeletionStatus,
} from './privacy.schema'

const TAG = apiTag(
  'Privacidade (LGPD)',
  'Direitos do titular: baixar os próprios dados e excluir a conta (com prazo para cancelar).',
)
/** POST /api/clients/:id/anonymize sits in the clients' section (the same declaration as that feature's). */
const CLIENTS_TAG = apiTag('Clientes', 'Clientes do escritório da sessão.')

/** The signed-in user (requireUser has run). */
function signedIn(c: Context<AppEnv>) {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    ip: clientIp(c, c.get('deps').env.TRUST_PROXY) ?? null,
  }
}

// An export reads every table about the user: a handful an hour is plenty for a person, and caps abuse.
const exportLimit = rateLimit({
  name: 'privacy-export',
  rule: () => ({ windowSeconds: 60 * 60, max: 10 }),
  key: (c) => c.get('user')?.id,
})
// The password check below must not become a way to guess a password with a stolen session.
const deletionLimit = rateLimit({
  name: 'privacy-deletion',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: 5 }),
  key: (c) => c.get('user')?.id,
})

// requireUser's narrowed context type doesn't fit the shared Context<AppEnv> helpers (audit, client IP):
// the same check, typed plainly; signedIn() then reads the user.
const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthorized()
  await next()
})

// The user's own rights (LGPD art. 18): every route acts on the session's user, never a request field.
export const privacyRoutes = new Hono<AppEnv>()
  .use(signedInOnly)
  .use(noStore())
  .get(
    '/export',
    routeDoc(TAG, 'Baixa todos os dados pessoais do usuário (JSON, LGPD; auditado)'),
    exportLimit,
    async (c) => {
      const who = signedIn(c)
      const data = await buildPersonalDataExport(c.get('db'), who.userId)
      // The download itself is a full read of personal data: it is audited before the bytes leave.
      await recordUserAudit(c, { action: 'account.export', entity: 'user', entityId: who.userId })
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': contentDisposition('attachment', `meus-dados-jusconecta-${todayISO()}.json`),
          'cache-control': 'no-store',
        },
      })
    },
  )
  .get(
    '/deletion',
    routeDoc(TAG, 'Exclusão de conta agendada e o que ela faria aos escritórios'),
    async (c) => {
      return c.json<DeletionStatus>(await getDeletionStatus(c.get('db'), signedIn(c).userId))
    },
  )
  .post(
    '/deletion',
    routeDoc(TAG, 'Agenda a exclusão da conta em 7 dias (confirma a senha)', { status: 201 }),
    deletionLimit,
    validate('json', requestDeletionSchema),
    async (c) => {
      const who = signedIn(c)
      if (!(await passwordMatches(c.get('deps'), who.userId, c.req.valid('json').password)))
        throw new ApiError(400, 'validation', PRIVACY_MESSAGES.wrongPassword, {
          password: PRIVACY_MESSAGES.wrongPassword,
        })
      return c.json<DeletionStatus>(await requestDeletion(c.get('deps'), who), 201)
    },
  )
  .delete('/deletion', routeDoc(TAG, 'Cancela a exclusão de conta agendada'), async (c) => {
    return c.json<DeletionStatus>(await cancelDeletion(c.get('deps'), signedIn(c)))
  })

const uuid = z.uuid()

/**
 * POST /api/clients/:id/anonymize, mounted beside the clients router (whose 'clients.manage' check runs
 * first). Erasing is a delete of personal data: the 'clients.delete' capability (sócio, associado).
 */
export const clientAnonymizationRoutes = new Hono<AppEnv>().post(
  '/:id/anonymize',
  routeDoc(CLIENTS_TAG, 'Anonimiza um cliente (LGPD, irreversível; auditado)'),
  requireOffice('clients.delete'),
  validate('json', anonymizeClientSchema),
  async (c) => {
    const id = c.req.param('id')
    if (!uuid.safeParse(id).success) throw notFound(PRIVACY_MESSAGES.clientNotFound)
    const result = await c.get('db').transaction(async (tx) => {
      const erased = await anonymizeClient(tx, c.get('office').id, id)
      if (!erased) throw notFound(PRIVACY_MESSAGES.clientNotFound)
      await recordOfficeAudit(c, { action: 'client.anonymize', entity: 'client', entityId: id }, tx)
      return erased
    })
    return c.json<AnonymizedClient>(result)
  },
)
