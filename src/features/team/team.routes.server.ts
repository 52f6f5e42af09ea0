import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError } from '../../platform/http-error.server'
import { clientIp } from '../../platform/client-ip.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordAudit, recordOfficeAudit } from '../audit/audit.public.server'
import { recordPlatformEvent } from '../platform-logs/platform-logs.public.server'
import { requireUser } from '../auth/auth.public.server'
import { activeCasesByMember } from '../cases/cases.public.server'
import { can, requireOffice } from '../offices/offices.public.server'
import { hoursThisMonthByMember } from '../timesheet/timesheet.public.server'
import {
  acceptInvitation,
  cancelPendingInvitations,
  describeInvitation,
  issueInvitation,
  sendInvitationEmail,
  type NewInvitation,
} from './team.invitations.server'
import {
  TEAM_MESSAGES,
  createMemberSchema,
  inviteTokenParamSchema,
  memberIdParamSchema,
  teamListQuerySchema,
  teamOverviewSchema,
  updateMemberSchema,
  type InvitationAccepted,
  type InvitationInfo,
  type TeamOverview,
} from './team.schema'
import {
  countActiveCases,
  deactivateMemberRow,
  insertMember,
  isUniqueViolation,
  listMembers,
  lockMember,
  updateMemberRow,
} from './team.service.server'

const TAG = apiTag('Equipe', 'Equipe do escritório, convites e desativação.')

/** A unique e-mail per office (office_members_office_email_uq) → a clear 409 instead of a 500. */
async function guardDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'duplicate_email', TEAM_MESSAGES.duplicateEmail)
    throw error
  }
}

async function mailInvite(
  c: Context<AppEnv>,
  invite: NewInvitation,
  member: { nomeCompleto: string; nivelAcesso: TeamOverview['members'][number]['nivelAcesso'] },
) {
  const { env, mailer } = c.get('deps')
  const [office] = await c.get('db').query.offices.findMany({
    columns: { nome: true },
    where: (offices, { eq }) => eq(offices.id, c.get('office').id),
    limit: 1,
  })
  await sendInvitationEmail(mailer, env.publicUrl, {
    ...invite,
    officeName: office?.nome ?? 'escritório',
    nomeCompleto: member.nomeCompleto,
    nivelAcesso: member.nivelAcesso,
  })
}

// Every member sees the team ('team.view'); adding, editing, inviting and deactivating are the sócios'
// ('team.manage'). Another office's member id is a 404, like a missing one.
const manage = requireOffice('team.manage')

