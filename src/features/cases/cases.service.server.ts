import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.server'
import type { OfficeActor } from '../offices/offices.public.server'
import { courtOf, formatCnj } from '../../lib/br/cnj'
import { containsPattern, foldText, looksNumeric, searchWords } from '../../lib/search-terms'
import { ApiError } from '../../platform/http-error.server'
// A case links to a client: the link is checked through the clients feature's public function, and
// the client's name is joined from its table for the list.
import { TOTAL_CAP, findActiveClientId } from '../clients/clients.public.server'
import { clients, crmCounters } from '../clients/clients.table.server'
import {
  CASE_AREAS,
  CASE_MESSAGES,
  CASE_STATUSES,
  type Case,
  type CaseList,
  type CaseOption,
  type CaseStats,
  type CaseStatus,
  type CaseStatusFilter,
  type CaseSummary,
  type CreateCaseData,
  type DeleteCaseResult,
  type UpdateCaseData,
} from './cases.schema'
import {
  getCaseResponsaveis,
  responsibleFor,
  setCaseResponsaveis,
  type CaseScope,
} from './cases.members.server'
import { cases } from './cases.table.server'

/** Who changes a case: the office's actor and the membership (a new case's default responsável). */
export type CaseActor = OfficeActor & Pick<CaseScope, 'memberId'>

/** What a read may see: the office, narrowed to one member's cases when `restrictTo` is set. */
export type ReadScope = Pick<CaseScope, 'officeId' | 'restrictTo'>

/** An update that names no field: answered 400 rather than a full record for nothing. */
export const NOTHING_TO_UPDATE = 'Nenhum campo para atualizar.'

export interface CaseFilter {
  search?: string | undefined
  status: CaseStatusFilter
  /** Only the cases where this member is responsible (the estagiário's partial cell, spec §6). */
  memberId?: string | undefined
}

const MIN_DIGITS = 3

export const newestFirst = [sql`${cases.createdAt} desc nulls last`, sql`${cases.id} desc nulls last`]

/**
 * Title words (accent/case-insensitive, trigram index), a process-number fragment of 3+ digits
 * (masked or not, trigram index on the 20 digits), or an area whose name contains the text.
 */
function searchCondition(search: string): SQL {
  const words = searchWords(search)
  const conditions: SQL[] = [
    and(
      ...words.map(
        (word) => sql`${cases.tituloBusca} like f_unaccent(lower(${containsPattern(word)}::text))`,
      ),
    ) ?? sql`false`,
  ]
  const digits = search.replace(/\D/g, '')
  if (looksNumeric(search) && digits.length >= MIN_DIGITS) {
    conditions.push(sql`${cases.numeroProcesso} like ${containsPattern(digits)}`)
  }
  const folded = foldText(search)
  const areas = CASE_AREAS.filter((area) => foldText(area).includes(folded))
  if (areas.length > 0) conditions.push(inArray(cases.areaJuridica, areas))
  return or(...conditions) ?? sql`false`
}

export function listWhere(officeId: string, filter: CaseFilter): SQL {
  const conditions: SQL[] = [eq(cases.officeId, officeId), isNull(cases.deletedAt)]
  if (filter.memberId) conditions.push(responsibleFor(officeId, filter.memberId))
  if (filter.status !== 'todos') conditions.push(eq(cases.status, filter.status))
  if (filter.search) conditions.push(searchCondition(filter.search))
  return and(...conditions) ?? sql`true`
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()
const money = (value: string | null) => (value === null ? null : Number(value))

export const summaryColumns = {
  id: cases.id,
  titulo: cases.titulo,
  numeroProcesso: cases.numeroProcesso,
  areaJuridica: cases.areaJuridica,
  status: cases.status,
  valorCausa: cases.valorCausa,
  dataInicio: cases.dataInicio,
  dataConclusao: cases.dataConclusao,
  resultado: cases.resultado,
  clientId: cases.clientId,
  // A soft-deleted client still names its cases (they keep their history). A scalar subquery, resolved
  // only for the rows of the page (a join could make the planner join every match before the LIMIT).
  clientNome: sql<
    string | null
  >`(select cl.nome_completo from ${clients} cl where cl.id = ${cases}.client_id)`,
  createdAt: cases.createdAt,
}

type SummaryRow = {
  id: string
  titulo: string
  numeroProcesso: string | null
  areaJuridica: CaseSummary['areaJuridica']
  status: CaseSummary['status']
  valorCausa: string | null
  dataInicio: string
  dataConclusao: string | null
  resultado: CaseSummary['resultado']
  clientId: string | null
  clientNome: string | null
  createdAt: Date
}

function toSummary(row: SummaryRow): CaseSummary {
  return {
    id: row.id,
    titulo: row.titulo,
    numeroProcesso: row.numeroProcesso === null ? null : formatCnj(row.numeroProcesso),
    tribunalSigla: row.numeroProcesso === null ? null : (courtOf(row.numeroProcesso)?.sigla ?? null),
    areaJuridica: row.areaJuridica,
    status: row.status,
    valorCausa: money(row.valorCausa),
    dataInicio: row.dataInicio,
    dataConclusao: row.dataConclusao,
    resultado: row.resultado,
    clientId: row.clientId,
    clientNome: row.clientNome,
    createdAt: iso(row.createdAt),
  }
}

export async function listCases(
  db: Database,
  scope: ReadScope,
  query: CaseFilter & { limit: number; offset: number },
): Promise<CaseList> {
  const where = listWhere(scope.officeId, { ...query, memberId: scope.restrictTo ?? undefined })
  // Capped like the clients' total (see TOTAL_CAP there); unfiltered, it walks the page's index.
  const capped = db
    .select({ one: sql`1` })
    .from(cases)
    .where(where)
    .orderBy(...(query.search ? [] : newestFirst))
    .limit(TOTAL_CAP + 1)
    .as('capped')
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(cases)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(capped),
  ])
  const total = Number(count?.total ?? 0)
  return { items: rows.map(toSummary), total: Math.min(total, TOTAL_CAP), totalCapped: total > TOTAL_CAP }
}

