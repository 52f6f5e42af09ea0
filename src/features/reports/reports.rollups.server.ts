import { and, between, eq, sql, type SQL } from 'drizzle-orm'
import { reportPaidMonths } from '../financial/financial-rollup.table.server'
import { splitPeriod } from '../financial/financial.public.server'
import type { Period } from './reports.schema'
import type { Executor, ReportScope } from './reports.scope.server'

// Reads of the rollups the database keeps (decision 019, reports.table.server.ts). A period is cut into the
// whole months it covers (read from a rollup: a few rows per month) and the partial months at its edges (read
// from the entries themselves, as before) — the sum of the two is exactly what a scan of the period gives.

export { splitPeriod }

/** The calendar year the period is exactly (1 Jan – 31 Dec), or null. */
export function wholeYear(period: Period): number | null {
  const year = period.from.slice(0, 4)
  return period.from === `${year}-01-01` && period.to === `${year}-12-31` ? Number(year) : null
}

/**
 * Per member with time in the period (the associado: only themselves): member_id, minutos, faturaveis — a
 * subquery for a FROM clause. Whole months from report_hours_months, the edges from time_entries.
 */
export function memberHoursSql(scope: ReportScope, period: Period): SQL {
  const { months, edges } = splitPeriod(period)
  const self = scope.restrictTo === null ? sql`` : sql` and member_id = ${scope.restrictTo}`
  const parts: SQL[] = []
  if (months)
    parts.push(sql`select member_id, minutos, faturaveis from report_hours_months
      where office_id = ${scope.officeId} and mes between ${months.from}::date and ${months.to}::date${self}`)
  for (const edge of edges)
    parts.push(sql`select member_id, sum(minutos)::bigint, coalesce(sum(minutos) filter (where faturavel), 0)::bigint
      from time_entries where office_id = ${scope.officeId} and data between ${edge.from}::date and ${edge.to}::date
      and deleted_at is null and minutos is not null${self} group by member_id`)
  return sql`(select member_id, sum(minutos) as minutos, sum(faturaveis) as faturaveis
    from (${sql.join(parts, sql` union all `)}) as u (member_id, minutos, faturaveis) group by member_id)`
}

export type CaseHoursRow = {
  caseId: string
  titulo: string
  minutos: number
  minutosFaturaveis: number
  valor: string | null
  minutosSemValor: number
  total: number
}

/** The calendar month the period is exactly (1st – last day), as its first day, or null. */
export function wholeMonth(period: Period): string | null {
  const split = splitPeriod(period)
  return split.edges.length === 0 && split.months && split.months.from === split.months.to
    ? split.months.from
    : null
}

/** Which rollup holds a whole year's or a whole month's per-case hours. */
export type CasePeriod = { ano: number } | { mes: string }

/**
 * The hours report's cases for a whole calendar year or month of the whole office: the `limit` cases with the
 * most hours (ties by case id) straight from the rollup's index, then their value from their own time entries
 * (index time_entries_office_case_idx) — the same numbers the per-case GROUP BY over the period gives.
 */
export async function topCasesOf(
  db: Executor,
  officeId: string,
  target: CasePeriod,
  period: Period,
  limit: number,
): Promise<CaseHoursRow[]> {
  const [cases, counts, key] =
    'ano' in target
      ? [sql`report_case_hours_years`, sql`report_case_years`, sql`ano = ${target.ano}`]
      : [sql`report_case_hours_months`, sql`report_case_months`, sql`mes = ${target.mes}::date`]
  const { rows } = await db.execute<CaseHoursRow>(sql`
    with top as (
      select case_id, minutos, faturaveis from ${cases}
      where office_id = ${officeId} and ${key}
      order by minutos desc nulls last, case_id limit ${limit}
    ), vals as (
      select te.case_id,
             round(sum(te.minutos * om.valor_hora) filter (where te.faturavel and om.valor_hora is not null) / 60, 2)::text as valor,
             coalesce(sum(te.minutos) filter (where te.faturavel and om.valor_hora is null), 0)::int as sem_valor
      from time_entries te join office_members om on om.id = te.member_id
      where te.office_id = ${officeId} and te.case_id = any(array(select case_id from top))
        and te.data between ${period.from}::date and ${period.to}::date and te.deleted_at is null
        and te.minutos is not null
      group by te.case_id
    )
    select top.case_id as "caseId", c.titulo, top.minutos::int as minutos, top.faturaveis::int as "minutosFaturaveis",
           vals.valor, coalesce(vals.sem_valor, 0)::int as "minutosSemValor",
           coalesce((select casos from ${counts} where office_id = ${officeId} and ${key}), 0) as total
    from top join cases c on c.id = top.case_id left join vals on vals.case_id = top.case_id
    order by top.minutos desc, c.titulo`)
  return rows
}

/** Paid totals per area ('' = no case → null) of the whole months of `months`, type `tipo`, whole office. */
export async function paidByAreaOfMonths(
  db: Executor,
  officeId: string,
  months: Period,
  tipo: 'receita' | 'despesa',
): Promise<{ area: string | null; total: string }[]> {
  return db
    .select({
      area: sql<string | null>`nullif(${reportPaidMonths.area}, '')`,
      total: sql<string>`sum(${reportPaidMonths.total})::text`,
    })
    .from(reportPaidMonths)
    .where(
      and(
        eq(reportPaidMonths.officeId, officeId),
        eq(reportPaidMonths.tipo, tipo),
        between(reportPaidMonths.mes, months.from, months.to),
      ),
    )
    .groupBy(reportPaidMonths.area)
}
