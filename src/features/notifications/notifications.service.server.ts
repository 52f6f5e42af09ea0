import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import {
  notificationInput,
  type NotificationInput,
  type NotificationList,
  type NotificationRow,
  type NotificationType,
} from './notifications.schema'
import { notifications } from './notifications.table.server'

/**
 * The channel every node LISTENs on. A payload carries ids only (DESIGN §8 "Realtime"): the user and the
 * rows that changed; each node reads the rows itself before telling a browser anything.
 */
export const NOTIFICATIONS_CHANNEL = 'jc_notifications'

export type NotificationChangeKind = 'created' | 'read' | 'read-all' | 'removed'

export interface NotificationChange {
  /** The user whose notifications changed. */
  u: string
  e: NotificationChangeKind
  /** The notifications concerned (none for read-all). */
  ids?: string[]
}

/** The database or an open transaction: a notification may be created inside someone else's transaction. */
export type NotificationExecutor = Pick<Database, 'execute'>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID.test(value)

const changePayload = (change: NotificationChange) => JSON.stringify(change)

interface CreatedRow extends Record<string, unknown> {
  id: string
  title: string
  message: string
  type: NotificationType
  link: string | null
  created_ms: number | string
}

/**
 * Creates a notification and tells every node, in ONE statement: the NOTIFY is part of the same
 * transaction as the row (the caller's, when given one), so it is heard only if the row commits, and a
 * listener that hears it finds the row. Returns null when `sourceKey` was already used for this user.
 */
export async function createNotification(
  db: NotificationExecutor,
  input: NotificationInput,
): Promise<NotificationRow | null> {
  const data = notificationInput.parse(input)
  const result = await db.execute<CreatedRow>(sql`
    with inserted as (
      insert into ${notifications} (user_id, office_id, title, message, type, link, source_key)
      values (${data.userId}, ${data.officeId ?? null}, ${data.title}, ${data.message}, ${data.type},
              ${data.link ?? null}, ${data.sourceKey ?? null})
      on conflict (user_id, source_key) do nothing
      returning id, user_id, title, message, type, link, created_at
    )
    select id, title, message, type, link,
           (extract(epoch from created_at) * 1000)::float8 as created_ms,
           pg_notify(${NOTIFICATIONS_CHANNEL},
                     json_build_object('u', user_id, 'e', 'created', 'ids', json_build_array(id))::text)
      from inserted`)
  const row = result.rows[0]
  if (!row) return null
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    link: row.link,
    time: new Date(Number(row.created_ms)).toISOString(),
    read: false,
  }
}

const rowColumns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
}

function toRow(row: {
  id: string
  title: string
  message: string
  type: NotificationType
  link: string | null
  createdAt: Date
  readAt: Date | null
}): NotificationRow {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    link: row.link,
    time: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.n ?? 0
}

/** The user's newest notifications first, with the totals the bell and the home counter show. */
export async function listNotifications(
  db: Database,
  userId: string,
  limit: number,
): Promise<NotificationList> {
  const [items, [totals]] = await Promise.all([
    db
      .select(rowColumns)
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ])
  return { items: items.map(toRow), total: totals?.total ?? 0, unread: totals?.unread ?? 0 }
}

/** The user's own notifications among `ids` (anyone else's simply are not there). */
export async function readOwnNotifications(db: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return []
  const rows = await db
    .select(rowColumns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)))
    .orderBy(notifications.createdAt, notifications.id)
  return rows.map(toRow)
}

async function notifyChange(db: Pick<Database, 'execute'>, change: NotificationChange) {
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${changePayload(change)})`)
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markNotificationRead(db: Database, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .for('update')
    if (!row) return false
    if (row.readAt === null) {
      await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(eq(notifications.id, id))
      await notifyChange(tx, { u: userId, e: 'read', ids: [id] })
    }
    return true
  })
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id })
    if (changed.length > 0) await notifyChange(tx, { u: userId, e: 'read-all' })
    return changed.length
  })
}

/** Deletes one of the user's notifications; false when it is not theirs (or does not exist). */
export async function removeNotification(db: Database, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id })
    if (removed.length === 0) return false
    await notifyChange(tx, { u: userId, e: 'removed', ids: [id] })
    return true
  })
}