/**
 * Active cases (aberto, andamento) for another module's picker, by title, at most 20: every word in the
 * title (accent/case-insensitive) or, for a numeric text of 3+ digits, a fragment of the process number.
 */
export async function listCaseOptions(
  db: Database,
  scope: ReadScope,
  search: string | undefined,
  clientId: string | null = null,
): Promise<CaseOption[]> {
  const conditions: SQL[] = [
    eq(cases.officeId, scope.officeId),
    isNull(cases.deletedAt),
    inArray(cases.status, ['aberto', 'andamento']),
  ]
  if (clientId) conditions.push(eq(cases.clientId, clientId))
  if (scope.restrictTo) conditions.push(responsibleFor(scope.officeId, scope.restrictTo))
  if (search) {
    const digits = search.replace(/\D/g, '')
    const byTitle = searchWords(search).map(
      (word) => sql`${cases.tituloBusca} like f_unaccent(lower(${containsPattern(word)}::text))`,
    )
    conditions.push(
      looksNumeric(search) && digits.length >= MIN_DIGITS
        ? (or(and(...byTitle), sql`${cases.numeroProcesso} like ${containsPattern(digits)}`) ?? sql`false`)
        : (and(...byTitle) ?? sql`true`),
    )
  }
  const rows = await db
    .select({ id: cases.id, titulo: cases.titulo, numeroProcesso: cases.numeroProcesso })
    .from(cases)
    .where(and(...conditions))
    .orderBy(cases.titulo, cases.id)
    .limit(20)
  return rows.map((row) => ({
    ...row,
    numeroProcesso: row.numeroProcesso === null ? null : formatCnj(row.numeroProcesso),
  }))
}

/**
 * From the live counters kept by triggers (crmCounters in clients.table.ts): O(1) per office. A
 * restricted scope counts its own few cases instead (the office's totals are not theirs to see).
 */
export async function getCaseStats(db: Database, scope: ReadScope): Promise<CaseStats> {
  const rows = scope.restrictTo
    ? await db
        .select({
          status: cases.status,
          n: sql<number>`count(*)::int`,
          valor: sql<string>`coalesce(sum(${cases.valorCausa}), 0)::text`,
        })
        .from(cases)
        // The member's few case ids first (bench/team.ts: a join here walked the office's cases).
        .where(
          and(
            eq(cases.officeId, scope.officeId),
            isNull(cases.deletedAt),
            responsibleFor(scope.officeId, scope.restrictTo),
          ),
        )
        .groupBy(cases.status)
    : await db
        .select({ status: crmCounters.status, n: crmCounters.n, valor: crmCounters.valor })
        .from(crmCounters)
        .where(and(eq(crmCounters.officeId, scope.officeId), eq(crmCounters.entity, 'case')))
  const stats: CaseStats = { total: 0, aberto: 0, andamento: 0, concluido: 0, arquivado: 0, valorTotal: 0 }
  let cents = 0
  for (const row of rows) {
    const n = Number(row.n)
    if ((CASE_STATUSES as readonly string[]).includes(row.status)) stats[row.status as CaseStatus] = n
    stats.total += n
    cents += Math.round(Number(row.valor) * 100)
  }
  stats.valorTotal = cents / 100
  return stats
}

