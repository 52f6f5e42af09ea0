import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { createNotification } from '../notifications/notifications.public.server'
import { profiles } from '../profiles/profiles.table.server'
import { canConnect, findPerson, iso, isVisible, type Executor } from './network.people.server'
import {
  NETWORK_MESSAGES,
  type ConnectionLists,
  type ConnectionPerson,
  type ConnectionStatus,
} from './network.schema'
import { connections } from './network.table.server'

// Connections between lawyers and students: request → accept / decline; the requester may cancel a
// pending request, either side may remove an accepted one. One row per unordered pair (unique index on
// least/greatest): a declined row stays (both sides read it as 'none') and is reused when either asks
// again.

const PROFILE_LINK = '/dashboard/profile'

const involves = (userId: string): SQL =>
  or(eq(connections.requesterUserId, userId), eq(connections.addresseeUserId, userId)) as SQL

const pair = (a: string, b: string): SQL =>
  or(
    and(eq(connections.requesterUserId, a), eq(connections.addresseeUserId, b)),
    and(eq(connections.requesterUserId, b), eq(connections.addresseeUserId, a)),
  ) as SQL

/** Accepted connections of a user (the profile's count, the student panel). */
export async function countConnections(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(connections)
    .where(and(involves(userId), eq(connections.status, 'aceita')))
  return Number(row?.n ?? 0)
}

/** The viewer's relation to `userId` and that user's connection count (ConnectButton, ConnectionCount). */
export async function connectionStatus(
  db: Database,
  viewerId: string | null,
  userId: string,
): Promise<ConnectionStatus> {
  const person = await findPerson(db, userId)
  if (!person) throw notFound(NETWORK_MESSAGES.userNotFound)
  if (viewerId === userId) {
    return { userId, state: 'self', connectionId: null, count: await countConnections(db, userId) }
  }
  const [row] = viewerId ? await db.select().from(connections).where(pair(viewerId, userId)) : []
  // A private lawyer is hidden from strangers; someone already linked to them still sees the link.
  if (!isVisible(person) && !row) throw notFound(NETWORK_MESSAGES.userNotFound)
  const count = await countConnections(db, userId)
  if (viewerId === null) return { userId, state: 'none', connectionId: null, count }
  const viewer = await findPerson(db, viewerId)
  if (!canConnect(viewer) || !canConnect(person)) {
    return { userId, state: 'unavailable', connectionId: null, count }
  }
  if (!row || row.status === 'recusada') {
    // A declined request reads as 'none' to both sides; asking again is handled by requestConnection.
    return { userId, state: 'none', connectionId: row?.id ?? null, count }
  }
  if (row.status === 'aceita') return { userId, state: 'aceita', connectionId: row.id, count }
  return {
    userId,
    state: row.requesterUserId === viewerId ? 'pendente_enviada' : 'pendente_recebida',
    connectionId: row.id,
    count,
  }
}

/**
 * Asks `addresseeId` to connect. Both must be lawyers or students. An existing declined row is reused
 * (the pair key is unordered): the new request replaces it, in the asker's direction.
 */
export async function requestConnection(
  db: Database,
  requesterId: string,
  addresseeId: string,
): Promise<ConnectionStatus> {
  if (requesterId === addresseeId) throw new ApiError(400, 'self', NETWORK_MESSAGES.connectionSelf)
  const [requester, addressee] = await Promise.all([findPerson(db, requesterId), findPerson(db, addresseeId)])
  if (!addressee || !isVisible(addressee)) throw notFound(NETWORK_MESSAGES.userNotFound)
  if (!canConnect(requester) || !canConnect(addressee)) {
    throw new ApiError(403, 'not_allowed', NETWORK_MESSAGES.connectionNotAllowed)
  }
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(connections).where(pair(requesterId, addresseeId)).for('update')
    if (existing && existing.status !== 'recusada') {
      throw new ApiError(409, 'exists', NETWORK_MESSAGES.connectionExists)
    }
    if (existing) {
      await tx
        .update(connections)
        .set({
          requesterUserId: requesterId,
          addresseeUserId: addresseeId,
          status: 'pendente',
          createdAt: sql`now()`,
          respondedAt: null,
        })
        .where(eq(connections.id, existing.id))
    } else {
      const inserted = await tx
        .insert(connections)
        .values({ requesterUserId: requesterId, addresseeUserId: addresseeId })
        .onConflictDoNothing()
        .returning({ id: connections.id })
      if (inserted.length === 0) throw new ApiError(409, 'exists', NETWORK_MESSAGES.connectionExists)
    }
    await createNotification(tx, {
      userId: addresseeId,
      title: 'Nova solicitação de conexão',
      message: `${requester?.nomeCompleto ?? 'Alguém'} quer se conectar com você.`,
      type: 'info',
      link: PROFILE_LINK,
    })
  })
  return connectionStatus(db, requesterId, addresseeId)
}

