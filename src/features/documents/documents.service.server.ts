import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database, Executor } from '../../db/client.server'
import { formatCnj } from '../../lib/br/cnj'
import { containsPattern, searchWords } from '../../lib/search-terms'
import { caseMembers } from '../cases/case-members.table.server'
import { linkedCaseScope, linkedCaseVisible, type LinkedCaseScope } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { accessLevel, type NivelAcesso } from '../offices/offices.public'
import { officeMembers } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { visibleLevels } from './documents.access'
import {
  DOCUMENT_FOLDERS,
  type DocumentAccessLevel,
  type DocumentFileType,
  type DocumentFolder,
  type DocumentList,
  type DocumentRow,
  type DocumentStats,
  type DocumentVersionRow,
} from './documents.schema'
import { documents, documentVersions } from './documents.table.server'

// The documents' read side: list and search, stats, one document with its history, and the version a
// download streams. Writes live in documents.write.server.ts. Every query here takes the Viewer and
// applies the access rule in SQL, so a document the member may not see is simply absent (→ 404).

/** Who is asking: the office (from the session's membership), the member and their team level. */
export interface Viewer {
  officeId: string
  userId: string
  nivelAcesso: NivelAcesso
  /** office_members.id: whose cases the estagiário's partial cells mean (case_members). */
  memberId: string
}

export interface DocumentFilter {
  search?: string | undefined
  pasta?: DocumentFolder | undefined
  nivelAcesso?: DocumentAccessLevel | undefined
  clientId?: string | undefined
  caseId?: string | undefined
  compartilhadoCliente?: boolean | undefined
}

/** Exact up to this many, as clients (an exact count over 100k rows costs a scan on every keystroke). */
export const TOTAL_CAP = 10_000
/**
 * A search counts at most this many: its matches come from the trigram bitmaps, and counting 10 000 of them
 * took 20–25 ms at 100 k documents (bench/documents.ts), while a user refines a search long before.
 */
export const SEARCH_TOTAL_CAP = 1_000

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

/** documents.access.ts as SQL: the levels the member sees, or anything they uploaded. */
export function visibleTo(viewer: Viewer): SQL | undefined {
  const levels = visibleLevels(viewer.nivelAcesso)
  if (levels.length === 3) return undefined
  return or(inArray(documents.nivelAcesso, [...levels]), eq(documents.createdBy, viewer.userId))
}

/**
 * The cases a document's link reaches for this member (spec §6 'cases.view'): every case, the cases where
 * the estagiário is responsible, none for the assistente. A document stays visible by its access level;
 * only its case's labels, the case filter and new links follow this (issue 24).
 */
export function caseReach(viewer: Viewer): LinkedCaseScope {
  return linkedCaseScope({ id: viewer.officeId, nivelAcesso: viewer.nivelAcesso }, viewer.memberId)
}

/**
 * A document's client link as this member sees it: any client, or for the estagiário ('clients.manage'
 * partial) none or a client of a case where they are responsible — the clients module's own rule.
 */
export function clientReach(viewer: Viewer): SQL | undefined {
  if (accessLevel(viewer.nivelAcesso, 'clients.manage') !== 'partial') return undefined
  return sql`(${documents.clientId} is null or ${documents.clientId} in (select k.client_id from ${caseMembers} m
    join ${cases} k on k.id = m.case_id where m.office_id = ${viewer.officeId} and m.member_id = ${viewer.memberId}
    and k.office_id = ${viewer.officeId} and k.deleted_at is null and k.client_id is not null))`
}

/** Every word in the name or in the tags (accent/case-insensitive; trigram indexes on both). */
function searchCondition(search: string): SQL {
  const words = searchWords(search).map((word) => {
    const pattern = sql`f_unaccent(lower(${containsPattern(word)}::text))`
    return or(sql`${documents.nomeBusca} like ${pattern}`, sql`${documents.etiquetasBusca} like ${pattern}`)
  })
  return and(...words) ?? sql`true`
}

function listWhere(viewer: Viewer, filter: DocumentFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(documents.officeId, viewer.officeId),
    isNull(documents.deletedAt),
    visibleTo(viewer),
  ]
  if (filter.pasta) conditions.push(eq(documents.pasta, filter.pasta))
  if (filter.nivelAcesso) conditions.push(eq(documents.nivelAcesso, filter.nivelAcesso))
  // A record outside the member's reach filters to nothing, like an unknown id.
  if (filter.clientId) conditions.push(eq(documents.clientId, filter.clientId), clientReach(viewer))
  if (filter.caseId) {
    conditions.push(
      eq(documents.caseId, filter.caseId),
      linkedCaseVisible(documents.caseId, caseReach(viewer)),
    )
  }
  if (filter.compartilhadoCliente !== undefined) {
    conditions.push(eq(documents.compartilhadoCliente, filter.compartilhadoCliente))
  }
  if (filter.search) conditions.push(searchCondition(filter.search))
  return and(...conditions) ?? sql`true`
}