async function loadCase(db: Executor, scope: ReadScope, id: string, deleted = false): Promise<Case | null> {
  const { officeId, restrictTo } = scope
  const [row] = await db
    .select({
      ...summaryColumns,
      descricao: cases.descricao,
      tribunal: cases.tribunal,
      vara: cases.vara,
      observacoes: cases.observacoes,
      updatedAt: cases.updatedAt,
    })
    .from(cases)
    .leftJoin(clients, eq(clients.id, cases.clientId))
    .where(
      and(
        eq(cases.id, id),
        eq(cases.officeId, officeId),
        deleted ? isNotNull(cases.deletedAt) : isNull(cases.deletedAt),
        restrictTo ? responsibleFor(officeId, restrictTo) : undefined,
      ),
    )
  if (!row) return null
  const responsaveis = await getCaseResponsaveis(db, officeId, id)
  return {
    ...toSummary(row),
    descricao: row.descricao,
    tribunal: row.tribunal,
    vara: row.vara,
    observacoes: row.observacoes,
    updatedAt: iso(row.updatedAt),
    responsaveis,
  }
}

export function getCase(db: Executor, scope: ReadScope, id: string): Promise<Case | null> {
  return loadCase(db, scope, id)
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}

/**
 * A case may link only to an ACTIVE, non-deleted client of the same office (another office's id → 400
 * with a message). The database refuses another office's client by itself too (cases_office_client_fk):
 * this check is for the message and for the active/non-deleted rule, which a foreign key can't express.
 */
async function checkClient(db: Executor, actor: CaseActor, clientId: string | null): Promise<void> {
  if (clientId === null) return
  // The estagiário links only the clients they see (those of their cases): any other would open its
  // record to them through the new case.
  if ((await findActiveClientId(db, actor.officeId, clientId, actor.restrictTo)) === null) {
    throw invalid('clientId', CASE_MESSAGES.invalidClient)
  }
}

const valor = (value: number | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value.toFixed(2)

/** Creates a case; its responsible members are the ones sent, or the creator (spec: by default). */
export async function createCase(db: Executor, actor: CaseActor, input: CreateCaseData): Promise<Case> {
  const { responsaveis, ...data } = input
  await checkClient(db, actor, data.clientId)
  const [row] = await db
    .insert(cases)
    .values({
      ...data,
      valorCausa: valor(data.valorCausa),
      officeId: actor.officeId,
      createdBy: actor.userId,
    })
    .returning({ id: cases.id })
  if (!row) throw new Error('case insert returned nothing')
  await setCaseResponsaveis(db, actor, row.id, responsaveis ?? [actor.memberId])
  const created = await loadCase(db, actor, row.id)
  if (!created) throw new Error('created case not found')
  return created
}

/** Applies a PATCH (status changes are free, spec §4); null when the case is not the office's. */
export async function updateCase(
  db: Executor,
  actor: CaseActor,
  id: string,
  input: UpdateCaseData,
): Promise<Case | null> {
  if (Object.values(input).every((value) => value === undefined)) {
    throw new ApiError(400, 'validation', NOTHING_TO_UPDATE)
  }
  const { responsaveis, ...data } = input
  const [current] = await db
    .select({ dataInicio: cases.dataInicio, dataConclusao: cases.dataConclusao, clientId: cases.clientId })
    .from(cases)
    .where(
      and(
        eq(cases.id, id),
        eq(cases.officeId, actor.officeId),
        isNull(cases.deletedAt),
        actor.restrictTo ? responsibleFor(actor.officeId, actor.restrictTo) : undefined,
      ),
    )
  if (!current) return null
  const dataInicio = data.dataInicio ?? current.dataInicio
  const dataConclusao = data.dataConclusao !== undefined ? data.dataConclusao : current.dataConclusao
  if (dataConclusao !== null && dataConclusao < dataInicio) {
    throw invalid('dataConclusao', CASE_MESSAGES.invalidConclusao)
  }
  // Only a new link is checked: a case keeps a client that later became inactive until it is changed.
  if (data.clientId !== undefined && data.clientId !== current.clientId) {
    await checkClient(db, actor, data.clientId)
  }
  await db
    .update(cases)
    .set({ ...data, valorCausa: valor(data.valorCausa), updatedAt: sql`now()` })
    .where(and(eq(cases.id, id), eq(cases.officeId, actor.officeId), isNull(cases.deletedAt)))
  if (responsaveis !== undefined) await setCaseResponsaveis(db, actor, id, responsaveis)
  return loadCase(db, actor, id)
}

export async function deleteCase(
  db: Executor,
  actor: CaseActor,
  id: string,
): Promise<DeleteCaseResult | null> {
  const [row] = await db
    .update(cases)
    .set({ deletedAt: sql`now()`, deletedBy: actor.userId })
    .where(and(eq(cases.id, id), eq(cases.officeId, actor.officeId), isNull(cases.deletedAt)))
    .returning({ id: cases.id })
  return row ? { id: row.id } : null
}

export async function restoreCase(db: Executor, actor: CaseActor, id: string): Promise<Case | null> {
  await db
    .update(cases)
    .set({ deletedAt: null, deletedBy: null, updatedAt: sql`now()` })
    .where(and(eq(cases.id, id), eq(cases.officeId, actor.officeId), isNotNull(cases.deletedAt)))
  return loadCase(db, actor, id)
}
