import { and, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { todayISO } from '../../lib/br/dates'
import { centsToDecimal, parseDecimalCents } from '../../lib/br/money'
import { containsPattern, searchWords } from '../../lib/search-terms'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { last12Months, monthStartISO } from './financial-dates'
import type {
  EntryFilter,
  FinancialChart,
  FinancialEntryDto,
  FinancialEntryList,
  FinancialSummary,
} from './financial.schema'
import { financialEntries as fe } from './financial.table.server'
import { paidByMonthOfMonths, paidByTipoOfMonths, splitPeriod } from './financial.rollups.server'
import { scopeCondition, type Executor, type FinancialScope } from './financial.write.server'

/** Exact up to this many, then reported capped (an exact count over 500k rows on every keystroke is the p99). */
export const TOTAL_CAP = 1_000
const CSV_BATCH = 1000

// Matches the (office_id, data_vencimento desc nulls last, id desc nulls last) index exactly, so a page is a
// range of it.
const byDueDate = [sql`${fe.dataVencimento} desc nulls last`, sql`${fe.id} desc nulls last`]

// Resolved for the page's rows only: scalar subqueries in the select list run after ORDER BY/LIMIT.
const clientNome = sql<string | null>`(select c.nome_completo from ${clients} c where c.id = ${fe.clientId})`
const caseTitulo = sql<string | null>`(select k.titulo from ${cases} k where k.id = ${fe.caseId})`

const columns = {
  id: fe.id,
  tipo: fe.tipo,
  categoria: fe.categoria,
  descricao: fe.descricao,
  valor: fe.valor,
  dataVencimento: fe.dataVencimento,
  dataPagamento: fe.dataPagamento,
  status: fe.status,
  formaPagamento: fe.formaPagamento,
  clientId: fe.clientId,
  clientNome,
  caseId: fe.caseId,
  caseTitulo,
  observacoes: fe.observacoes,
  parcelaNumero: fe.parcelaNumero,
  parcelaTotal: fe.parcelaTotal,
  grupoId: fe.grupoId,
  recorrente: fe.recorrente,
  createdAt: fe.createdAt,
  updatedAt: fe.updatedAt,
}

const selectRows = (db: Executor) => db.select(columns).from(fe)
type Row = Awaited<ReturnType<typeof selectRows>>[number]

/** "Today" for the overdue rule (§4): the São Paulo calendar day, whatever the server's zone. */
export function today(): string {
  return todayISO()
}

/** Stored row → what the page shows, with the derived 'vencido' (pendente and due before today). */
export function toDto(row: Row, todayDate: string): FinancialEntryDto {
  const vencido = row.status === 'pendente' && row.dataVencimento < todayDate
  return {
    ...row,
    clientNome: row.clientNome ?? null,
    caseTitulo: row.caseTitulo ?? null,
    status: vencido ? 'vencido' : row.status,
    storedStatus: row.status,
    vencido,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

/** Every word in the description, or every word in the client's name (accent/case-insensitive, trigram). */
function searchCondition(scope: FinancialScope, search: string): SQL {
  const words = searchWords(search).map((w) => containsPattern(w))
  const inDescription = and(...words.map((p) => sql`${fe.descricaoBusca} like f_unaccent(lower(${p}::text))`))
  const nameMatches = and(...words.map((p) => sql`c.nome_busca like f_unaccent(lower(${p}::text))`))
  // '= any(array(…))' rather than 'in (select …)': the client ids become one array the planner can probe the
  // (office_id, client_id) index with, OR-ed (BitmapOr) with the description's trigram index.
  const byClient = sql`${fe.clientId} = any(array(select c.id from ${clients} c where c.office_id = ${scope.officeId} and ${nameMatches}))`
  return sql`(${inDescription} or ${byClient})`
}

export function filterWhere(scope: FinancialScope, filter: EntryFilter, todayDate: string): SQL {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope), isNull(fe.deletedAt)]
  if (filter.tipo !== 'todos') conditions.push(eq(fe.tipo, filter.tipo))
  if (filter.status === 'pago' || filter.status === 'cancelado') conditions.push(eq(fe.status, filter.status))
  // With a status but no type, naming both types lets the (office_id, tipo, status, data_vencimento) index serve.
  if (filter.tipo === 'todos' && filter.status !== 'todos')
    conditions.push(sql`${fe.tipo} in ('receita', 'despesa')`)
  if (filter.status === 'pendente') {
    conditions.push(sql`${fe.status} = 'pendente' and ${fe.dataVencimento} >= ${todayDate}::date`)
  }
  if (filter.status === 'vencido') {
    conditions.push(sql`${fe.status} = 'pendente' and ${fe.dataVencimento} < ${todayDate}::date`)
  }
  if (filter.q) conditions.push(searchCondition(scope, filter.q))
  return and(...conditions) as SQL
}

export async function listEntries(
  db: Database,
  scope: FinancialScope,
  query: EntryFilter & { limit: number; offset: number },
): Promise<FinancialEntryList> {
  const todayDate = today()
  const where = filterWhere(scope, query, todayDate)
  const capped = db
    .select({ one: sql`1` })
    .from(fe)
    .where(where)
    // Only the plain list counts along its page's index; a filtered count lets the planner pick the filter's.
    .orderBy(...(query.q || query.status !== 'todos' ? [] : byDueDate))
    .limit(TOTAL_CAP + 1)
    .as('capped')
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(fe)
      .where(where)
      .orderBy(...byDueDate)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(capped),
  ])
  const total = Number(count?.total ?? 0)
  return {
    items: rows.map((row) => toDto(row, todayDate)),
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
  }
}

