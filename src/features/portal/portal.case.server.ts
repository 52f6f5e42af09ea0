import { and, eq, isNull, sql, type AnyColumn } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { formatCnj } from '../../lib/br/cnj'
import { notFound } from '../../platform/http-error.server'
import { events } from '../agenda/agenda.table.server'
import { cases } from '../cases/cases.table.server'
import { documents, documentVersions } from '../documents/documents.table.server'
import type { VersionFile } from '../documents/documents.public.server'
import { caseMovements, caseStatusLabel, eventsWhere, sharedDocuments } from './portal.home.server'
import { PORTAL_DATA_MESSAGES, type PortalCaseDetail } from './portal.data.schema'
import { ownedByClient, type PortalReader } from './portal.scope.server'

// One case of the client in the portal (issue 26), and the file of a shared document.

export const CASE_LIMITS = { documents: 50, events: 50, movements: 50 } as const

/** A row of this case that no other client is named on. */
const ofCase = (caseColumn: AnyColumn, clientColumn: AnyColumn, reader: PortalReader, caseId: string) =>
  sql`${caseColumn} = ${caseId} and (${clientColumn} is null or ${clientColumn} = ${reader.clientId})`

/** GET /cases/:caseId: 404 unless the case is the client's and not deleted. */
export async function getPortalCase(
  db: Executor,
  reader: PortalReader,
  caseId: string,
): Promise<PortalCaseDetail> {
  const [row] = await db
    .select({
      id: cases.id,
      titulo: cases.titulo,
      numeroProcesso: cases.numeroProcesso,
      status: cases.status,
      areaJuridica: cases.areaJuridica,
      tribunal: cases.tribunal,
      vara: cases.vara,
      dataInicio: cases.dataInicio,
    })
    .from(cases)
    .where(
      and(
        eq(cases.officeId, reader.officeId),
        eq(cases.id, caseId),
        eq(cases.clientId, reader.clientId),
        isNull(cases.deletedAt),
      ),
    )
    .limit(1)
  if (!row) throw notFound(PORTAL_DATA_MESSAGES.caseNotFound)
  const [docs, caseEvents, movements] = await Promise.all([
    sharedDocuments(
      db,
      reader,
      ofCase(documents.caseId, documents.clientId, reader, caseId),
      CASE_LIMITS.documents,
    ),
    eventsWhere(db, reader, ofCase(events.caseId, events.clientId, reader, caseId), CASE_LIMITS.events),
    caseMovements(db, reader, [row], CASE_LIMITS.movements),
  ])
  return {
    id: row.id,
    titulo: row.titulo,
    numeroProcesso: row.numeroProcesso ? formatCnj(row.numeroProcesso) : null,
    status: row.status,
    statusLabel: caseStatusLabel(row.status),
    areaLabel: row.areaJuridica,
    tribunal: row.tribunal,
    vara: row.vara,
    dataInicio: String(row.dataInicio),
    documents: docs,
    events: caseEvents,
    movements: movements.get(row.id) ?? [],
  }
}

/**
 * The current file of a document shared with the client and linked to them or to one of their cases; null for
 * anything else (not shared, another client's, deleted), which the route answers 404.
 */
export async function findSharedDocumentFile(
  db: Executor,
  reader: PortalReader,
  caseIds: readonly string[],
  documentId: string,
): Promise<(VersionFile & { nome: string }) | null> {
  const [row] = await db
    .select({
      documentId: documents.id,
      nome: documents.nome,
      nivelAcesso: documents.nivelAcesso,
      versao: documentVersions.versao,
      storageKey: documentVersions.storageKey,
      size: documentVersions.size,
      sha256: documentVersions.sha256,
      tipo: documentVersions.tipo,
      mimeType: documentVersions.mimeType,
      originalName: documentVersions.originalName,
      encrypted: documentVersions.encrypted,
    })
    .from(documents)
    .innerJoin(
      documentVersions,
      and(
        eq(documentVersions.officeId, documents.officeId),
        eq(documentVersions.documentId, documents.id),
        eq(documentVersions.versao, documents.versao),
      ),
    )
    .where(
      and(
        eq(documents.officeId, reader.officeId),
        eq(documents.id, documentId),
        eq(documents.compartilhadoCliente, true),
        isNull(documents.deletedAt),
        ownedByClient(reader, documents.clientId, documents.caseId, caseIds),
      ),
    )
    .limit(1)
  return row ? { ...row, size: Number(row.size) } : null
}
