import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { formatCep } from '../../lib/br/cep'
import { formatCnpj, normalizeCnpj } from '../../lib/br/cnpj'
import { formatCpf } from '../../lib/br/cpf'
import { formatDateBR } from '../../lib/br/dates'
import { maskDocument, maskEmail, maskPhone } from '../../lib/br/mask'
import { formatPhone } from '../../lib/br/phone'
import { type CsvCell } from '../../lib/csv'
import { containsPattern, looksNumeric, searchWords } from '../../lib/search-terms'
import { ApiError } from '../../platform/http-error.server'
// Clients and cases are one domain: a client's row shows how many cases it has. Only the table is
// shared; everything else about cases stays in the cases feature.
import { cases } from '../cases/cases.table.server'
import { cidade, estado } from '../reference/reference.table.server'
import {
  CLIENT_MESSAGES,
  CLIENT_STATUS_LABELS,
  TIPO_PESSOA_LABELS,
  normalizeDocumento,
  type Client,
  type ClientList,
  type ClientOption,
  type ClientStats,
  type ClientStatusFilter,
  type ClientSummary,
  type CreateClientData,
  type DeleteClientResult,
  type UpdateClientData,
} from './clients.schema'
import { clients, crmCounters } from './clients.table.server'

export interface Actor {
  officeId: string
  userId: string
}

export interface ClientFilter {
  search?: string | undefined
  status: ClientStatusFilter
}

/** Fewer digits than this would match half the phone book: a short number searches names/e-mails only. */
const MIN_DIGITS = 3

// Correlated subqueries are written with aliases and `${clients}.col`: in a single-table select Drizzle
// renders columns unqualified, and an unqualified "id" inside the subquery would bind to the inner table
// (the count was always 0 until this was caught). The list test checks casesCount > 0.
const casesCount = sql<number>`(select count(*)::int from ${cases} k where k.client_id = ${clients}.id and k.deleted_at is null)`

// Matches the ORDER BY of the (office_id, created_at desc, id desc) index so a page is an index range.
const newestFirst = [sql`${clients.createdAt} desc nulls last`, sql`${clients.id} desc nulls last`]

/**
 * Search on the real values (never the masked ones): every word of the text must appear in the name
 * (accent/case-insensitive: the stored nome_busca, trigram index), or the text in the e-mail; a
 * numeric text of 3+ digits also matches phone and document digits, and an alphanumeric CNPJ fragment
 * the document.
 */
function searchCondition(search: string): SQL {
  const words = searchWords(search)
  const nameMatches = words.map(
    (word) => sql`${clients.nomeBusca} like f_unaccent(lower(${containsPattern(word)}::text))`,
  )
  const conditions: SQL[] = [
    and(...nameMatches) ?? sql`false`,
    sql`${clients.email} like ${containsPattern(search.toLowerCase())}`,
  ]
  const digits = search.replace(/\D/g, '')
  if (looksNumeric(search) && digits.length >= MIN_DIGITS) {
    conditions.push(sql`${clients.telefone} like ${containsPattern(digits)}`)
    conditions.push(sql`${clients.documento} like ${containsPattern(digits)}`)
  } else {
    const cnpj = normalizeCnpj(search)
    if (/^[0-9A-Z]{3,14}$/.test(cnpj) && /\d/.test(cnpj)) {
      conditions.push(sql`${clients.documento} like ${containsPattern(cnpj)}`)
    }
  }
  return or(...conditions) ?? sql`false`
}

function listWhere(officeId: string, filter: ClientFilter): SQL {
  const conditions: SQL[] = [eq(clients.officeId, officeId), isNull(clients.deletedAt)]
  if (filter.status !== 'todos') conditions.push(eq(clients.status, filter.status))
  if (filter.search) conditions.push(searchCondition(filter.search))
  return and(...conditions) ?? sql`true`
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

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

export async function listClients(
  db: Database,
  officeId: string,
  query: ClientFilter & { limit: number; offset: number },
): Promise<ClientList> {
  const where = listWhere(officeId, query)
  // Without a search the capped count walks the page's own index (index-only); with one, the planner
  // picks the trigram bitmaps, which an ORDER BY would only get in the way of.
  const capped = db
    .select({ one: sql`1` })
    .from(clients)
    .where(where)
    .orderBy(...(query.search ? [] : newestFirst))
    .limit(TOTAL_CAP + 1)
    .as('capped')
  const [rows, [count]] = await Promise.all([
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
        casesCount,
        createdAt: clients.createdAt,
      })
      .from(clients)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(capped),
  ])
  const items: ClientSummary[] = rows.map((row) => ({
    id: row.id,
    nomeCompleto: row.nomeCompleto,
    tipoPessoa: row.tipoPessoa,
    // Masked here, on the server: the full values never leave it in a list (spec get_clients_summary).
    emailMasked: row.email === null ? null : maskEmail(row.email),
    telefoneMasked: row.telefone === null ? null : maskPhone(row.telefone),
    documentoMasked: row.documento === null ? null : maskDocument(row.documento),
    cidadeNome: row.cidadeNome,
    estadoSigla: row.estadoSigla,
    status: row.status,
    casesCount: Number(row.casesCount),
    createdAt: iso(row.createdAt),
  }))
  const total = Number(count?.total ?? 0)
  return { items, total: Math.min(total, TOTAL_CAP), totalCapped: total > TOTAL_CAP }
}

