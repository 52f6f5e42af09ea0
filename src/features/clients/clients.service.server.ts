import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import { compileArrayQuery, runArrayQuery } from '../../db/array-query.server'
import type { Database, Executor } from '../../db/client.server'
import { formatCnpj, normalizeCnpj } from '../../lib/br/cnpj'
import { formatCpf } from '../../lib/br/cpf'
import { maskDocument, maskEmail, maskPhone } from '../../lib/br/mask'
import { containsPattern, looksNumeric, searchWords } from '../../lib/search-terms'
import { cidade, estado } from '../reference/reference.table.server'
// A client's row shows how many cases it has, and an estagiário sees the clients of their cases: cases owns
// those queries, the shell provides them.
import { casesCount, clientOfMember } from './client-case-links.server'
import type {
  ClientList,
  ClientOption,
  ClientStats,
  ClientStatusFilter,
  ClientSummary,
} from './clients.schema'
import { clients, crmCounters } from './clients.table.server'

// The clients' read side: list and search, stats, the case form's options. One client's full record
// and the writes live in clients.record.server.ts, the CSV export in clients.export.server.ts.

export interface ClientFilter {
  search?: string | undefined
  status: ClientStatusFilter
  /** Only the clients of this member's cases (the estagiário's partial cell, spec §6). */
  memberId?: string | undefined
}

/**
 * What a read may see: the office, narrowed to the clients of one member's cases when `restrictTo` is
 * set (a level whose 'clients.manage' cell is partial: the estagiário). Another client is a 404.
 */
export interface ClientScope {
  officeId: string
  restrictTo: string | null
}

/** Fewer digits than this would match half the phone book: a short number searches names/e-mails only. */
const MIN_DIGITS = 3

// Matches the ORDER BY of the (office_id, created_at desc, id desc) index so a page is an index range.
export const newestFirst = [sql`${clients.createdAt} desc nulls last`, sql`${clients.id} desc nulls last`]

/**
 * What a filter binds, by name. Which names are present is the shape of the WHERE (filterWhere builds it
 * from them), so the list can pick its statement compiled for that shape without building any SQL.
 */
export type FilterValues = Record<string, unknown>

/**
 * Search on the real values (never the masked ones): every word of the text must appear in the name
 * (accent/case-insensitive: the stored nome_busca, trigram index, bound as w0, w1…), or the text in the
 * e-mail; a numeric text of 3+ digits also matches phone and document digits, and an alphanumeric CNPJ
 * fragment the document.
 */
function searchValues(search: string, values: FilterValues): void {
  searchWords(search).forEach((word, i) => (values[`w${i}`] = containsPattern(word)))
  values.email = containsPattern(search.toLowerCase())
  const digits = search.replace(/\D/g, '')
  if (looksNumeric(search) && digits.length >= MIN_DIGITS) {
    values.digits = containsPattern(digits)
  } else {
    const cnpj = normalizeCnpj(search)
    if (/^[0-9A-Z]{3,14}$/.test(cnpj) && /\d/.test(cnpj)) values.cnpj = containsPattern(cnpj)
  }
}

export function filterValues(officeId: string, filter: ClientFilter): FilterValues {
  const values: FilterValues = { officeId }
  if (filter.memberId) values.memberId = filter.memberId
  if (filter.status !== 'todos') values.status = filter.status
  if (filter.search) searchValues(filter.search, values)
  return values
}

/**
 * How a value enters the SQL: as a bound parameter (the default) or as a named placeholder of a statement
 * compiled once per shape (see listClients).
 */
export type Bind = (name: string) => unknown

function filterWhere(values: FilterValues, bind: Bind = (name) => values[name]): SQL {
  const conditions: SQL[] = [sql`${clients.officeId} = ${bind('officeId')}`, isNull(clients.deletedAt)]
  if ('memberId' in values) conditions.push(clientOfMember(bind('officeId'), bind('memberId')))
  if ('status' in values) conditions.push(sql`${clients.status} = ${bind('status')}`)
  if ('email' in values) {
    const nameMatches: SQL[] = []
    for (let i = 0; `w${i}` in values; i++) {
      nameMatches.push(sql`${clients.nomeBusca} like f_unaccent(lower(${bind(`w${i}`)}::text))`)
    }
    const search: SQL[] = [and(...nameMatches) ?? sql`false`, sql`${clients.email} like ${bind('email')}`]
    if ('digits' in values) {
      search.push(sql`${clients.telefone} like ${bind('digits')}`)
      search.push(sql`${clients.documento} like ${bind('digits')}`)
    }
    if ('cnpj' in values) search.push(sql`${clients.documento} like ${bind('cnpj')}`)
    conditions.push(or(...search) ?? sql`false`)
  }
  return and(...conditions) ?? sql`true`
}

