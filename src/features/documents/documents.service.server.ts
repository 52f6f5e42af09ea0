import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { formatCnj } from '../../lib/br/cnj'
import { containsPattern, searchWords } from '../../lib/search-terms'
import { users } from '../auth/auth.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import type { NivelAcesso } from '../offices/offices.public'
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

/** The request's database or a transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

/** Who is asking: the office (from the session's membership), the member and their team level. */
export interface Viewer {
  officeId: string
  userId: string
  nivelAcesso: NivelAcesso
}

export interface DocumentFilter {
  search?: string | undefined
  pasta?: DocumentFolder | undefined
  nivelAcesso?: DocumentAccessLevel | undefined
  clientId?: string | undefined
  caseId?: string | undefined
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
  if (filter.clientId) conditions.push(eq(documents.clientId, filter.clientId))
  if (filter.caseId) conditions.push(eq(documents.caseId, filter.caseId))
  if (filter.search) conditions.push(searchCondition(filter.search))
  return and(...conditions) ?? sql`true`
}

// Written out as the index is (desc NULLS LAST): drizzle's desc() means NULLS FIRST, which no index here
// serves, so every page sorted the whole office (254 ms at 100 k, bench/documents.ts).
const newestFirst = [sql`${documents.createdAt} desc nulls last`, sql`${documents.id} desc nulls last`]

/** The columns of a DocumentRow: the document, its current version, client, case and uploader. */
function selectRows(db: Executor) {
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
      uploaderNome: users.name,
    })
    .from(documents)
    .innerJoin(
      documentVersions,
      and(eq(documentVersions.documentId, documents.id), eq(documentVersions.versao, documents.versao)),
    )
    .leftJoin(clients, eq(clients.id, documents.clientId))
    .leftJoin(cases, eq(cases.id, documents.caseId))
    .leftJoin(users, eq(users.id, documents.createdBy))
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
    selectRows(db)
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
  const [row] = await selectRows(db).where(
    and(
      eq(documents.id, id),
      eq(documents.officeId, viewer.officeId),
      options.deleted ? isNotNull(documents.deletedAt) : isNull(documents.deletedAt),
      visibleTo(viewer),
    ),
  )
  return row ? toRow(row) : null
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
      uploaderNome: users.name,
      createdAt: documentVersions.createdAt,
    })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.uploadedBy))
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
