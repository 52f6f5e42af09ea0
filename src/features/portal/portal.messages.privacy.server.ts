import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { portalMessageFiles, portalMessages } from './portal.table.server'

// LGPD for the portal's messages (issue 26): a client's thread is personal data of that client. The shell
// (privacy's hooks) decides when these run; the files' bytes are deleted by the caller after its commit.

export interface ExportedMessage {
  author: 'cliente' | 'escritorio'
  body: string
  caseId: string | null
  createdAt: string
  readAt: string | null
  files: string[]
}

/** A client's whole thread, oldest first, for their data export (the texts and the attachments' names). */
export async function exportClientMessages(
  db: Executor,
  officeId: string,
  clientId: string,
): Promise<ExportedMessage[]> {
  const rows = await db
    .select({
      id: portalMessages.id,
      author: portalMessages.author,
      body: portalMessages.body,
      caseId: portalMessages.caseId,
      createdAt: portalMessages.createdAt,
      readAt: portalMessages.readAt,
    })
    .from(portalMessages)
    .where(and(eq(portalMessages.officeId, officeId), eq(portalMessages.clientId, clientId)))
    .orderBy(asc(portalMessages.createdAt), asc(portalMessages.id))
  const files =
    rows.length === 0
      ? []
      : await db
          .select({ messageId: portalMessageFiles.messageId, fileName: portalMessageFiles.fileName })
          .from(portalMessageFiles)
          .where(
            inArray(
              portalMessageFiles.messageId,
              rows.map((row) => row.id),
            ),
          )
  return rows.map((row) => ({
    author: row.author,
    body: row.body,
    caseId: row.caseId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    files: files.filter((file) => file.messageId === row.id).map((file) => file.fileName),
  }))
}

/**
 * Deletes a client's messages and attachments (an anonymisation erases the thread): returns the storage keys
 * ('documents' area) the caller deletes once its transaction commits (the orphan sweeper catches a miss).
 */
export async function eraseClientMessages(
  tx: Executor,
  officeId: string,
  clientId: string,
): Promise<string[]> {
  const files = await tx
    .delete(portalMessageFiles)
    .where(and(eq(portalMessageFiles.officeId, officeId), eq(portalMessageFiles.clientId, clientId)))
    .returning({ key: portalMessageFiles.storageKey })
  await tx
    .delete(portalMessages)
    .where(and(eq(portalMessages.officeId, officeId), eq(portalMessages.clientId, clientId)))
  return files.map((file) => file.key)
}
