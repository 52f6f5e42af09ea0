import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { clientIp } from '../../platform/client-ip.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordAudit, recordOfficeAudit } from '../audit/audit.public.server'
import { createPasswordAccount, endUserSessions, findAccountByEmail } from '../auth/auth.public.server'
import { findVisibleClient } from '../clients/clients.public.server'
import { officeActor, requireOffice } from '../offices/offices.public.server'
import { sendOfficeMail } from '../office-settings/office-settings.public.server'
import { PORTAL_API_TAG } from './portal.client.routes.server'
import {
  attachPortalAccount,
  findAccess,
  hasActiveAccess,
  isPortalOnlyAccount,
  issuePortalInvite,
  loadPortalInvitation,
  revokePortalAccess,
  toAccessStatus,
} from './portal.invites.server'
import {
  acceptInviteSchema,
  PORTAL_INVITE_DAYS,
  PORTAL_MESSAGES,
  type PortalAccessStatusDto,
  type PortalInviteAccepted,
  type PortalInviteInfo,
} from './portal.schema'

const clientParam = z.object({ clientId: z.uuid({ error: PORTAL_MESSAGES.clientNotFound }) })
const tokenParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, PORTAL_MESSAGES.inviteInvalid),
})

/** Guessing a 256-bit token is hopeless, but the lookups are limited per address all the same. */
const inviteLimit = rateLimit({
  name: 'portal-invite',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: 30 }),
  key: (c) => clientIp(c, c.get('deps').env.TRUST_PROXY) ?? 'unknown',
})

async function visibleClient(c: Context<AppEnv>, clientId: string) {
  const actor = officeActor(c.get('office'), 'clients.manage')
  const client = await findVisibleClient(c.get('db'), actor.officeId, clientId, actor.restrictTo)
  if (!client) throw notFound(PORTAL_MESSAGES.clientNotFound)
  return client
}

/** The e-mail with the personal, single-use link (sent after the commit: a rolled-back invite mails nothing). */
async function mailInvite(c: Context<AppEnv>, to: string, clientName: string, token: string) {
  const { env, mailer, db } = c.get('deps')
  const officeId = c.get('office').id
  const office = await c.get('db').query.offices.findFirst({
    columns: { nome: true },
    where: (offices, { eq }) => eq(offices.id, officeId),
  })
  const officeName = office?.nome ?? 'seu escritório'
  const url = `${env.publicUrl.replace(/\/$/, '')}/portal/convite/${token}`
  await sendOfficeMail({ db, env, mailer }, officeId, {
    to,
    subject: `${officeName}: convite para o Portal do Cliente`,
    text:
      `Olá, ${clientName}.\n\n${officeName} convidou você para o Portal do Cliente do JusConecta, onde você ` +
      `acompanha seus processos, recebe documentos, paga cobranças e conversa com o escritório.\n\n` +
      `Para aceitar, abra o link abaixo (pessoal, de uso único, válido por ${PORTAL_INVITE_DAYS} dias):\n${url}\n\n` +
      `Se você não esperava este convite, ignore este e-mail.`,
  })
}

// The office's side: the client's access on the CRM record. Who sees the record sees the status; sócios and
// associados invite, resend and revoke ('portal.invite').
export const portalAccessRoutes = new Hono<AppEnv>()
  .get(
    '/:clientId/access',
    routeDoc(PORTAL_API_TAG, 'Situação do acesso do cliente ao portal'),
    requireOffice('clients.manage'),
    validate('param', clientParam),
    async (c) => {
      const client = await visibleClient(c, c.req.valid('param').clientId)
      const row = await findAccess(c.get('db'), c.get('office').id, client.id)
      return c.json<PortalAccessStatusDto>(toAccessStatus(row))
    },
  )
  .post(
    '/:clientId/invite',
    routeDoc(PORTAL_API_TAG, 'Convida (ou reenvia o convite a) um cliente para o portal'),
    requireOffice('portal.invite'),
    validate('param', clientParam),
    async (c) => {
      const client = await visibleClient(c, c.req.valid('param').clientId)
      if (!client.email) throw new ApiError(400, 'client_without_email', PORTAL_MESSAGES.clientWithoutEmail)
      const office = c.get('office')
      const { token, row } = await c.get('db').transaction(async (tx) => {
        const issued = await issuePortalInvite(tx, {
          officeId: office.id,
          clientId: client.id,
          email: client.email!,
          invitedBy: office.userId,
        })
        await recordOfficeAudit(c, { action: 'portal.invite', entity: 'client', entityId: client.id }, tx)
        return issued
      })
      await mailInvite(c, row.email, client.nomeCompleto, token)
      return c.json<PortalAccessStatusDto>(toAccessStatus(row))
    },
  )
  .post(
    '/:clientId/revoke',
    routeDoc(PORTAL_API_TAG, 'Revoga o acesso do cliente ao portal (encerra as sessões do cliente)'),
    requireOffice('portal.invite'),
    validate('param', clientParam),
    async (c) => {
      const client = await visibleClient(c, c.req.valid('param').clientId)
      const office = c.get('office')
      const { after, endedUserId } = await c.get('db').transaction(async (tx) => {
        const revoked = await revokePortalAccess(tx, {
          officeId: office.id,
          clientId: client.id,
          revokedBy: office.userId,
        })
        // A portal-only account with no other office's portal left is signed out everywhere at once. An account
        // that is also a lawyer, or a client of another office too, keeps its sessions: this portal refuses it
        // on its very next request anyway (requirePortalClient reads this row, on every node).
        const userId = revoked.before.userId
        const ended =
          userId && (await isPortalOnlyAccount(tx, userId)) && !(await hasActiveAccess(tx, userId))
            ? userId
            : null
        if (ended) await endUserSessions(tx, ended)
        await recordOfficeAudit(c, { action: 'portal.revoke', entity: 'client', entityId: client.id }, tx)
        return { after: revoked.after, endedUserId: ended }
      })
      // The trigger tells every node on commit; this node forgets at once (it may serve the next request).
      if (endedUserId) c.get('deps').sessionCache.changes.userChanged(endedUserId)
      return c.json<PortalAccessStatusDto>(toAccessStatus(after))
    },
  )