export async function getEntry(
  db: Executor,
  scope: FinancialScope,
  id: string,
): Promise<FinancialEntryDto | null> {
  const [row] = await selectRows(db).where(and(scopeCondition(scope), eq(fe.id, id), isNull(fe.deletedAt)))
  return row ? toDto(row, today()) : null
}

const cents = (value: unknown): number => parseDecimalCents(String(value ?? '0')) ?? 0

/**
 * The cards of a period: paid amounts by payment date in [from, to]; pending ones due up to `to` (an overdue
 * receivable is still to receive). Two grouped sums, each an index-only range of its aggregate index.
 */
export async function getSummary(
  db: Database,
  scope: FinancialScope,
  from: string,
  to: string,
): Promise<FinancialSummary> {
  const base = and(scopeCondition(scope), isNull(fe.deletedAt), sql`${fe.tipo} in ('receita', 'despesa')`)
  const paidOfEntries = (period: { from: string; to: string }) =>
    db
      .select({ tipo: fe.tipo, total: sql<string>`coalesce(sum(${fe.valor}), 0)` })
      .from(fe)
      .where(
        and(
          base,
          sql`${fe.status} = 'pago' and ${fe.dataPagamento} between ${period.from}::date and ${period.to}::date`,
        ),
      )
      .groupBy(fe.tipo)
  // The whole office: whole months from the rollup the database keeps (decision 019), the partial months at
  // the edges from the entries. A partial scope sums its few cases' entries.
  const split = scope.restrictTo ? { months: null, edges: [{ from, to }] } : splitPeriod({ from, to })
  const [paidParts, pending] = await Promise.all([
    Promise.all([
      split.months ? paidByTipoOfMonths(db, scope.officeId, split.months) : [],
      ...split.edges.map(paidOfEntries),
    ]).then((parts) => parts.flat()),
    db
      .select({ tipo: fe.tipo, total: sql<string>`coalesce(sum(${fe.valor}), 0)` })
      .from(fe)
      .where(and(base, sql`${fe.status} = 'pendente' and ${fe.dataVencimento} <= ${to}::date`))
      .groupBy(fe.tipo),
  ])
  const sum = (rows: { tipo: string; total: string }[], tipo: string) =>
    rows.filter((r) => r.tipo === tipo).reduce((total, r) => total + cents(r.total), 0)
  const receitaPaga = sum(paidParts, 'receita')
  const despesasPagas = sum(paidParts, 'despesa')
  return {
    from,
    to,
    receitaPaga: centsToDecimal(receitaPaga),
    aReceber: centsToDecimal(sum(pending, 'receita')),
    despesasPagas: centsToDecimal(despesasPagas),
    despesasPendentes: centsToDecimal(sum(pending, 'despesa')),
    saldo: centsToDecimal(receitaPaga - despesasPagas),
  }
}

/** Paid receitas and despesas per payment month, the 12 months ending with the current one (summed in SQL). */
export async function getChart(db: Database, scope: FinancialScope): Promise<FinancialChart> {
  const months = last12Months(today())
  const start = `${months[0] ?? ''}-01`
  const end = monthStartISO(today())
  // The whole office: the rollup's 12 months (decision 019); a partial scope sums its few cases' entries.
  const rows = scope.restrictTo
    ? await chartOfEntries(db, scope, start, end)
    : await paidByMonthOfMonths(db, scope.officeId, { from: start, to: end })
  const find = (mes: string, tipo: string) => cents(rows.find((r) => r.mes === mes && r.tipo === tipo)?.total)
  return {
    months: months.map((mes) => ({
      mes,
      receitas: centsToDecimal(find(mes, 'receita')),
      despesas: centsToDecimal(find(mes, 'despesa')),
    })),
  }
}

function chartOfEntries(db: Database, scope: FinancialScope, start: string, end: string) {
  return db
    .select({
      mes: sql<string>`to_char(${fe.dataPagamento}, 'YYYY-MM')`,
      tipo: fe.tipo,
      total: sql<string>`sum(${fe.valor})`,
    })
    .from(fe)
    .where(
      and(
        scopeCondition(scope),
        isNull(fe.deletedAt),
        sql`${fe.tipo} in ('receita', 'despesa') and ${fe.status} = 'pago'`,
        sql`${fe.dataPagamento} >= ${start}::date and ${fe.dataPagamento} < (${end}::date + interval '1 month')`,
      ),
    )
    .groupBy(sql`1`, fe.tipo)
}

/** The filtered list for the CSV, batch by batch (keyset on the list's own order). */
export async function* entryRowsForCsv(
  db: Database,
  scope: FinancialScope,
  filter: EntryFilter,
): AsyncGenerator<FinancialEntryDto[]> {
  const todayDate = today()
  const where = filterWhere(scope, filter, todayDate)
  let after: { dataVencimento: string; id: string } | null = null
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${fe.dataVencimento}, ${fe.id}) < (${after.dataVencimento}::date, ${after.id}::uuid)`
      : undefined
    const rows: Row[] = await db
      .select(columns)
      .from(fe)
      .where(and(where, cursor))
      .orderBy(...byDueDate)
      .limit(CSV_BATCH)
    if (rows.length === 0) return
    yield rows.map((row) => toDto(row, todayDate))
    const last = rows[rows.length - 1]
    if (!last || rows.length < CSV_BATCH) return
    after = { dataVencimento: last.dataVencimento, id: last.id }
  }
}