/** From the live counters (see crmCounters): a few rows, whatever the size of the office. */
export async function getClientStats(db: Database, officeId: string): Promise<ClientStats> {
  const rows = await db
    .select({ status: crmCounters.status, n: crmCounters.n })
    .from(crmCounters)
    .where(and(eq(crmCounters.officeId, officeId), eq(crmCounters.entity, 'client')))
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
  officeId: string,
  search: string | undefined,
): Promise<ClientOption[]> {
  const conditions: SQL[] = [
    eq(clients.officeId, officeId),
    isNull(clients.deletedAt),
    eq(clients.status, 'ativo'),
  ]
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

/** The id when it names an ACTIVE, non-deleted client of the office (a case may only link to those). */
export async function findActiveClientId(db: Database, officeId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.id, id),
        eq(clients.officeId, officeId),
        isNull(clients.deletedAt),
        eq(clients.status, 'ativo'),
      ),
    )
  return row?.id ?? null
}

function formatDocumento(value: string | null): string | null {
  if (value === null) return null
  return /^\d{11}$/.test(value) ? formatCpf(value) : formatCnpj(value)
}

async function loadClient(
  db: Database,
  officeId: string,
  id: string,
  deleted = false,
): Promise<Client | null> {
  const [row] = await db
    .select({
      client: clients,
      cidadeNome: cidade.nome,
      estadoSigla: estado.sigla,
      casesCount,
    })
    .from(clients)
    .leftJoin(cidade, eq(cidade.id, clients.cidadeId))
    .leftJoin(estado, eq(estado.id, clients.estadoId))
    .where(
      and(
        eq(clients.id, id),
        eq(clients.officeId, officeId),
        deleted ? isNotNull(clients.deletedAt) : isNull(clients.deletedAt),
      ),
    )
  if (!row) return null
  const c = row.client
  return {
    id: c.id,
    nomeCompleto: c.nomeCompleto,
    email: c.email,
    telefone: c.telefone === null ? null : formatPhone(c.telefone),
    documento: formatDocumento(c.documento),
    tipoPessoa: c.tipoPessoa,
    endereco: c.endereco,
    cidadeId: c.cidadeId,
    cidadeNome: row.cidadeNome,
    estadoId: c.estadoId,
    estadoSigla: row.estadoSigla,
    cep: c.cep === null ? null : formatCep(c.cep),
    dataNascimento: c.dataNascimento,
    profissao: c.profissao,
    observacoes: c.observacoes,
    status: c.status,
    casesCount: Number(row.casesCount),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  }
}

/** The full (unmasked) record of a non-deleted client of the office, or null. The route audits the read. */
export function getClient(db: Database, officeId: string, id: string): Promise<Client | null> {
  return loadClient(db, officeId, id)
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}

/**
 * A city must exist and belong to the chosen state; a city without a state takes the city's state.
 * Checked here (not left to the foreign keys) so a bad id is a 400 with a message, not a 500.
 */
async function resolveLocation(
  db: Database,
  cidadeId: number | null,
  estadoId: number | null,
): Promise<{ cidadeId: number | null; estadoId: number | null }> {
  if (estadoId !== null) {
    const [state] = await db.select({ id: estado.id }).from(estado).where(eq(estado.id, estadoId))
    if (!state) throw invalid('estadoId', CLIENT_MESSAGES.invalidState)
  }
  if (cidadeId !== null) {
    const [city] = await db.select({ estado: cidade.estado }).from(cidade).where(eq(cidade.id, cidadeId))
    if (!city) throw invalid('cidadeId', 'Cidade inválida')
    if (estadoId !== null && estadoId !== city.estado) throw invalid('cidadeId', CLIENT_MESSAGES.invalidCity)
    return { cidadeId, estadoId: city.estado }
  }
  return { cidadeId, estadoId }
}

export async function createClient(db: Database, actor: Actor, data: CreateClientData): Promise<Client> {
  const location = await resolveLocation(db, data.cidadeId, data.estadoId)
  const [row] = await db
    .insert(clients)
    .values({ ...data, ...location, officeId: actor.officeId, createdBy: actor.userId })
    .returning({ id: clients.id })
  if (!row) throw new Error('client insert returned nothing')
  const client = await loadClient(db, actor.officeId, row.id)
  if (!client) throw new Error('created client not found')
  return client
}

