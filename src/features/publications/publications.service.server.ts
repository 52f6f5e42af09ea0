import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { formatOab } from '../../lib/br/oab'
import { users } from '../auth/auth.table.server'
import { cases } from '../cases/cases.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type {
  PublicationCount,
  PublicationFilters,
  PublicationItem,
  PublicationList,
  PublicationListQuery,
  PublicationStats,
} from './publications.schema'
import type { publicationListQuery } from './publications.schema'
import { inboxOrder, searchPageIds, type SearchScope } from './publications.search.server'
import { publicationOabs, publications } from './publications.table.server'
import { visibleTo, type Executor, type PublicationScope } from './publications.visibility.server'

type ListQuery = ReturnType<typeof publicationListQuery.parse>

/** Keyset cursor: the last row's (disponibilização, DJEN id), base64url. */
export function encodeCursor(date: string, djenId: number): string {
  return Buffer.from(`${date}.${djenId}`).toString('base64url')
}

export function decodeCursor(cursor: string): { date: string; djenId: number } | null {
  const match = /^(\d{4}-\d{2}-\d{2})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return match?.[1] && match[2] ? { date: match[1], djenId: Number(match[2]) } : null
}

/** The list's conditions but the office, the cursor and the text search (publications.search applies q). */
function filters(scope: PublicationScope, query: Omit<ListQuery, 'cursor' | 'limit' | 'q'>): SQL[] {
  const where: SQL[] = []
  const visible = visibleTo(scope)
  if (visible) where.push(visible)
  if (query.status) where.push(eq(publications.status, query.status))
  if (query.tribunal) where.push(eq(publications.siglaTribunal, query.tribunal))
  if (query.oabId) where.push(eq(publications.foundByOabId, query.oabId))
  if (query.caseId) where.push(eq(publications.caseId, query.caseId))
  if (query.from) where.push(sql`${publications.dataDisponibilizacao} >= ${query.from}`)
  if (query.to) where.push(sql`${publications.dataDisponibilizacao} <= ${query.to}`)
  return where
}

const treatedByName = sql<string | null>`coalesce(nullif(${officeMembers.nomeCompleto}, ''), ${users.name})`

/** The columns of an item as the API answers it (joins: the case's title, the OAB, who treated it). */
function itemQuery(db: Executor) {
  return db
    .select({
      p: publications,
      caseTitulo: cases.titulo,
      oabNumero: publicationOabs.numero,
      oabUf: publicationOabs.uf,
      treatedName: treatedByName,
    })
    .from(publications)
    .leftJoin(cases, and(eq(cases.officeId, publications.officeId), eq(cases.id, publications.caseId)))
    .leftJoin(publicationOabs, eq(publicationOabs.id, publications.foundByOabId))
    .leftJoin(users, eq(users.id, publications.treatedBy))
    .leftJoin(
      officeMembers,
      and(
        eq(officeMembers.officeId, publications.officeId),
        eq(officeMembers.userId, publications.treatedBy),
      ),
    )
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['where']>>[number]

function toItem(row: ItemRow): PublicationItem {
  const p = row.p
  return {
    id: p.id,
    djenId: p.djenId,
    hash: p.hash,
    dataDisponibilizacao: p.dataDisponibilizacao,
    siglaTribunal: p.siglaTribunal,
    tipoComunicacao: p.tipoComunicacao,
    tipoDocumento: p.tipoDocumento,
    nomeOrgao: p.nomeOrgao,
    textoHtml: p.textoHtml,
    numeroProcesso: p.numeroProcesso,
    numeroMascara: p.numeroMascara,
    codigoClasse: p.codigoClasse,
    link: p.link,
    ativo: p.ativo,
    motivoCancelamento: p.motivoCancelamento,
    destinatarios: p.destinatarios,
    advogados: p.advogados,
    foundByOab:
      p.foundByOabId && row.oabNumero && row.oabUf
        ? { id: p.foundByOabId, formatted: formatOab(row.oabNumero, row.oabUf) }
        : null,
    case: p.caseId && row.caseTitulo !== null ? { id: p.caseId, titulo: row.caseTitulo } : null,
    status: p.status,
    treatedBy: p.treatedBy ? { id: p.treatedBy, nome: row.treatedName ?? '' } : null,
    treatedAt: p.treatedAt?.toISOString() ?? null,
    prazoEventId: p.prazoEventId,
    createdAt: p.createdAt.toISOString(),
  }
}

/** GET /api/publications: newest first, keyset pages (the order of the (office, date desc, id desc) indexes). */
export async function listPublications(
  db: Executor,
  scope: PublicationScope,
  query: ListQuery,
): Promise<PublicationList> {
  const range: SQL[] = [eq(publications.officeId, scope.officeId)]
  if (query.cursor) {
    const after = decodeCursor(query.cursor)
    if (after === null) return { items: [], nextCursor: null }
    range.push(
      sql`(${publications.dataDisponibilizacao}, ${publications.djenId}) < (${after.date}::date, ${after.djenId}::bigint)`,
    )
  }
  const where = filters(scope, query)
  const rows = query.q
    ? await searchedItems(db, scope, { range, filters: where }, query.q, query.limit + 1)
    : await itemQuery(db)
        .where(and(...range, ...where))
        .orderBy(...inboxOrder())
        .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    items: page.map(toItem),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(last.p.dataDisponibilizacao, last.p.djenId) : null,
  }
}

