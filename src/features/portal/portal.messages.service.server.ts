import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.server'
import { paths } from '../../lib/paths'
import { ApiError } from '../../platform/http-error.server'
import { users } from '../auth/auth.table.server'
import { caseMembers } from '../cases/case-members.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { createNotification } from '../notifications/notifications.public.server'
import { officeMembers } from '../offices/offices.table.server'
import {
  newClientMessageText,
  PORTAL_MESSAGE_TEXTS,
  PORTAL_THREAD_LIMIT,
  type PortalMessage,
  type PortalMessageAuthor,
  type PortalThread,
  type SendMessageData,
} from './portal.messages.schema'
import { portalAccess, portalMessageFiles, portalMessages } from './portal.table.server'

// The messages between an office and one client (issue 26). Both sides read and write through these
// functions; what differs is the `ThreadAccess` the route builds: the client sees their whole thread, a
// member only the messages of the cases they reach (an estagiário's cases; none of a case for a level that
// sees no case), after the route checked that the member sees the client at all.

export interface ThreadAccess {
  officeId: string
  clientId: string
  /** A condition on portal_messages limiting what the reader sees (office side); undefined: all of it. */
  visible?: SQL | undefined
  /** A condition on `cases` limiting the cases the reader may pick (office side); undefined: all. */
  reachable?: SQL | undefined
}

/** The member's name in this office (0015), or the account's name; the client's name for their messages. */
const authorName = sql<string>`case when ${portalMessages.author} = 'cliente' then ${clients.nomeCompleto}
  else coalesce((select nullif(om.nome_completo, '') from ${officeMembers} om
    where om.office_id = ${portalMessages.officeId} and om.user_id = ${portalMessages.authorUserId} limit 1),
    ${users.name}, '') end`

function threadWhere(access: ThreadAccess, caseId: string | undefined): SQL {
  return and(
    eq(portalMessages.officeId, access.officeId),
    eq(portalMessages.clientId, access.clientId),
    caseId ? eq(portalMessages.caseId, caseId) : undefined,
    access.visible,
  ) as SQL
}

/** Messages (with their files) matching `where`, newest `limit`, answered oldest first. */
async function loadMessages(db: Executor, where: SQL, limit: number): Promise<PortalMessage[]> {
  const rows = await db
    .select({
      id: portalMessages.id,
      author: portalMessages.author,
      authorName,
      body: portalMessages.body,
      caseId: portalMessages.caseId,
      createdAt: portalMessages.createdAt,
      readAt: portalMessages.readAt,
    })
    .from(portalMessages)
    .innerJoin(
      clients,
      and(eq(clients.officeId, portalMessages.officeId), eq(clients.id, portalMessages.clientId)),
    )
    .leftJoin(users, eq(users.id, portalMessages.authorUserId))
    .where(where)
    // The thread index (office_id, client_id, created_at desc) serves this order.
    .orderBy(sql`${portalMessages.createdAt} desc`, desc(portalMessages.id))
    .limit(limit)
  rows.reverse()
  const ids = rows.map((row) => row.id)
  const files =
    ids.length === 0
      ? []
      : await db
          .select({
            id: portalMessageFiles.id,
            messageId: portalMessageFiles.messageId,
            fileName: portalMessageFiles.fileName,
            size: portalMessageFiles.size,
          })
          .from(portalMessageFiles)
          .where(inArray(portalMessageFiles.messageId, ids))
          .orderBy(asc(portalMessageFiles.createdAt), asc(portalMessageFiles.id))
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    authorName: row.authorName,
    body: row.body,
    caseId: row.caseId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    files: files
      .filter((file) => file.messageId === row.id)
      .map((file) => ({ id: file.id, fileName: file.fileName, size: Number(file.size) })),
  }))
}

/** The client's non-deleted cases the reader may pick, newest first. */
export async function threadCases(
  db: Executor,
  access: ThreadAccess,
  caseId?: string,
): Promise<PortalThread['cases']> {
  return db
    .select({ id: cases.id, titulo: cases.titulo })
    .from(cases)
    .where(
      and(
        eq(cases.officeId, access.officeId),
        eq(cases.clientId, access.clientId),
        isNull(cases.deletedAt),
        caseId ? eq(cases.id, caseId) : undefined,
        access.reachable,
      ),
    )
    .orderBy(sql`${cases.createdAt} desc`, desc(cases.id))
    .limit(200)
}

/**
 * Opens the thread for `reader`: the other side's unread messages it shows become read (read_at = now(),
 * the other side's receipt), then its newest messages, oldest first, and the cases to pick from.
 */
export async function openThread(
  db: Database,
  access: ThreadAccess,
  reader: PortalMessageAuthor,
  caseId: string | undefined,
): Promise<Pick<PortalThread, 'items' | 'cases'>> {
  const where = threadWhere(access, caseId)
  await db
    .update(portalMessages)
    .set({ readAt: sql`now()` })
    .where(and(where, ne(portalMessages.author, reader), isNull(portalMessages.readAt)))
  const [items, caseList] = await Promise.all([
    loadMessages(db, where, PORTAL_THREAD_LIMIT),
    threadCases(db, access),
  ])
  return { items, cases: caseList }
}