/**
 * 'Enviado por': the uploader as the office knows them (the team record), else their profile — never
 * users.name, which an account could once rename at will (issue 24).
 */
const uploaderMember = alias(officeMembers, 'uploader_member')
const uploaderProfile = alias(profiles, 'uploader_profile')
const uploaderNome = sql<
  string | null
>`coalesce(nullif(${uploaderMember.nomeCompleto}, ''), ${uploaderProfile.nomeCompleto})`

// Written out as the index is (desc NULLS LAST): drizzle's desc() means NULLS FIRST, which no index here
// serves, so every page sorted the whole office (254 ms at 100 k, bench/documents.ts).
const newestFirst = [sql`${documents.createdAt} desc nulls last`, sql`${documents.id} desc nulls last`]

/**
 * The columns of a DocumentRow: the document, its current version, client, case and uploader. The client
 * and case labels are joined only within the member's reach: a público document of a case they don't see
 * shows no case title, CNJ number or client name.
 */
function selectRows(db: Executor, viewer: Viewer) {
  return db
    .select({
      document: documents,
      tipo: documentVersions.tipo,
      mimeType: documentVersions.mimeType,
      size: documentVersions.size,
      originalName: documentVersions.originalName,
      clientNome: clients.nomeCompleto,
      caseTitulo: cases.titulo,
      caseNumero: cases.numeroProcesso,
      uploaderNome,
    })
    .from(documents)
    .innerJoin(
      documentVersions,
      and(eq(documentVersions.documentId, documents.id), eq(documentVersions.versao, documents.versao)),
    )
    .leftJoin(clients, and(eq(clients.id, documents.clientId), clientReach(viewer)))
    .leftJoin(
      cases,
      and(eq(cases.id, documents.caseId), linkedCaseVisible(documents.caseId, caseReach(viewer))),
    )
    .leftJoin(
      uploaderMember,
      and(eq(uploaderMember.officeId, documents.officeId), eq(uploaderMember.userId, documents.createdBy)),
    )
    .leftJoin(uploaderProfile, eq(uploaderProfile.userId, documents.createdBy))
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number]

function toRow(row: SelectedRow): DocumentRow {
  const d = row.document
  return {
    id: d.id,
    nome: d.nome,
    originalName: row.originalName,
    tipo: row.tipo,
    mimeType: row.mimeType,
    pasta: d.pasta,
    nivelAcesso: d.nivelAcesso,
    versao: d.versao,
    tamanho: Number(row.size),
    etiquetas: d.etiquetas,
    observacoes: d.observacoes,
    compartilhadoCliente: d.compartilhadoCliente,
    cliente: d.clientId && row.clientNome !== null ? { id: d.clientId, nomeCompleto: row.clientNome } : null,
    caso:
      d.caseId && row.caseTitulo !== null
        ? {
            id: d.caseId,
            titulo: row.caseTitulo,
            numeroProcesso: row.caseNumero === null ? null : formatCnj(row.caseNumero),
          }
        : null,
    enviadoPor: d.createdBy && row.uploaderNome !== null ? { id: d.createdBy, nome: row.uploaderNome } : null,
    dataUpload: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
  }
}

export async function listDocuments(
  db: Database,
  viewer: Viewer,
  query: DocumentFilter & { limit: number; offset: number },
): Promise<DocumentList> {
  const where = listWhere(viewer, query)
  const cap = query.search ? SEARCH_TOTAL_CAP : TOTAL_CAP
  // Unfiltered, the ordered count walks the page's own index (index-only); with a filter any order would
  // add a sort of up to `cap` rows (10 ms for a folder), so the planner picks its path freely.
  const unfiltered = !query.search && !query.pasta && !query.nivelAcesso && !query.clientId && !query.caseId
  const capped = db
    .select({ one: sql`1` })
    .from(documents)
    .where(where)
    .orderBy(...(unfiltered ? newestFirst : []))
    .limit(cap + 1)
    .as('capped')
  const [rows, [count]] = await Promise.all([
    selectRows(db, viewer)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(capped),
  ])
  const total = Number(count?.total ?? 0)
  return { items: rows.map(toRow), total: Math.min(total, cap), totalCapped: total > cap }
}