/** The addressee (and only them) accepts or declines a pending request; accepting notifies the requester. */
export async function respondConnection(
  db: Database,
  userId: string,
  connectionId: string,
  accept: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(connections)
      .where(
        and(
          eq(connections.id, connectionId),
          eq(connections.addresseeUserId, userId),
          eq(connections.status, 'pendente'),
        ),
      )
      .for('update')
    // Someone else's request is as absent as a missing one.
    if (!row) throw notFound(NETWORK_MESSAGES.connectionNotFound)
    await tx
      .update(connections)
      .set({ status: accept ? 'aceita' : 'recusada', respondedAt: sql`now()` })
      .where(eq(connections.id, row.id))
    if (accept) {
      const me = await findPerson(tx, userId)
      await createNotification(tx, {
        userId: row.requesterUserId,
        title: 'Conexão aceita',
        message: `${me?.nomeCompleto ?? 'Alguém'} aceitou a sua solicitação de conexão.`,
        type: 'success',
        link: PROFILE_LINK,
      })
    }
  })
}

/**
 * Removes a connection the user is part of: the requester cancels a pending request, either side
 * removes an accepted one. A received pending request is declined (respond), not deleted.
 */
export async function removeConnection(db: Database, userId: string, connectionId: string): Promise<void> {
  const deleted = await db
    .delete(connections)
    .where(
      and(
        eq(connections.id, connectionId),
        or(
          and(eq(connections.status, 'aceita'), involves(userId)),
          and(eq(connections.status, 'pendente'), eq(connections.requesterUserId, userId)),
        ),
      ),
    )
    .returning({ id: connections.id })
  if (deleted.length === 0) throw notFound(NETWORK_MESSAGES.connectionNotFound)
}

/** The user's accepted connections (newest first), or `limit` of them. */
export async function listConnections(
  db: Executor,
  userId: string,
  options: { limit?: number } = {},
): Promise<ConnectionPerson[]> {
  const other = sql<string>`case when ${connections.requesterUserId} = ${userId} then ${connections.addresseeUserId} else ${connections.requesterUserId} end`
  return peopleOf(
    db,
    and(involves(userId), eq(connections.status, 'aceita')) as SQL,
    other,
    options.limit ?? 200,
  )
}

async function peopleOf(
  db: Executor,
  where: SQL,
  other: SQL<string>,
  limit: number,
): Promise<ConnectionPerson[]> {
  const rows = await db
    .select({
      connectionId: connections.id,
      userId: profiles.userId,
      nomeCompleto: profiles.nomeCompleto,
      userType: profiles.userType,
      avatarUrl: profiles.avatarUrl,
      since: sql<Date | string>`coalesce(${connections.respondedAt}, ${connections.createdAt})`,
    })
    .from(connections)
    .innerJoin(profiles, eq(profiles.userId, other))
    .where(where)
    .orderBy(sql`coalesce(${connections.respondedAt}, ${connections.createdAt}) desc`)
    .limit(limit)
  return rows.map((row) => ({ ...row, since: iso(row.since) as string }))
}

/** The networking tab: connections, requests received (to answer) and sent (to cancel). */
export async function connectionLists(db: Database, userId: string): Promise<ConnectionLists> {
  const [list, received, sent, count] = await Promise.all([
    listConnections(db, userId),
    peopleOf(
      db,
      and(eq(connections.addresseeUserId, userId), eq(connections.status, 'pendente')) as SQL,
      sql<string>`${connections.requesterUserId}`,
      200,
    ),
    peopleOf(
      db,
      and(eq(connections.requesterUserId, userId), eq(connections.status, 'pendente')) as SQL,
      sql<string>`${connections.addresseeUserId}`,
      200,
    ),
    countConnections(db, userId),
  ])
  return { connections: list, received, sent, count }
}