export function listWhere(officeId: string, filter: ClientFilter): SQL {
  return filterWhere(filterValues(officeId, filter))
}

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

/**
 * `total` is exact up to TOTAL_CAP and then reported as TOTAL_CAP with `totalCapped: true`: an exact
 * count(*) over 100k rows costs a scan of them all on every page/keystroke (the p99 bottleneck
 * measured by bench/clients.ts), while nobody pages through 200 pages (the search narrows instead).
 */
export const TOTAL_CAP = 10_000

// Resolved only for the rows of the page: scalar subqueries in the select list run after ORDER BY/LIMIT,
// whereas a join could make the planner join every matching client before sorting.
const cidadeNome = sql<string | null>`(select ci.nome from ${cidade} ci where ci.id = ${clients}.cidade_id)`
const estadoSigla = sql<string | null>`(select e.sigla from ${estado} e where e.id = ${clients}.estado_id)`
/**
 * created_at as the wire's ISO string (Date#toISOString's format, milliseconds truncated like it), written
 * by PostgreSQL: parsing 50 timestamps into Dates and formatting them back cost more of the server's CPU
 * per page than any other single step of the row mapping (docs/decisions/018, amended).
 */
const createdAtIso = sql<string>`to_char(${clients.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

type ListStatements = ReturnType<typeof compileList>

/** The list's columns, in the order of each row array (see runArrayQuery). */
type PageRow = [
  id: string,
  nomeCompleto: string,
  tipoPessoa: ClientSummary['tipoPessoa'],
  email: string | null,
  telefone: string | null,
  documento: string | null,
  cidadeNome: string | null,
  estadoSigla: string | null,
  status: ClientSummary['status'],
  casesCount: number,
  createdAt: string,
]

function compileList(db: Database, where: SQL, search: boolean) {
  // Without a search the capped count walks the page's own index (index-only); with one, the planner
  // picks the trigram bitmaps, which an ORDER BY would only get in the way of.
  const capped = db
    .select({ one: sql`1` })
    .from(clients)
    .where(where)
    .orderBy(...(search ? [] : newestFirst))
    .limit(TOTAL_CAP + 1)
    .as('capped')
  // Run unnamed: compiled here once, yet planned by PostgreSQL for each call's values (a named statement
  // switches to a generic plan after five runs, 100 ms here for a trigram search).
  return {
    page: compileArrayQuery(
      db
        .select({
          id: clients.id,
          nomeCompleto: clients.nomeCompleto,
          tipoPessoa: clients.tipoPessoa,
          email: clients.email,
          telefone: clients.telefone,
          documento: clients.documento,
          cidadeNome,
          estadoSigla,
          status: clients.status,
          casesCount: casesCount(),
          createdAt: createdAtIso,
        })
        .from(clients)
        .where(where)
        .orderBy(...newestFirst)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ),
    count: compileArrayQuery(db.select({ total: sql<number>`count(*)::int` }).from(capped)),
  }
}

/**
 * Drizzle spends more time building a query than PostgreSQL spends running a page of it (bench/clients.ts),
 * so each shape of filter (which placeholders it binds) is compiled once per database and reused, and run
 * on the driver with rows as arrays (db/array-query.server.ts says why).
 */
const compiledLists = new WeakMap<Database, Map<string, ListStatements>>()

export async function listClients(
  db: Database,
  scope: ClientScope,
  query: ClientFilter & { limit: number; offset: number },
): Promise<ClientList> {
  const values = filterValues(scope.officeId, { ...query, memberId: scope.restrictTo ?? undefined })
  const shape = Object.keys(values).join(',')
  let byShape = compiledLists.get(db)
  if (!byShape) compiledLists.set(db, (byShape = new Map()))
  let statements = byShape.get(shape)
  if (!statements) {
    const where = filterWhere(values, (name) => sql.placeholder(name))
    byShape.set(shape, (statements = compileList(db, where, 'email' in values)))
  }
  values.limit = query.limit
  values.offset = query.offset
  const [rows, [count]] = await Promise.all([
    runArrayQuery(db, statements.page, values) as Promise<PageRow[]>,
    runArrayQuery(db, statements.count, values),
  ])
  const items: ClientSummary[] = rows.map(
    ([
      id,
      nomeCompleto,
      tipoPessoa,
      email,
      telefone,
      documento,
      cidadeNome,
      estadoSigla,
      status,
      n,
      createdAt,
    ]) => ({
      id,
      nomeCompleto,
      tipoPessoa,
      // Masked here, on the server: the full values never leave it in a list (spec get_clients_summary).
      emailMasked: email === null ? null : maskEmail(email),
      telefoneMasked: telefone === null ? null : maskPhone(telefone),
      documentoMasked: documento === null ? null : maskDocument(documento),
      cidadeNome,
      estadoSigla,
      status,
      casesCount: Number(n),
      createdAt,
    }),
  )
  const total = Number(count?.[0] ?? 0)
  return { items, total: Math.min(total, TOTAL_CAP), totalCapped: total > TOTAL_CAP }
}

/**
 * From the live counters (see crmCounters): a few rows, whatever the size of the office. A restricted
 * scope counts the clients of its own few cases instead (the office's totals are not theirs to see).
 */
export async function getClientStats(db: Database, scope: ClientScope): Promise<ClientStats> {
  const rows = scope.restrictTo
    ? await db
        .select({ status: clients.status, n: sql<number>`count(*)::int` })
        .from(clients)
        .where(
          and(
            eq(clients.officeId, scope.officeId),
            isNull(clients.deletedAt),
            clientOfMember(scope.officeId, scope.restrictTo),
          ),
        )
        .groupBy(clients.status)
    : await db
        .select({ status: crmCounters.status, n: crmCounters.n })
        .from(crmCounters)
        .where(and(eq(crmCounters.officeId, scope.officeId), eq(crmCounters.entity, 'client')))
  const stats: ClientStats = { total: 0, ativo: 0, inativo: 0, suspenso: 0 }
  for (const row of rows) {
    const n = Number(row.n)
    if (row.status === 'ativo' || row.status === 'inativo' || row.status === 'suspenso') stats[row.status] = n
    stats.total += n
  }
  return stats
}

/** Active clients for the case form's picker, by name, at most 20. */
export async function listClientOptions(
  db: Database,
  scope: ClientScope,
  search: string | undefined,
): Promise<ClientOption[]> {
  const conditions: SQL[] = [
    eq(clients.officeId, scope.officeId),
    isNull(clients.deletedAt),
    eq(clients.status, 'ativo'),
  ]
  if (scope.restrictTo) conditions.push(clientOfMember(scope.officeId, scope.restrictTo))
  for (const word of searchWords(search ?? '')) {
    conditions.push(sql`${clients.nomeBusca} like f_unaccent(lower(${containsPattern(word)}::text))`)
  }
  return db
    .select({ id: clients.id, nomeCompleto: clients.nomeCompleto })
    .from(clients)
    .where(and(...conditions))
    .orderBy(clients.nomeCompleto, clients.id)
    .limit(20)
}

/**
 * The id when it names an ACTIVE, non-deleted client of the office (a case may only link to those) and,
 * for a restricted member (`restrictTo`), a client of one of their cases: linking a case to any client
 * would otherwise open that client's record to them.
 */
export async function findActiveClientId(
  db: Executor,
  officeId: string,
  id: string,
  restrictTo: string | null = null,
): Promise<string | null> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.id, id),
        eq(clients.officeId, officeId),
        isNull(clients.deletedAt),
        eq(clients.status, 'ativo'),
        restrictTo ? clientOfMember(officeId, restrictTo) : undefined,
      ),
    )
  return row?.id ?? null
}

/** A stored document as shown: CPF 000.000.000-00 or CNPJ 00.000.000/0000-00. */
export function formatDocumento(value: string | null): string | null {
  if (value === null) return null
  return /^\d{11}$/.test(value) ? formatCpf(value) : formatCnpj(value)
}
export type { Executor }

/**
 * A client the actor may see (not deleted, any status; an estagiário only their cases' clients), with the
 * fields an invitation needs — the portal's access card and messages (issue 26). null → answer 404.
 */
export async function findVisibleClient(
  db: Executor,
  officeId: string,
  id: string,
  restrictTo: string | null = null,
): Promise<{ id: string; nomeCompleto: string; email: string | null } | null> {
  const [row] = await db
    .select({ id: clients.id, nomeCompleto: clients.nomeCompleto, email: clients.email })
    .from(clients)
    .where(
      and(
        eq(clients.id, id),
        eq(clients.officeId, officeId),
        isNull(clients.deletedAt),
        restrictTo ? clientOfMember(officeId, restrictTo) : undefined,
      ),
    )
  return row ?? null
}