/** The cards and the folder view: only what this member may see. 'Este Mês' is the São Paulo month. */
export async function getDocumentStats(db: Database, viewer: Viewer): Promise<DocumentStats> {
  const monthStart = sql`(date_trunc('month', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')`
  const rows = await db
    .select({
      pasta: documents.pasta,
      total: sql<number>`count(*)::int`,
      confidenciais: sql<number>`(count(*) filter (where ${documents.nivelAcesso} = 'confidencial'))::int`,
      esteMes: sql<number>`(count(*) filter (where ${documents.createdAt} >= ${monthStart}))::int`,
    })
    .from(documents)
    .where(and(eq(documents.officeId, viewer.officeId), isNull(documents.deletedAt), visibleTo(viewer)))
    .groupBy(documents.pasta)
  const porPasta = Object.fromEntries(DOCUMENT_FOLDERS.map((p) => [p, 0])) as Record<DocumentFolder, number>
  const stats: DocumentStats = {
    total: 0,
    pastas: DOCUMENT_FOLDERS.length,
    confidenciais: 0,
    esteMes: 0,
    porPasta,
  }
  for (const row of rows) {
    porPasta[row.pasta] = Number(row.total)
    stats.total += Number(row.total)
    stats.confidenciais += Number(row.confidenciais)
    stats.esteMes += Number(row.esteMes)
  }
  return stats
}

/** One document this member may see (deleted ones only when asked, for restore), or null. */
export async function getDocument(
  db: Executor,
  viewer: Viewer,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<DocumentRow | null> {
  const [row] = await selectRows(db, viewer).where(
    and(
      eq(documents.id, id),
      eq(documents.officeId, viewer.officeId),
      options.deleted ? isNotNull(documents.deletedAt) : isNull(documents.deletedAt),
      visibleTo(viewer),
    ),
  )
  return row ? toRow(row) : null
}

/** Of these ids, the documents this member may see (not deleted): what another feature may show about them. */
export async function visibleDocumentIds(db: Executor, viewer: Viewer, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        inArray(documents.id, ids),
        eq(documents.officeId, viewer.officeId),
        isNull(documents.deletedAt),
        visibleTo(viewer),
      ),
    )
  return rows.map((row) => row.id)
}

/** The history of a document, newest first (the caller has checked that the member sees it). */
export async function listVersions(
  db: Executor,
  officeId: string,
  id: string,
): Promise<DocumentVersionRow[]> {
  const rows = await db
    .select({
      versao: documentVersions.versao,
      size: documentVersions.size,
      tipo: documentVersions.tipo,
      originalName: documentVersions.originalName,
      uploadedBy: documentVersions.uploadedBy,
      uploaderNome,
      createdAt: documentVersions.createdAt,
    })
    .from(documentVersions)
    .leftJoin(
      uploaderMember,
      and(
        eq(uploaderMember.officeId, documentVersions.officeId),
        eq(uploaderMember.userId, documentVersions.uploadedBy),
      ),
    )
    .leftJoin(uploaderProfile, eq(uploaderProfile.userId, documentVersions.uploadedBy))
    .where(and(eq(documentVersions.officeId, officeId), eq(documentVersions.documentId, id)))
    .orderBy(desc(documentVersions.versao))
  return rows.map((row) => ({
    versao: row.versao,
    tamanho: Number(row.size),
    tipo: row.tipo,
    originalName: row.originalName,
    enviadoPor:
      row.uploadedBy && row.uploaderNome !== null ? { id: row.uploadedBy, nome: row.uploaderNome } : null,
    createdAt: iso(row.createdAt),
  }))
}

export interface VersionFile {
  documentId: string
  nivelAcesso: DocumentAccessLevel
  versao: number
  storageKey: string
  size: number
  sha256: string
  tipo: DocumentFileType
  mimeType: string
  originalName: string
  encrypted: boolean
}

/** The stored file of a version (the current one by default) of a document the member sees, or null. */
export async function findVersionFile(
  db: Executor,
  viewer: Viewer,
  id: string,
  versao?: number,
): Promise<VersionFile | null> {
  const [row] = await db
    .select({
      documentId: documents.id,
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
        eq(documentVersions.documentId, documents.id),
        eq(documentVersions.versao, versao ?? documents.versao),
      ),
    )
    .where(
      and(
        eq(documents.id, id),
        eq(documents.officeId, viewer.officeId),
        isNull(documents.deletedAt),
        visibleTo(viewer),
      ),
    )
  return row ? { ...row, size: Number(row.size) } : null
}

/**
 * Documents of the office the member may see (the dashboard's 'Documentos' counter), capped like the
 * list's total.
 */
export async function countDocuments(db: Database, viewer: Viewer): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(documents)
    .where(and(eq(documents.officeId, viewer.officeId), isNull(documents.deletedAt), visibleTo(viewer)))
    .limit(TOTAL_CAP + 1)
    .as('capped')
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped)
  return Math.min(Number(row?.total ?? 0), TOTAL_CAP)
}
export type { Executor }
