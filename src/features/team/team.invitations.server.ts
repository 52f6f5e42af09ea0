import { createHash, randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Mailer } from '../../platform/mailer.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { users } from '../auth/auth.table.server'
import { attachMemberAccount } from '../offices/offices.public.server'
import { officeMembers, offices } from '../offices/offices.table.server'
import { INVITE_TTL_DAYS, TEAM_MESSAGES, type InvitationAccepted, type InvitationInfo } from './team.schema'
import type { Executor, MemberRow } from './team.service.server'
import { officeInvitations } from './team.table.server'

const NIVEL_LABEL = {
  socio: 'sócio',
  associado: 'associado',
  estagiario: 'estagiário',
  assistente: 'assistente',
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface NewInvitation {
  token: string
  email: string
}

/**
 * Cancels the member's pending invitations and issues a new one (create and resend alike: only the
 * newest link works). Returns the token, which exists nowhere else once the e-mail is sent.
 */
export async function issueInvitation(
  tx: Executor,
  officeId: string,
  member: Pick<MemberRow, 'id' | 'email' | 'userId' | 'ativo'>,
  createdBy: string,
): Promise<NewInvitation> {
  if (member.userId) throw new ApiError(409, 'already_linked', TEAM_MESSAGES.alreadyLinked)
  if (!member.email) throw new ApiError(400, 'validation', TEAM_MESSAGES.inviteNeedsEmail)
  await cancelPendingInvitations(tx, officeId, member.id)
  const token = randomBytes(32).toString('base64url')
  await tx.insert(officeInvitations).values({
    officeId,
    memberId: member.id,
    email: member.email,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(days => ${INVITE_TTL_DAYS})`,
    createdBy,
  })
  return { token, email: member.email }
}

export async function cancelPendingInvitations(
  tx: Executor,
  officeId: string,
  memberId: string,
): Promise<number> {
  const rows = await tx
    .update(officeInvitations)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(officeInvitations.officeId, officeId),
        eq(officeInvitations.memberId, memberId),
        isNull(officeInvitations.acceptedAt),
        isNull(officeInvitations.cancelledAt),
      ),
    )
    .returning({ id: officeInvitations.id })
  return rows.length
}

/** The e-mail with the single-use link. Sent after the commit: a rolled-back invite mails nothing. */
export async function sendInvitationEmail(
  mailer: Mailer,
  publicUrl: string,
  invite: NewInvitation & { officeName: string; nomeCompleto: string; nivelAcesso: keyof typeof NIVEL_LABEL },
): Promise<void> {
  const url = `${publicUrl.replace(/\/$/, '')}/convite/${invite.token}`
  await mailer.send({
    to: invite.email,
    subject: `JusConecta: convite para a equipe do ${invite.officeName}`,
    text:
      `Olá, ${invite.nomeCompleto}.\n\nVocê foi convidado(a) para a equipe do ${invite.officeName} no JusConecta, ` +
      `como ${NIVEL_LABEL[invite.nivelAcesso]}.\n\nPara aceitar, abra o link abaixo (válido por ${INVITE_TTL_DAYS} dias, ` +
      `uso único) e crie sua conta ou entre com este e-mail:\n${url}\n\nSe você não esperava este convite, ignore este e-mail.`,
  })
}

interface InvitationState {
  id: string
  officeId: string
  officeName: string
  memberId: string
  memberUserId: string | null
  memberAtivo: boolean
  nomeCompleto: string
  nivelAcesso: InvitationInfo['nivelAcesso']
  email: string
  expiresAt: Date
  expired: boolean
  usable: boolean
}

async function loadInvitation(db: Executor, token: string, lock: boolean): Promise<InvitationState> {
  const query = db
    .select({
      id: officeInvitations.id,
      officeId: officeInvitations.officeId,
      officeName: offices.nome,
      memberId: officeInvitations.memberId,
      memberUserId: officeMembers.userId,
      memberAtivo: officeMembers.ativo,
      nomeCompleto: officeMembers.nomeCompleto,
      nivelAcesso: officeMembers.nivelAcesso,
      email: officeInvitations.email,
      expiresAt: officeInvitations.expiresAt,
      expired: sql<boolean>`${officeInvitations.expiresAt} <= now()`,
      usable: sql<boolean>`${officeInvitations.acceptedAt} is null and ${officeInvitations.cancelledAt} is null`,
    })
    .from(officeInvitations)
    .innerJoin(
      officeMembers,
      and(
        eq(officeMembers.officeId, officeInvitations.officeId),
        eq(officeMembers.id, officeInvitations.memberId),
      ),
    )
    .innerJoin(offices, eq(offices.id, officeInvitations.officeId))
    .where(eq(officeInvitations.tokenHash, hashToken(token)))
  const [row] = lock ? await query.for('update', { of: [officeInvitations, officeMembers] }) : await query
  // One answer for unknown, used and cancelled tokens: the link tells nothing it no longer grants.
  if (!row || !row.usable || row.memberUserId) throw notFound(TEAM_MESSAGES.inviteInvalid)
  if (row.expired) throw new ApiError(410, 'invite_expired', TEAM_MESSAGES.inviteExpired)
  if (!row.memberAtivo) throw new ApiError(410, 'invite_inactive', TEAM_MESSAGES.inviteInactive)
  return row
}

/** What the acceptance page shows (no session needed: the token is the credential). */
export async function describeInvitation(db: Executor, token: string): Promise<InvitationInfo> {
  const row = await loadInvitation(db, token, false)
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${row.email})`)
    .limit(1)
  return {
    officeName: row.officeName,
    nomeCompleto: row.nomeCompleto,
    email: row.email,
    nivelAcesso: row.nivelAcesso,
    expiresAt: row.expiresAt.toISOString(),
    contaExiste: Boolean(account),
  }
}

/**
 * The signed-in person takes the membership the invitation was for: only with the invited e-mail, once,
 * within 7 days. selected_at = now() makes the invited office their current one; the trigger of 0015
 * announces the user, so every node drops what it had cached for them.
 */
export async function acceptInvitation(
  tx: Executor,
  token: string,
  user: { id: string; email: string },
): Promise<InvitationAccepted & { memberId: string; invitationId: string }> {
  const row = await loadInvitation(tx, token, true)
  if (row.email.toLowerCase() !== user.email.toLowerCase())
    throw new ApiError(403, 'invite_other_email', TEAM_MESSAGES.inviteOtherEmail)
  const [existing] = await tx
    .select({ id: officeMembers.id })
    .from(officeMembers)
    .where(and(eq(officeMembers.officeId, row.officeId), eq(officeMembers.userId, user.id)))
    .limit(1)
  if (existing) throw new ApiError(409, 'already_member', TEAM_MESSAGES.alreadyMember)
  await attachMemberAccount(tx, row.memberId, user.id)
  await tx
    .update(officeInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(eq(officeInvitations.id, row.id))
  return { officeId: row.officeId, officeName: row.officeName, memberId: row.memberId, invitationId: row.id }
}

/** The invitations of team records whose account is deleted: a detached record is invited no more. */
export async function deleteInvitationsOfMembers(tx: Executor, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return
  await tx.delete(officeInvitations).where(inArray(officeInvitations.memberId, [...memberIds]))
}