/** A searched page: its ids first (publications.search), then their items, in the same order. */
async function searchedItems(
  db: Executor,
  scope: PublicationScope,
  search: SearchScope,
  q: string,
  n: number,
) {
  const ids = await searchPageIds(db, search, q, n)
  if (ids.length === 0) return []
  return itemQuery(db)
    .where(and(eq(publications.officeId, scope.officeId), inArray(publications.id, ids)))
    .orderBy(...inboxOrder())
}

export type { PublicationListQuery }

/** One visible item, or null (another office's, or one the member does not see: a 404 alike). */
export async function getPublication(
  db: Executor,
  scope: PublicationScope,
  id: string,
): Promise<PublicationItem | null> {
  const visible = visibleTo(scope)
  const [row] = await itemQuery(db)
    .where(
      and(eq(publications.officeId, scope.officeId), eq(publications.id, id), ...(visible ? [visible] : [])),
    )
    .limit(1)
  return row ? toItem(row) : null
}

/** The four cards over the items the member sees. 'Recebidas hoje' = stored since today's 00:00 (São Paulo). */
export async function publicationStats(db: Executor, scope: PublicationScope): Promise<PublicationStats> {
  const visible = visibleTo(scope)
  const [row] = await db
    .select({
      naoTratadas: sql<number>`count(*) filter (where ${publications.status} = 'nao_tratada')`.mapWith(
        Number,
      ),
      recebidasHoje:
        sql<number>`count(*) filter (where ${publications.createdAt} >= (date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo'))`.mapWith(
          Number,
        ),
      prazosCriados: sql<number>`count(*) filter (where ${publications.prazoEventId} is not null)`.mapWith(
        Number,
      ),
      canceladas: sql<number>`count(*) filter (where ${publications.status} = 'cancelada')`.mapWith(Number),
    })
    .from(publications)
    .where(and(eq(publications.officeId, scope.officeId), ...(visible ? [visible] : [])))
  return row ?? { naoTratadas: 0, recebidasHoje: 0, prazosCriados: 0, canceladas: 0 }
}

/** The dashboard's 'Publicações não tratadas' (the status index answers it). */
export async function publicationCount(db: Executor, scope: PublicationScope): Promise<PublicationCount> {
  const visible = visibleTo(scope)
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(publications)
    .where(
      and(
        eq(publications.officeId, scope.officeId),
        eq(publications.status, 'nao_tratada'),
        ...(visible ? [visible] : []),
      ),
    )
  return { naoTratadas: row?.n ?? 0 }
}

/**
 * The filters' options: the office's monitored OABs, and the courts its items come from (a loose index
 * scan over (office_id, sigla_tribunal, …): one probe per court, not a pass over a million rows).
 */
export async function publicationFilters(db: Executor, scope: PublicationScope): Promise<PublicationFilters> {
  const courts = await db.execute<{ sigla: string }>(sql`
    with recursive t(sigla) as (
      (select sigla_tribunal from publications where office_id = ${scope.officeId} order by sigla_tribunal limit 1)
      union all
      select (select sigla_tribunal from publications
               where office_id = ${scope.officeId} and sigla_tribunal > t.sigla
               order by sigla_tribunal limit 1)
        from t where t.sigla is not null
    )
    select sigla from t where sigla is not null limit 200`)
  const oabs = await db
    .select({ id: publicationOabs.id, numero: publicationOabs.numero, uf: publicationOabs.uf })
    .from(publicationOabs)
    .where(eq(publicationOabs.officeId, scope.officeId))
    .orderBy(publicationOabs.uf, publicationOabs.numero)
  return {
    tribunais: courts.rows.map((r) => r.sigla),
    oabs: oabs.map((o) => ({ id: o.id, formatted: formatOab(o.numero, o.uf) })),
  }
}
