import { createHash, randomBytes } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { clients } from '../clients/clients.table.server'
import { offices } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { eraseClientMessages } from './portal.messages.privacy.server'
import { portalAccess } from './portal.table.server'
import { PORTAL_INVITE_DAYS, PORTAL_MESSAGES, type PortalAccessStatusDto } from './portal.schema'

// The invitation's life (issue 26): issued by the office (a new 256-bit token each time, the previous one dies),
// accepted once within 7 days by the account of the invited e-mail, revoked by the office at any time.

export function hashPortalToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

type AccessRow = typeof portalAccess.$inferSelect

export function toAccessStatus(row: AccessRow | undefined): PortalAccessStatusDto {
  if (!row)
    return {
      status: 'nenhum',
      email: null,
      invitedAt: null,
      acceptedAt: null,
      lastAccessAt: null,
      expiresAt: null,
    }
  return {
    status: row.status,
    email: row.email,
    invitedAt: row.invitedAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    lastAccessAt: row.lastAccessAt?.toISOString() ?? null,
    expiresAt: row.status === 'convidado' ? (row.tokenExpiresAt?.toISOString() ?? null) : null,
  }
}

export async function findAccess(db: Executor, officeId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(portalAccess)
    .where(and(eq(portalAccess.officeId, officeId), eq(portalAccess.clientId, clientId)))
  return row
}

/**
 * Issues (or re-issues: 'Reenviar') the client's invitation to `email`: a fresh token, 7 days, status
 * 'convidado'. An active access is not invited again (409); a revoked one may be. Returns the raw token, which
 * exists nowhere else once the e-mail is sent.
 */
export async function issuePortalInvite(
  tx: Executor,
  input: { officeId: string; clientId: string; email: string; invitedBy: string },
): Promise<{ token: string; row: AccessRow }> {
  const current = await findAccess(tx, input.officeId, input.clientId)
  if (current?.status === 'ativo')
    throw new ApiError(409, 'portal_active', 'Este cliente já tem acesso ativo ao portal.')
  const token = randomBytes(32).toString('base64url')
  const values = {
    email: input.email,
    status: 'convidado' as const,
    tokenHash: hashPortalToken(token),
    tokenExpiresAt: sql`now() + make_interval(days => ${PORTAL_INVITE_DAYS})`,
    invitedBy: input.invitedBy,
    invitedAt: sql`now()`,
    userId: null,
    acceptedAt: null,
    revokedAt: null,
    revokedBy: null,
  }
  const [row] = await tx
    .insert(portalAccess)
    .values({ officeId: input.officeId, clientId: input.clientId, ...values })
    .onConflictDoUpdate({ target: [portalAccess.officeId, portalAccess.clientId], set: values })
    .returning()
  if (!row) throw new Error('portal access upsert returned nothing')
  return { token, row }
}

/** Revokes the access (and any pending link). Returns the row as it was, or 404 when there is none. */
export async function revokePortalAccess(
  tx: Executor,
  input: { officeId: string; clientId: string; revokedBy: string },
): Promise<{ before: AccessRow; after: AccessRow }> {
  const before = await findAccess(tx, input.officeId, input.clientId)
  if (!before || before.status === 'revogado')
    throw new ApiError(409, 'portal_not_active', 'Este cliente não tem acesso ao portal para revogar.')
  const [after] = await tx
    .update(portalAccess)
    .set({ status: 'revogado', tokenHash: null, revokedAt: sql`now()`, revokedBy: input.revokedBy })
    .where(eq(portalAccess.id, before.id))
    .returning()
  if (!after) throw new Error('portal access vanished during revocation')
  return { before, after }
}

export interface PortalInvitation {
  accessId: string
  officeId: string
  officeName: string
  clientId: string
  clientName: string
  email: string
}

/** The pending invitation of a token (locked for update when accepting); one answer for unknown and used. */
export async function loadPortalInvitation(
  db: Executor,
  token: string,
  lock: boolean,
): Promise<PortalInvitation> {
  const query = db
    .select({
      accessId: portalAccess.id,
      officeId: portalAccess.officeId,
      officeName: offices.nome,
      clientId: portalAccess.clientId,
      clientName: clients.nomeCompleto,
      email: portalAccess.email,
      status: portalAccess.status,
      expired: sql<boolean>`${portalAccess.tokenExpiresAt} <= now()`,
      clientDeleted: sql<boolean>`${clients.deletedAt} is not null`,
    })
    .from(portalAccess)
    .innerJoin(offices, eq(offices.id, portalAccess.officeId))
    .innerJoin(
      clients,
      and(eq(clients.officeId, portalAccess.officeId), eq(clients.id, portalAccess.clientId)),
    )
    .where(eq(portalAccess.tokenHash, hashPortalToken(token)))
  const [row] = lock ? await query.for('update', { of: [portalAccess] }) : await query
  if (!row || row.status !== 'convidado' || row.clientDeleted) throw notFound(PORTAL_MESSAGES.inviteInvalid)
  if (row.expired) throw new ApiError(410, 'invite_expired', PORTAL_MESSAGES.inviteExpired)
  return row
}

/**
 * The account takes the access: once (the token is cleared), and never a second client of the same office for
 * one account (the portal acts for exactly one client per office).
 */
export async function attachPortalAccount(
  tx: Executor,
  invitation: PortalInvitation,
  userId: string,
): Promise<void> {
  const [other] = await tx
    .select({ id: portalAccess.id })
    .from(portalAccess)
    .where(
      and(
        eq(portalAccess.officeId, invitation.officeId),
        eq(portalAccess.userId, userId),
        eq(portalAccess.status, 'ativo'),
        ne(portalAccess.id, invitation.accessId),
      ),
    )
    .limit(1)
  if (other) throw new ApiError(409, 'portal_other_client', 'Esta conta já acessa o portal deste escritório.')
  await tx
    .update(portalAccess)
    .set({ status: 'ativo', userId, tokenHash: null, acceptedAt: sql`now()`, lastAccessAt: sql`now()` })
    .where(eq(portalAccess.id, invitation.accessId))
}

/**
 * A portal-only account: it has no profile and took a portal access at some office. Such an account never
 * becomes a lawyer by reaching /api/me, and its sessions end when an office revokes it.
 */
export async function isPortalOnlyAccount(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: portalAccess.id })
    .from(portalAccess)
    .where(
      and(
        eq(portalAccess.userId, userId),
        sql`not exists (select 1 from ${profiles} where ${profiles.userId} = ${userId})`,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * A client anonymised (LGPD): its access row and its whole conversation go, in the anonymisation's transaction.
 * Its sessions, if the account is portal-only, end with the next request's refusal (no active access).
 */
export async function endClientPortal(tx: Executor, officeId: string, clientId: string): Promise<void> {
  await eraseClientMessages(tx, officeId, clientId)
  await tx
    .delete(portalAccess)
    .where(and(eq(portalAccess.officeId, officeId), eq(portalAccess.clientId, clientId)))
}

/** Whether the account still holds an active access at some office (a revocation elsewhere keeps it signed in). */
export async function hasActiveAccess(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: portalAccess.id })
    .from(portalAccess)
    .where(and(eq(portalAccess.userId, userId), eq(portalAccess.status, 'ativo')))
    .limit(1)
  return Boolean(row)
}