const officeTeamRoutes = new Hono<AppEnv>()
  .get(
    '/',
    routeDoc(TAG, 'Equipe do escritório: membros ativos, cartões e permissões', {
      response: teamOverviewSchema,
    }),
    requireOffice('team.view'),
    validate('query', teamListQuerySchema),
    async (c) => {
      const officeId = c.get('office').id
      const [hoursByMember, casesByMember, casosAtivos] = await Promise.all([
        hoursThisMonthByMember(c.get('db'), officeId),
        activeCasesByMember(c.get('db'), officeId),
        countActiveCases(c.get('db'), officeId),
      ])
      const query = c.req.valid('query')
      const numbers = { hoursByMember, casesByMember }
      const all = await listMembers(c.get('db'), officeId, c.get('office').memberId, {}, numbers)
      const filtered =
        query.search || query.nivel !== 'todos'
          ? await listMembers(c.get('db'), officeId, c.get('office').memberId, query, numbers)
          : all
      const membrosAtivos = all.length
      const advogadosAtivos = all.filter((member) => member.oabNumero).length
      const podeGerenciar = can(c.get('office').nivelAcesso, 'team.manage')
      const body: TeamOverview = {
        // A member's hourly rate is the partners' business (they set it): hidden from the other levels.
        members: podeGerenciar ? filtered : filtered.map((member) => ({ ...member, valorHora: null })),
        stats: {
          membrosAtivos,
          horasMes: Math.round(all.reduce((sum, member) => sum + member.horasMes, 0) * 10) / 10,
          casosAtivos,
          mediaCasosPorMembro: membrosAtivos === 0 ? 0 : Math.round(casosAtivos / membrosAtivos),
          advogadosAtivos,
          equipeDeApoio: membrosAtivos - advogadosAtivos,
        },
        podeGerenciar,
      }
      c.header('Cache-Control', 'no-store')
      return c.json(body)
    },
  )
  .post(
    '/',
    routeDoc(TAG, 'Adiciona um membro à equipe (e envia o convite, se pedido)', { status: 201 }),
    manage,
    validate('json', createMemberSchema),
    async (c) => {
      const data = c.req.valid('json')
      const { id, invite } = await guardDuplicate(() =>
        c.get('db').transaction(async (tx) => {
          const memberId = await insertMember(tx, c.get('office').id, data)
          const wantsInvite = data.convidar && data.ativo && data.email !== null
          const issued = wantsInvite
            ? await issueInvitation(
                tx,
                c.get('office').id,
                { id: memberId, email: data.email, userId: null, ativo: true },
                c.get('office').userId,
              )
            : null
          await recordOfficeAudit(
            c,
            {
              action: 'member.create',
              entity: 'member',
              entityId: memberId,
              details: { nivelAcesso: data.nivelAcesso, convite: Boolean(issued) },
            },
            tx,
          )
          return { id: memberId, invite: issued }
        }),
      )
      if (invite) await mailInvite(c, invite, data)
      return c.json({ id, convite: Boolean(invite) }, 201)
    },
  )
  .put(
    '/:id',
    routeDoc(TAG, 'Edita os dados, o nível de acesso e o status de um membro', { status: 204 }),
    manage,
    validate('param', memberIdParamSchema),
    validate('json', updateMemberSchema),
    async (c) => {
      const data = c.req.valid('json')
      const { id } = c.req.valid('param')
      await guardDuplicate(() =>
        c.get('db').transaction(async (tx) => {
          const member = await lockMember(tx, c.get('office').id, id)
          await updateMemberRow(tx, c.get('office').id, member, data)
          // A pending link was sent to the old address (or for a member now inactive): it no longer applies.
          if (!member.userId && (member.email !== data.email || !data.ativo))
            await cancelPendingInvitations(tx, c.get('office').id, id)
          const details: Record<string, unknown> = {}
          if (member.nivelAcesso !== data.nivelAcesso)
            details.nivelAcesso = [member.nivelAcesso, data.nivelAcesso]
          if (member.ativo !== data.ativo) details.ativo = data.ativo
          await recordOfficeAudit(c, { action: 'member.update', entity: 'member', entityId: id, details }, tx)
          // A change of access level is a permission change for the platform's log too (issue 14).
          if (member.nivelAcesso !== data.nivelAcesso)
            await recordPlatformEvent(tx, {
              kind: 'permissao',
              actorUserId: c.get('office').userId,
              targetUserId: member.userId,
              requestId: c.get('requestId'),
              details: {
                change: 'nivel_acesso',
                officeId: c.get('office').id,
                memberId: id,
                from: member.nivelAcesso,
                to: data.nivelAcesso,
              },
            })
        }),
      )
      return c.body(null, 204)
    },
  )
  .delete(
    '/:id',
    routeDoc(TAG, 'Desativa um membro (perde o acesso na hora; o histórico fica)', { status: 204 }),
    manage,
    validate('param', memberIdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param')
      await c.get('db').transaction(async (tx) => {
        const member = await lockMember(tx, c.get('office').id, id)
        await deactivateMemberRow(tx, c.get('office').id, member)
        await cancelPendingInvitations(tx, c.get('office').id, id)
        await recordOfficeAudit(c, { action: 'member.deactivate', entity: 'member', entityId: id }, tx)
      })
      return c.body(null, 204)
    },
  )
  .post(
    '/:id/invitation',
    routeDoc(TAG, 'Reenvia o convite de um membro (o link anterior deixa de valer)', { status: 204 }),
    manage,
    validate('param', memberIdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param')
      const { invite, member } = await c.get('db').transaction(async (tx) => {
        const row = await lockMember(tx, c.get('office').id, id)
        if (!row.ativo) throw new ApiError(409, 'inactive', TEAM_MESSAGES.inviteInactive)
        const issued = await issueInvitation(tx, c.get('office').id, row, c.get('office').userId)
        await recordOfficeAudit(c, { action: 'member.invite', entity: 'member', entityId: id }, tx)
        return { invite: issued, member: row }
      })
      await mailInvite(c, invite, member)
      return c.body(null, 204)
    },
  )
  .delete(
    '/:id/invitation',
    routeDoc(TAG, 'Cancela o convite pendente de um membro', { status: 204 }),
    manage,
    validate('param', memberIdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param')
      await c.get('db').transaction(async (tx) => {
        await lockMember(tx, c.get('office').id, id)
        const cancelled = await cancelPendingInvitations(tx, c.get('office').id, id)
        if (cancelled === 0) throw new ApiError(409, 'no_pending_invite', TEAM_MESSAGES.noPendingInvite)
        await recordOfficeAudit(c, { action: 'member.invite_cancel', entity: 'member', entityId: id }, tx)
      })
      return c.body(null, 204)
    },
  )

/** Guessing tokens is hopeless (256 bits), but the lookups are limited per address all the same. */
const inviteLimit = rateLimit({
  name: 'team-invite',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: 30 }),
  key: (c) => clientIp(c, c.get('deps').env.TRUST_PROXY) ?? 'unknown',
})

// The acceptance path: the token is the credential to read it; accepting needs the invited account.
const invitationRoutes = new Hono<AppEnv>()
  .get(
    '/invitations/:token',
    routeDoc(TAG, 'Dados de um convite para a página de aceite', { public: true }),
    inviteLimit,
    validate('param', inviteTokenParamSchema),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      return c.json<InvitationInfo>(await describeInvitation(c.get('db'), c.req.valid('param').token))
    },
  )
  .post(
    '/invitations/:token/accept',
    routeDoc(TAG, 'Aceita o convite com a conta do e-mail convidado'),
    inviteLimit,
    requireUser,
    validate('param', inviteTokenParamSchema),
    async (c) => {
      const user = c.get('user')
      if (!user) throw new Error('requireUser let an anonymous request through')
      const accepted = await c.get('db').transaction(async (tx) => {
        const result = await acceptInvitation(tx, c.req.valid('param').token, user)
        await recordAudit(tx, {
          officeId: result.officeId,
          actorUserId: user.id,
          action: 'member.join',
          entity: 'member',
          entityId: result.memberId,
          ip: clientIp(c, c.get('deps').env.TRUST_PROXY) ?? null,
        })
        return result
      })
      return c.json<InvitationAccepted>({ officeId: accepted.officeId, officeName: accepted.officeName })
    },
  )

export const teamRoutes = new Hono<AppEnv>().route('/', invitationRoutes).route('/', officeTeamRoutes)
