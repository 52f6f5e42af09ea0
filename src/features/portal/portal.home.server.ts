import { and, asc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { formatCnj } from '../../lib/br/cnj'
import { events } from '../agenda/agenda.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { documents, documentVersions } from '../documents/documents.table.server'
import { officeSettings } from '../office-settings/office-settings.public.server'
import { offices } from '../offices/offices.table.server'
import { caseAndamentos } from '../publications/publications.table.server'
import { signatureRequests, signatureSigners } from '../signatures/signatures.table.server'
import { listPortalCharges } from './portal.charges.server'
import { clientCaseIds, inIds, ownedByClient, type PortalReader } from './portal.scope.server'
import {
  PORTAL_CASE_STATUS_LABELS,
  PORTAL_EVENT_TYPE_LABELS,
  type PortalCaseCard,
  type PortalDocument,
  type PortalEvent,
  type PortalHome,
  type PortalMovement,
  type PortalSignature,
} from './portal.data.schema'

// The client's home in the portal (issue 26) and the readers the case page and the export share. Every
// reader is bounded by the client's ids (portal_access → client): what a row must satisfy to be the client's
// is written once, in ownedByClient, and every list is capped.

export const HOME_LIMITS = { cases: 100, events: 20, documents: 50, signatures: 20 } as const

/** One movement of a case's DataJud timeline, as publications stores it. */
type Andamento = (typeof caseAndamentos.$inferSelect)['movimentos'][number]

/** The client's cases that still exist, the most active first. */
async function clientCases(db: Executor, reader: PortalReader) {
  return db
    .select({
      id: cases.id,
      titulo: cases.titulo,
      numeroProcesso: cases.numeroProcesso,
      status: cases.status,
      areaJuridica: cases.areaJuridica,
      tribunal: cases.tribunal,
    })
    .from(cases)
    .where(
      and(eq(cases.officeId, reader.officeId), eq(cases.clientId, reader.clientId), isNull(cases.deletedAt)),
    )
    .orderBy(sql`(${cases.status} in ('aberto', 'andamento')) desc`, sql`${cases.updatedAt} desc`)
    .limit(HOME_LIMITS.cases)
}

export const caseStatusLabel = (status: string) => PORTAL_CASE_STATUS_LABELS[status] ?? status

/** DataJud's movement names are Portuguese already; the text is stripped of any markup all the same. */
export function movementText(movement: Pick<Andamento, 'nome' | 'complementos'>): string {
  const plain = (text: string) =>
    text
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  const nome = plain(movement.nome)
  const extra = movement.complementos.map(plain).filter((text) => text !== '')
  return extra.length > 0 ? `${nome} (${extra.join('; ')})` : nome
}

export function toMovement(movement: Andamento): PortalMovement {
  return { data: movement.dataHora, texto: movementText(movement) }
}

/**
 * The DataJud timelines (newest first) of these cases, as the office last fetched them: a timeline fetched for
 * another number (the case's number changed since) is not the case's.
 */
export async function caseMovements(
  db: Executor,
  reader: PortalReader,
  caseRows: readonly { id: string; numeroProcesso: string | null }[],
  limit: number,
): Promise<Map<string, PortalMovement[]>> {
  const numbers = new Map(caseRows.map((row) => [row.id, row.numeroProcesso]))
  if (numbers.size === 0) return new Map()
  const rows = await db
    .select({
      caseId: caseAndamentos.caseId,
      numeroProcesso: caseAndamentos.numeroProcesso,
      movimentos: sql<
        Andamento[]
      >`coalesce(jsonb_path_query_array(${caseAndamentos.movimentos}, ${`$[0 to ${limit - 1}]`}::jsonpath), '[]'::jsonb)`,
    })
    .from(caseAndamentos)
    .where(
      and(eq(caseAndamentos.officeId, reader.officeId), inIds(caseAndamentos.caseId, [...numbers.keys()])),
    )
  const result = new Map<string, PortalMovement[]>()
  for (const row of rows) {
    if (row.numeroProcesso === null || row.numeroProcesso !== numbers.get(row.caseId)) continue
    result.set(row.caseId, row.movimentos.map(toMovement))
  }
  return result
}

const eventColumns = {
  id: events.id,
  titulo: events.titulo,
  tipo: events.tipo,
  inicio: events.inicio,
  diaInteiro: events.diaInteiro,
  local: events.local,
  caseId: events.caseId,
}

function toEvent(row: {
  id: string
  titulo: string
  tipo: string
  inicio: Date
  diaInteiro: boolean
  local: string | null
  caseId: string | null
}): PortalEvent {
  return {
    ...row,
    tipoLabel: PORTAL_EVENT_TYPE_LABELS[row.tipo] ?? row.tipo,
    inicio: row.inicio.toISOString(),
    fim: null,
  }
}

/** Events the office marked 'Visível ao cliente', not deleted nor cancelled. */
export function visibleEvent(reader: PortalReader): SQL {
  return and(
    eq(events.officeId, reader.officeId),
    eq(events.visivelCliente, true),
    isNull(events.deletedAt),
    sql`${events.status} <> 'cancelado'`,
  ) as SQL
}

/** The client's visible events from now on, soonest first. */
export async function upcomingEvents(
  db: Executor,
  reader: PortalReader,
  caseIds: readonly string[],
  limit: number,
): Promise<PortalEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        visibleEvent(reader),
        ownedByClient(reader, events.clientId, events.caseId, caseIds),
        sql`${events.inicio} >= now()`,
      ),
    )
    .orderBy(asc(events.inicio))
    .limit(limit)
  return rows.map(toEvent)
}

