import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { clientIp } from '../../platform/client-ip.server'
import { notFound, unauthorized } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { consumeRateLimit, refuse, type RateRule } from '../../platform/rate-limit.server'
import { routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { getPlatformRole } from '../auth/auth.public.server'
import { sendContact } from './network.contact.server'
import {
  connectionLists,
  connectionStatus,
  removeConnection,
  requestConnection,
  respondConnection,
} from './network.connections.server'
import { NETWORK_TAG, networkModerationRoutes } from './network.moderation.routes.server'
import { findPublicLawyer } from './network.people.server'
import { createReport } from './network.reports.server'
import { deleteOwnReview, listReviews, upsertReview } from './network.reviews.server'
import {
  contactInputSchema,
  idParamSchema,
  lawyerParamSchema,
  NETWORK_MESSAGES,
  pageQuerySchema,
  reportInputSchema,
  respondConnectionSchema,
  reviewInputSchema,
  userParamSchema,
  type ConnectionLists,
  type ConnectionStatus,
  type ContactResult,
  type ReportResult,
  type ReviewPage,
  type VerificationState,
} from './network.schema'
import {
  findVerification,
  requestVerification,
  verificationFileResponse,
  verificationState,
} from './network.verification.server'

/** Per visitor address and per lawyer: a form anyone may post must not become a spam cannon. */
export const CONTACT_PER_ADDRESS: RateRule = { windowSeconds: 3600, max: 5 }
export const CONTACT_PER_LAWYER: RateRule = { windowSeconds: 3600, max: 20 }

function userId(c: Context<AppEnv>): string {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return user.id
}

/** Deny by default (401 before any validation), keeping the plain AppEnv context the services take. */
const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthorized()
  await next()
})

const verificationBody = {
  media: 'application/octet-stream',
  schema: { type: 'string', format: 'binary', description: 'Foto ou PDF da carteira da OAB.' },
}

const connectBody = z.object({ userId: z.string({ error: 'Usuário inválido.' }).min(1).max(120) })