/** Applies a PATCH to a non-deleted client of the office; null when there is none. */
export async function updateClient(
  db: Database,
  actor: Actor,
  id: string,
  data: UpdateClientData,
): Promise<Client | null> {
  const [current] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.officeId, actor.officeId), isNull(clients.deletedAt)))
  if (!current) return null

  const changes: Partial<typeof clients.$inferInsert> = { ...data }
  const tipoPessoa = data.tipoPessoa ?? current.tipoPessoa
  // The body may change only one of tipoPessoa / documento: check the pair that will be stored.
  if (data.tipoPessoa !== undefined || data.documento !== undefined) {
    const documento = data.documento !== undefined ? data.documento : current.documento
    if (documento !== null) {
      const normalized = normalizeDocumento(tipoPessoa, documento)
      if (normalized === null) {
        throw invalid(
          'documento',
          tipoPessoa === 'fisica' ? CLIENT_MESSAGES.invalidCpf : CLIENT_MESSAGES.invalidCnpj,
        )
      }
      changes.documento = normalized
    }
  }
  if (tipoPessoa === 'juridica') changes.dataNascimento = null
  if (data.cidadeId !== undefined || data.estadoId !== undefined) {
    const location = await resolveLocation(
      db,
      data.cidadeId !== undefined ? data.cidadeId : current.cidadeId,
      data.estadoId !== undefined ? data.estadoId : current.estadoId,
    )
    changes.cidadeId = location.cidadeId
    changes.estadoId = location.estadoId
  }
  await db
    .update(clients)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(clients.id, id), eq(clients.officeId, actor.officeId), isNull(clients.deletedAt)))
  return loadClient(db, actor.officeId, id)
}

/** Soft delete: the row leaves lists and stats; its cases keep client_id. Null when there is none. */
export async function deleteClient(
  db: Database,
  actor: Actor,
  id: string,
): Promise<DeleteClientResult | null> {
  const [row] = await db
    .update(clients)
    .set({ deletedAt: sql`now()`, deletedBy: actor.userId })
    .where(and(eq(clients.id, id), eq(clients.officeId, actor.officeId), isNull(clients.deletedAt)))
    .returning({ id: clients.id })
  if (!row) return null
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cases)
    .where(and(eq(cases.clientId, id), isNull(cases.deletedAt)))
  return { id: row.id, casesCount: Number(count?.n ?? 0) }
}

/** Undoes a delete. Restoring a client that is not deleted returns it unchanged; another office's → null. */
export async function restoreClient(db: Database, actor: Actor, id: string): Promise<Client | null> {
  await db
    .update(clients)
    .set({ deletedAt: null, deletedBy: null, updatedAt: sql`now()` })
    .where(and(eq(clients.id, id), eq(clients.officeId, actor.officeId), isNotNull(clients.deletedAt)))
  return loadClient(db, actor.officeId, id)
}

export const CLIENT_CSV_HEADER = [
  'Nome completo',
  'Tipo de pessoa',
  'CPF/CNPJ',
  'E-mail',
  'Telefone',
  'Endereço',
  'Cidade',
  'UF',
  'CEP',
  'Data de nascimento',
  'Profissão',
  'Status',
  'Casos',
  'Observações',
  'Cadastrado em',
] as const

const EXPORT_BATCH = 2000

/**
 * Every client matching the list filter, newest first, as CSV rows, read in keyset batches so a
 * 100k-client export never holds the whole table in memory.
 */
export async function* exportClientRows(
  db: Database,
  officeId: string,
  filter: ClientFilter,
): AsyncGenerator<CsvCell[][]> {
  const where = listWhere(officeId, filter)
  // The cursor keeps created_at as the database's text: a JS Date would drop its microseconds.
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const page: SQL = after
      ? sql`(${clients.createdAt}, ${clients.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`true`
    const rows = await db
      .select({
        client: clients,
        cidadeNome: cidade.nome,
        estadoSigla: estado.sigla,
        casesCount,
        cursor: sql<string>`${clients.createdAt}::text`,
      })
      .from(clients)
      .leftJoin(cidade, eq(cidade.id, clients.cidadeId))
      .leftJoin(estado, eq(estado.id, clients.estadoId))
      .where(and(where, page))
      .orderBy(...newestFirst)
      .limit(EXPORT_BATCH)
    if (rows.length === 0) return
    yield rows.map(({ client: c, cidadeNome, estadoSigla, casesCount: count }) => [
      c.nomeCompleto,
      TIPO_PESSOA_LABELS[c.tipoPessoa],
      formatDocumento(c.documento),
      c.email,
      c.telefone === null ? null : formatPhone(c.telefone),
      c.endereco,
      cidadeNome,
      estadoSigla,
      c.cep === null ? null : formatCep(c.cep),
      c.dataNascimento === null ? null : formatDateBR(c.dataNascimento),
      c.profissao,
      CLIENT_STATUS_LABELS[c.status],
      Number(count),
      c.observacoes,
      formatDateBR(c.createdAt),
    ])
    const last = rows[rows.length - 1]
    if (!last || rows.length < EXPORT_BATCH) return
    after = { createdAt: last.cursor, id: last.client.id }
  }
}