/** Visible events matching `where` (ownership included by the caller), newest first. */
export async function eventsWhere(db: Executor, reader: PortalReader, where: SQL, limit: number) {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(and(visibleEvent(reader), where))
    .orderBy(sql`${events.inicio} desc`)
    .limit(limit)
  return rows.map(toEvent)
}

/** Shared documents matching `where` (ownership included by the caller), newest first, with their current file. */
export async function sharedDocuments(
  db: Executor,
  reader: PortalReader,
  where: SQL,
  limit: number,
): Promise<PortalDocument[]> {
  const rows = await db
    .select({
      id: documents.id,
      nome: documents.nome,
      tipo: documentVersions.tipo,
      size: documentVersions.size,
      createdAt: documents.createdAt,
      caseId: documents.caseId,
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
        eq(documents.compartilhadoCliente, true),
        isNull(documents.deletedAt),
        where,
      ),
    )
    .orderBy(sql`${documents.createdAt} desc`, sql`${documents.id} desc`)
    .limit(limit)
  return rows.map((row) => ({ ...row, size: Number(row.size), createdAt: row.createdAt.toISOString() }))
}

/** The signer rows of this client still waiting for a signature (not signed, refused, locked or expired). */
export async function pendingSignatures(db: Executor, reader: PortalReader): Promise<PortalSignature[]> {
  const rows = await db
    .select({
      requestId: signatureRequests.id,
      documentName: signatureRequests.documentName,
      sentAt: signatureRequests.createdAt,
    })
    .from(signatureSigners)
    .innerJoin(
      signatureRequests,
      and(
        eq(signatureRequests.officeId, signatureSigners.officeId),
        eq(signatureRequests.id, signatureSigners.requestId),
      ),
    )
    .where(
      and(
        eq(signatureSigners.officeId, reader.officeId),
        eq(signatureSigners.clientId, reader.clientId),
        isNull(signatureSigners.signedAt),
        isNull(signatureSigners.refusedAt),
        isNull(signatureSigners.lockedAt),
        sql`${signatureSigners.expiresAt} > now()`,
        eq(signatureRequests.status, 'pendente'),
      ),
    )
    .orderBy(sql`${signatureRequests.createdAt} desc`)
    .limit(HOME_LIMITS.signatures)
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }))
}

/** The office as it presents itself (the personalised name when set) and the client's own name. */
export async function portalNames(db: Executor, reader: PortalReader) {
  const [row] = await db
    .select({
      officeName: sql<string>`coalesce(nullif(${officeSettings.nomeEscritorio}, ''), ${offices.nome})`,
      clientName: clients.nomeCompleto,
    })
    .from(clients)
    .innerJoin(offices, eq(offices.id, clients.officeId))
    .leftJoin(officeSettings, eq(officeSettings.officeId, clients.officeId))
    .where(and(eq(clients.officeId, reader.officeId), eq(clients.id, reader.clientId)))
    .limit(1)
  return { officeName: row?.officeName ?? '', clientName: row?.clientName ?? '' }
}

/** The next visible hearing of each case (audiências from now on). */
async function nextHearings(db: Executor, reader: PortalReader, caseIds: readonly string[]) {
  if (caseIds.length === 0) return new Map<string, PortalCaseCard['nextHearing']>()
  const rows = await db
    .selectDistinctOn([events.caseId], {
      caseId: events.caseId,
      inicio: events.inicio,
      titulo: events.titulo,
      local: events.local,
    })
    .from(events)
    .where(
      and(
        visibleEvent(reader),
        inIds(events.caseId, caseIds),
        sql`(${events.clientId} is null or ${events.clientId} = ${reader.clientId})`,
        eq(events.tipo, 'audiencia'),
        sql`${events.inicio} >= now()`,
      ),
    )
    .orderBy(events.caseId, asc(events.inicio))
  return new Map(
    rows.map((row) => [
      row.caseId ?? '',
      { inicio: row.inicio.toISOString(), titulo: row.titulo, local: row.local },
    ]),
  )
}

/** GET /api/portal/o/:officeId/home: everything the client's first screen shows, each list capped. */
export async function getPortalHome(db: Executor, reader: PortalReader): Promise<PortalHome> {
  const caseRows = await clientCases(db, reader)
  const shownIds = caseRows.map((row) => row.id)
  // The page holds every case of all but the rarest client: the full list only when it is capped.
  const allCaseIds = caseRows.length < HOME_LIMITS.cases ? shownIds : await clientCaseIds(db, reader)
  const owned = (clientColumn: AnyColumn, caseColumn: AnyColumn) =>
    ownedByClient(reader, clientColumn, caseColumn, allCaseIds)
  const [names, hearings, movements, upcoming, docs, charges, signatures] = await Promise.all([
    portalNames(db, reader),
    nextHearings(db, reader, shownIds),
    caseMovements(db, reader, caseRows, 1),
    upcomingEvents(db, reader, allCaseIds, HOME_LIMITS.events),
    sharedDocuments(db, reader, owned(documents.clientId, documents.caseId), HOME_LIMITS.documents),
    listPortalCharges(db, reader, allCaseIds),
    pendingSignatures(db, reader),
  ])
  return {
    office: { nome: names.officeName },
    client: { nome: names.clientName },
    cases: caseRows.map((row) => ({
      id: row.id,
      titulo: row.titulo,
      numeroProcesso: row.numeroProcesso ? formatCnj(row.numeroProcesso) : null,
      status: row.status,
      statusLabel: caseStatusLabel(row.status),
      areaLabel: row.areaJuridica,
      tribunal: row.tribunal,
      nextHearing: hearings.get(row.id) ?? null,
      lastMovement: movements.get(row.id)?.[0] ?? null,
    })),
    events: upcoming,
    documents: docs,
    charges,
    signatures,
  }
}