/** /api/network: reviews, reports, OAB verification, connections and the public contact form. */
export const networkRoutes = new Hono<AppEnv>()
  // Answers depend on who asks (mine, canReview, connection state): never shared by a cache.
  .use(noStore('private, no-store'))
  // ---- Reviews (public list; signed-in writes) ----
  .get(
    '/lawyers/:lawyer/reviews',
    routeDoc(
      NETWORK_TAG,
      'Avaliações visíveis de um advogado público (média, total, página); {lawyer} = slug ou id',
      { public: true },
    ),
    validate('param', lawyerParamSchema),
    validate('query', pageQuerySchema),
    async (c) => {
      const page = await listReviews(
        c.get('db'),
        c.req.valid('param').lawyer,
        c.get('user')?.id ?? null,
        c.req.valid('query'),
      )
      return c.json<ReviewPage>(page)
    },
  )
  .put(
    '/lawyers/:lawyer/reviews',
    routeDoc(
      NETWORK_TAG,
      'Cria ou edita a minha avaliação do advogado (uma por avaliador; nunca de si mesmo)',
    ),
    requireUser,
    validate('param', lawyerParamSchema),
    validate('json', reviewInputSchema),
    async (c) => {
      const result = await upsertReview(
        c.get('db'),
        c.req.valid('param').lawyer,
        userId(c),
        c.req.valid('json'),
      )
      return c.json(result, result.created ? 201 : 200)
    },
  )
  .delete(
    '/lawyers/:lawyer/reviews',
    routeDoc(NETWORK_TAG, 'Remove a minha avaliação', { status: 204 }),
    requireUser,
    validate('param', lawyerParamSchema),
    async (c) => {
      await deleteOwnReview(c.get('db'), c.req.valid('param').lawyer, userId(c))
      return c.body(null, 204)
    },
  )
  // ---- Contact form (anonymous) ----
  .post(
    '/lawyers/:lawyer/contact',
    routeDoc(
      NETWORK_TAG,
      'Formulário de contato do perfil público: notifica, envia e-mail e cria o lead no CRM',
      {
        status: 201,
        public: true,
      },
    ),
    validate('param', lawyerParamSchema),
    validate('json', contactInputSchema),
    async (c) => {
      const input = c.req.valid('json')
      const ok: ContactResult = { ok: true, message: NETWORK_MESSAGES.contactSent }
      // The honeypot: a bot filled the field people never see. Same answer, nothing kept or sent.
      if (input.website?.trim()) return c.json<ContactResult>(ok, 201)
      const lawyer = c.req.valid('param').lawyer
      const ip = clientIp(c, c.get('deps').env.TRUST_PROXY) ?? null
      const byAddress = await consumeRateLimit(
        c.get('db'),
        `contact-ip:${ip ?? 'unknown'}`,
        CONTACT_PER_ADDRESS,
      )
      if (!byAddress.allowed) refuse(c, byAddress.retryAfter)
      const person = await findPublicLawyer(c.get('db'), lawyer)
      if (!person) throw notFound(NETWORK_MESSAGES.lawyerNotFound)
      // Counted by user id, so the slug and the id of the same lawyer share one budget.
      const byLawyer = await consumeRateLimit(
        c.get('db'),
        `contact-lawyer:${person.userId}`,
        CONTACT_PER_LAWYER,
      )
      if (!byLawyer.allowed) refuse(c, byLawyer.retryAfter)
      await sendContact(c.get('db'), c.get('deps'), person, input, ip)
      return c.json<ContactResult>(ok, 201)
    },
  )
  // ---- 'Denunciar' ----
  .post(
    '/reports',
    routeDoc(
      NETWORK_TAG,
      "'Denunciar' um perfil, avaliação ou vaga (uma denúncia aberta por usuário e conteúdo)",
      { status: 201 },
    ),
    requireUser,
    validate('json', reportInputSchema),
    async (c) => {
      const result = await createReport(c.get('db'), userId(c), c.req.valid('json'))
      return c.json<ReportResult>(result, result.created ? 201 : 200)
    },
  )
  // ---- OAB verification ----
  .get(
    '/verification',
    routeDoc(NETWORK_TAG, 'Minha verificação da OAB (última solicitação e selo)'),
    requireUser,
    async (c) => c.json<VerificationState>(await verificationState(c.get('db'), userId(c))),
  )
  .post(
    '/verification',
    routeDoc(
      NETWORK_TAG,
      'Solicita a verificação da OAB enviando a carteira (JPG, PNG, WEBP ou PDF, até 10 MB)',
      { status: 201, requestBody: verificationBody },
    ),
    requireUser,
    async (c) => c.json<VerificationState>(await requestVerification(c, userId(c)), 201),
  )
  .get(
    '/verification/:id/file',
    routeDoc(NETWORK_TAG, 'Baixa a carteira enviada (só o próprio advogado e superadmins)', {
      media: 'application/octet-stream',
    }),
    requireUser,
    validate('param', idParamSchema),
    async (c) => {
      const viewer = userId(c)
      const row = await findVerification(c.get('db'), c.req.valid('param').id)
      // Someone else's card is as absent as a missing one, unless a superadmin is moderating.
      if (!row) throw notFound(NETWORK_MESSAGES.verificationNotFound)
      if (row.userId !== viewer && (await getPlatformRole(c.get('db'), viewer)) !== 'superadmin') {
        throw notFound(NETWORK_MESSAGES.verificationNotFound)
      }
      return verificationFileResponse(c, row)
    },
  )
  // ---- Connections ----
  .get(
    '/connections',
    routeDoc(NETWORK_TAG, 'Minhas conexões e solicitações recebidas e enviadas'),
    requireUser,
    async (c) => c.json<ConnectionLists>(await connectionLists(c.get('db'), userId(c))),
  )
  .get(
    '/connections/status/:userId',
    routeDoc(NETWORK_TAG, 'Situação da conexão com um usuário e o número de conexões dele', { public: true }),
    validate('param', userParamSchema),
    async (c) => {
      const status = await connectionStatus(
        c.get('db'),
        c.get('user')?.id ?? null,
        c.req.valid('param').userId,
      )
      return c.json<ConnectionStatus>(status)
    },
  )
  .post(
    '/connections',
    routeDoc(NETWORK_TAG, 'Pede conexão a um advogado ou estudante (notifica)', { status: 201 }),
    requireUser,
    validate('json', connectBody),
    async (c) =>
      c.json<ConnectionStatus>(
        await requestConnection(c.get('db'), userId(c), c.req.valid('json').userId),
        201,
      ),
  )
  .post(
    '/connections/:id/respond',
    routeDoc(NETWORK_TAG, 'Aceita ou recusa uma solicitação recebida', { status: 204 }),
    requireUser,
    validate('param', idParamSchema),
    validate('json', respondConnectionSchema),
    async (c) => {
      await respondConnection(c.get('db'), userId(c), c.req.valid('param').id, c.req.valid('json').accept)
      return c.body(null, 204)
    },
  )
  .delete(
    '/connections/:id',
    routeDoc(NETWORK_TAG, 'Cancela uma solicitação enviada ou desfaz uma conexão', { status: 204 }),
    requireUser,
    validate('param', idParamSchema),
    async (c) => {
      await removeConnection(c.get('db'), userId(c), c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
  .route('/moderation', networkModerationRoutes)