/** The client's portal status as the office's thread shows it ('nenhum' without an invitation). */
export async function portalStatusOf(
  db: Executor,
  officeId: string,
  clientId: string,
): Promise<NonNullable<PortalThread['portalStatus']>> {
  const [row] = await db
    .select({ status: portalAccess.status })
    .from(portalAccess)
    .where(and(eq(portalAccess.officeId, officeId), eq(portalAccess.clientId, clientId)))
  return row?.status ?? 'nenhum'
}

export interface NewMessage extends SendMessageData {
  author: PortalMessageAuthor
  userId: string
}

/**
 * Writes a message and attaches its files, in the caller's transaction: the case must be one of this
 * client's that the writer reaches, and every file an unattached upload of the same user for this client
 * (anything else is a 400 and the transaction rolls back, nothing written).
 */
export async function insertMessage(
  tx: Executor,
  access: ThreadAccess,
  message: NewMessage,
): Promise<PortalMessage> {
  if (message.caseId) {
    const [found] = await threadCases(tx, access, message.caseId)
    if (!found) throw invalid('caseId', PORTAL_MESSAGE_TEXTS.invalidCase)
  }
  const [row] = await tx
    .insert(portalMessages)
    .values({
      officeId: access.officeId,
      clientId: access.clientId,
      caseId: message.caseId ?? null,
      author: message.author,
      authorUserId: message.userId,
      body: message.body,
    })
    .returning({ id: portalMessages.id })
  if (!row) throw new Error('portal message not inserted')
  if (message.fileIds.length > 0) {
    const attached = await tx
      .update(portalMessageFiles)
      .set({ messageId: row.id })
      .where(
        and(
          eq(portalMessageFiles.officeId, access.officeId),
          eq(portalMessageFiles.clientId, access.clientId),
          eq(portalMessageFiles.uploadedBy, message.userId),
          isNull(portalMessageFiles.messageId),
          inArray(portalMessageFiles.id, message.fileIds),
        ),
      )
      .returning({ id: portalMessageFiles.id })
    if (attached.length !== message.fileIds.length) {
      throw invalid('fileIds', PORTAL_MESSAGE_TEXTS.invalidFile)
    }
  }
  const [created] = await loadMessages(tx, eq(portalMessages.id, row.id), 1)
  if (!created) throw new Error('portal message not found after insert')
  return created
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}

/** Who hears of a client's message: the case's responsible members, or (no case, none) the office's sócios. */
async function recipients(tx: Executor, officeId: string, caseId: string | null): Promise<string[]> {
  const active = and(eq(officeMembers.officeId, officeId), eq(officeMembers.ativo, true))
  if (caseId) {
    const responsible = await tx
      .selectDistinct({ userId: officeMembers.userId })
      .from(caseMembers)
      .innerJoin(
        officeMembers,
        and(eq(officeMembers.officeId, caseMembers.officeId), eq(officeMembers.id, caseMembers.memberId)),
      )
      .where(and(eq(caseMembers.officeId, officeId), eq(caseMembers.caseId, caseId), active))
    const ids = responsible.map((r) => r.userId).filter((id): id is string => id !== null)
    if (ids.length > 0) return ids
  }
  const partners = await tx
    .selectDistinct({ userId: officeMembers.userId })
    .from(officeMembers)
    .where(and(active, eq(officeMembers.nivelAcesso, 'socio')))
  return partners.map((r) => r.userId).filter((id): id is string => id !== null)
}

/**
 * Tells the office of a client's new message (persisted in the caller's transaction; the live push goes out
 * when it commits). The link opens the CRM narrowed to the client.
 */
export async function notifyOfficeOfClientMessage(
  tx: Executor,
  input: { officeId: string; clientId: string; caseId: string | null; messageId: string },
): Promise<void> {
  const [client] = await tx
    .select({ nome: clients.nomeCompleto })
    .from(clients)
    .where(and(eq(clients.officeId, input.officeId), eq(clients.id, input.clientId)))
  const nome = client?.nome ?? ''
  const link = `${paths.dashboard.crm}?${new URLSearchParams({ search: nome.slice(0, 100) })}`
  for (const userId of await recipients(tx, input.officeId, input.caseId)) {
    await createNotification(tx, {
      userId,
      officeId: input.officeId,
      title: PORTAL_MESSAGE_TEXTS.notificationTitle,
      message: newClientMessageText(nome),
      type: 'info',
      link,
      sourceKey: `portal-message:${input.messageId}`,
    })
  }
}

/**
 * The office's unread client messages ('Mensagens não lidas'): of non-deleted clients, narrowed like the
 * threads (`clientVisible` on `clients`, `visible` on portal_messages) for a level with a partial cell.
 */
export async function countUnread(
  db: Executor,
  officeId: string,
  narrow: { clientVisible?: SQL | undefined; visible?: SQL | undefined } = {},
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portalMessages)
    .innerJoin(
      clients,
      and(eq(clients.officeId, portalMessages.officeId), eq(clients.id, portalMessages.clientId)),
    )
    .where(
      and(
        eq(portalMessages.officeId, officeId),
        eq(portalMessages.author, 'cliente'),
        isNull(portalMessages.readAt),
        isNull(clients.deletedAt),
        narrow.clientVisible,
        narrow.visible,
      ),
    )
  return Number(row?.n ?? 0)
}

/** Whether a message is in the thread as the reader sees it (its attachments' downloads). */
export async function messageVisible(
  db: Executor,
  access: ThreadAccess,
  messageId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: portalMessages.id })
    .from(portalMessages)
    .where(and(threadWhere(access, undefined), eq(portalMessages.id, messageId)))
  return row !== undefined
}