// The client's side of the invitation: the token is the credential to read it; accepting needs either the
// invited e-mail's account signed in, or — when no account has that e-mail — a new password.
export const portalInviteRoutes = new Hono<AppEnv>()
  .get(
    '/:token',
    routeDoc(PORTAL_API_TAG, 'Dados de um convite do portal para a página de aceite', { public: true }),
    inviteLimit,
    validate('param', tokenParam),
    async (c) => {
      const db = c.get('db')
      const invitation = await loadPortalInvitation(db, c.req.valid('param').token, false)
      c.header('Cache-Control', 'no-store')
      return c.json<PortalInviteInfo>({
        officeName: invitation.officeName,
        email: invitation.email,
        accountExists: Boolean(await findAccountByEmail(db, invitation.email)),
        signedInEmail: c.get('user')?.email ?? null,
      })
    },
  )
  .post(
    '/:token/accept',
    routeDoc(PORTAL_API_TAG, 'Aceita o convite do portal (cria a senha ou usa a conta do e-mail convidado)', {
      public: true,
    }),
    inviteLimit,
    validate('param', tokenParam),
    validate('json', acceptInviteSchema),
    async (c) => {
      const { token } = c.req.valid('param')
      const { password } = c.req.valid('json')
      const db = c.get('db')
      const ip = clientIp(c, c.get('deps').env.TRUST_PROXY) ?? null
      const accept = async (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], userId: string) => {
        const invitation = await loadPortalInvitation(tx, token, true)
        await attachPortalAccount(tx, invitation, userId)
        await recordAudit(tx, {
          officeId: invitation.officeId,
          actorUserId: userId,
          action: 'portal.accept',
          entity: 'client',
          entityId: invitation.clientId,
          ip,
        })
        return invitation.officeId
      }
      const user = c.get('user')
      if (user) {
        const officeId = await db.transaction(async (tx) => {
          const invitation = await loadPortalInvitation(tx, token, true)
          if (invitation.email.toLowerCase() !== user.email.toLowerCase())
            throw new ApiError(403, 'invite_other_email', PORTAL_MESSAGES.inviteOtherAccount)
          return accept(tx, user.id)
        })
        return c.json<PortalInviteAccepted>({ officeId })
      }
      const invitation = await loadPortalInvitation(db, token, false)
      if (await findAccountByEmail(db, invitation.email))
        throw new ApiError(409, 'invite_needs_sign_in', PORTAL_MESSAGES.inviteNeedsSignIn)
      if (!password)
        throw new ApiError(400, 'validation', PORTAL_MESSAGES.passwordRequired, {
          password: PORTAL_MESSAGES.passwordRequired,
        })
      let officeId = invitation.officeId
      await createPasswordAccount(
        db,
        { name: invitation.clientName, email: invitation.email, password, kind: 'cliente' },
        async (tx, userId) => {
          officeId = await accept(tx, userId)
        },
      )
      // Signed in at once, as a sign-up is: better-auth creates the session and its cookie.
      const signIn = await c.get('deps').auth.api.signInEmail({
        body: { email: invitation.email, password },
        headers: c.req.raw.headers,
        asResponse: true,
      })
      if (!signIn.ok) throw new ApiError(500, 'internal', 'Erro inesperado. Tente novamente mais tarde.')
      for (const cookie of signIn.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true })
      return c.json<PortalInviteAccepted>({ officeId }, 201)
    },
  )
