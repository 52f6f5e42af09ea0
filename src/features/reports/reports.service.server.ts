import { and, between, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { addDaysISO, todayISO } from '../../lib/br/dates'
import { CASE_AREAS, CASE_STATUSES } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import type { CaseArea } from '../cases/cases.public'
import { financialEntries } from '../financial/financial.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { timeEntries } from '../timesheet/timesheet.table.server'
import {
  REPORT_LIMITS,
  SUCCESS_RESULTADOS,
  centsToDecimal,
  decimalToCents,
  ratio,
  type AreaReport,
  type AreaRow,
  type HoursReport,
  type Period,
  type PipelineReport,
  type Report,
  type ReportKind,
} from './reports.schema'
import {
  countersByStatus,
  days,
  inScopeCases,
  int,
  type Executor,
  type ReportScope,
} from './reports.scope.server'
import {
  memberHoursSql,
  paidByAreaOfMonths,
  splitPeriod,
  topCasesOf,
  wholeMonth,
  wholeYear,
  type CaseHoursRow,
  type CasePeriod,
} from './reports.rollups.server'

// The three reports of /dashboard/reports (issue 11). Every number is a GROUP BY in PostgreSQL over the
// office's rows in the period (indexes: cases_office_inicio_report_idx, cases_office_conclusao_report_idx,
// financial_entries_office_pagamento_idx, time_entries_office_data_report_idx) or over the rollups the
// database keeps of hours and paid entries (decision 019, reports.rollups.server.ts); nothing is summed in a loop.

const activeStatuses = ['aberto', 'andamento'] as const
const successList = sql.raw(SUCCESS_RESULTADOS.map((r) => `'${r}'`).join(', '))

/** The office's live cases (not in the trash), narrowed for a partial scope. */
function officeCases(scope: ReportScope, ...more: (SQL | undefined)[]): SQL {
  return and(
    eq(cases.officeId, scope.officeId),
    isNull(cases.deletedAt),
    inScopeCases(scope, cases.id),
    ...more,
  ) as SQL
}

/** Cases whose data_inicio falls in the period, per area. */
export async function openedByArea(db: Executor, scope: ReportScope, period: Period) {
  const rows = await db
    .select({ area: cases.areaJuridica, n: sql<number>`count(*)::int` })
    .from(cases)
    .where(officeCases(scope, between(cases.dataInicio, period.from, period.to)))
    .groupBy(cases.areaJuridica)
  return new Map(rows.map((row) => [row.area, int(row.n)]))
}

/**
 * Cases concluded in the period (status concluido, data_conclusao in it), per area: how many, how many with an
 * outcome, how many of those a success, and the sum of their days open. A concluded case without a conclusion
 * date has no period to count in (the case form dates it when the status becomes concluido).
 */
export async function concludedByArea(db: Executor, scope: ReportScope, period: Period) {
  return db
    .select({
      area: cases.areaJuridica,
      concluidos: sql<number>`count(*)::int`,
      comResultado: sql<number>`count(${cases.resultado})::int`,
      exitosos: sql<number>`(count(*) filter (where ${cases.resultado} in (${successList})))::int`,
      diasTotal: sql<number>`sum(${cases.dataConclusao} - ${cases.dataInicio})::int`,
    })
    .from(cases)
    .where(
      officeCases(scope, eq(cases.status, 'concluido'), between(cases.dataConclusao, period.from, period.to)),
    )
    .groupBy(cases.areaJuridica)
}

/**
 * Paid revenue (receitas pagas, by payment date) per area of the linked case; area null = entries linked to no
 * case (a partial scope never sees those: they are nobody's case). A case in the trash keeps its revenue.
 * The whole office: whole months from the rollup report_paid_months (decision 019), the partial months at the
 * period's edges from the entries; a partial scope reads its few cases' entries directly.
 */
export async function revenueByArea(db: Executor, scope: ReportScope, period: Period) {
  if (scope.restrictTo !== null) return revenueByAreaOfEntries(db, scope, period)
  const { months, edges } = splitPeriod(period)
  const [rolled, ...fromEntries] = await Promise.all([
    months ? paidByAreaOfMonths(db, scope.officeId, months, 'receita') : [],
    ...edges.map((edge) => revenueByAreaOfEntries(db, scope, edge)),
  ])
  const total = new Map<CaseArea | null, number>()
  const add = (area: CaseArea | null, cents: number) => total.set(area, (total.get(area) ?? 0) + cents)
  for (const row of rolled) add(row.area as CaseArea | null, decimalToCents(row.total))
  for (const map of fromEntries) for (const [area, cents] of map) add(area, cents)
  return total
}

async function revenueByAreaOfEntries(db: Executor, scope: ReportScope, period: Period) {
  const rows = await db
    .select({ area: cases.areaJuridica, total: sql<string>`sum(${financialEntries.valor})::text` })
    .from(financialEntries)
    .leftJoin(
      cases,
      and(eq(cases.officeId, financialEntries.officeId), eq(cases.id, financialEntries.caseId)),
    )
    .where(
      and(
        eq(financialEntries.officeId, scope.officeId),
        eq(financialEntries.tipo, 'receita'),
        eq(financialEntries.status, 'pago'),
        between(financialEntries.dataPagamento, period.from, period.to),
        isNull(financialEntries.deletedAt),
        inScopeCases(scope, financialEntries.caseId),
      ),
    )
    .groupBy(cases.areaJuridica)
  return new Map<CaseArea | null, number>(rows.map((row) => [row.area, decimalToCents(row.total)]))
}

export async function areaReport(db: Executor, scope: ReportScope, period: Period): Promise<AreaReport> {
  const [opened, concluded, revenue] = await Promise.all([
    openedByArea(db, scope, period),
    concludedByArea(db, scope, period),
    revenueByArea(db, scope, period),
  ])
  const byArea = new Map(concluded.map((row) => [row.area, row]))
  const rows: AreaRow[] = []
  for (const area of [...CASE_AREAS, null]) {
    const done = area === null ? undefined : byArea.get(area)
    const abertos = area === null ? 0 : (opened.get(area) ?? 0)
    const cents = revenue.get(area) ?? 0
    if (abertos === 0 && !done && cents === 0) continue
    const comResultado = int(done?.comResultado)
    const exitosos = int(done?.exitosos)
    rows.push({
      area,
      abertos,
      concluidos: int(done?.concluidos),
      comResultado,
      exitosos,
      taxaExito: ratio(exitosos, comResultado),
      receita: centsToDecimal(cents),
    })
  }
  const sum = (pick: (row: AreaRow) => number) => rows.reduce((total, row) => total + pick(row), 0)
  const comResultado = sum((row) => row.comResultado)
  const exitosos = sum((row) => row.exitosos)
  return {
    kind: 'area',
    period,
    rows,
    totals: {
      abertos: sum((row) => row.abertos),
      concluidos: sum((row) => row.concluidos),
      comResultado,
      exitosos,
      taxaExito: ratio(exitosos, comResultado),
      receita: centsToDecimal(sum((row) => decimalToCents(row.receita))),
    },
  }
}

/** Time entries of the period (stopped or manual: a running timer has no minutes yet), narrowed to own hours. */
function periodEntries(scope: ReportScope, period: Period): SQL {
  return and(
    eq(timeEntries.officeId, scope.officeId),
    between(timeEntries.data, period.from, period.to),
    isNull(timeEntries.deletedAt),
    isNotNull(timeEntries.minutos),
    scope.restrictTo === null ? undefined : eq(timeEntries.memberId, scope.restrictTo),
  ) as SQL
}

/**
 * Per case from the entries themselves (any period; the associado's own hours): aggregated per case first,
 * the top cases picked, and only then their titles read — joining cases before the GROUP BY would read a row
 * of cases for every time entry of the period. A bigger work_mem, for this statement only, keeps a long
 * period's aggregate in memory instead of spilling it to disk.
 */
async function perCaseOfEntries(db: Executor, scope: ReportScope, period: Period): Promise<CaseHoursRow[]> {
  const rated = sql`${timeEntries.faturavel} and ${officeMembers.valorHora} is not null`
  const perCase = db
    .select({
      caseId: timeEntries.caseId,
      minutos: sql<number>`coalesce(sum(${timeEntries.minutos}), 0)::int`.as('minutos'),
      minutosFaturaveis:
        sql<number>`(coalesce(sum(${timeEntries.minutos}) filter (where ${timeEntries.faturavel}), 0))::int`.as(
          'minutos_faturaveis',
        ),
      valor: sql<
        string | null
      >`(round(sum(${timeEntries.minutos} * ${officeMembers.valorHora}) filter (where ${rated}) / 60, 2))::text`.as(
        'valor',
      ),
      minutosSemValor:
        sql<number>`(coalesce(sum(${timeEntries.minutos}) filter (where ${timeEntries.faturavel} and ${officeMembers.valorHora} is null), 0))::int`.as(
          'minutos_sem_valor',
        ),
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(timeEntries)
    .innerJoin(officeMembers, eq(officeMembers.id, timeEntries.memberId))
    .where(periodEntries(scope, period))
    .groupBy(timeEntries.caseId)
    .orderBy(sql`sum(${timeEntries.minutos}) desc`, timeEntries.caseId)
    .limit(REPORT_LIMITS.maxCases)
    .as('per_case')
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`)
    return tx
      .select({
        caseId: perCase.caseId,
        titulo: cases.titulo,
        minutos: perCase.minutos,
        minutosFaturaveis: perCase.minutosFaturaveis,
        valor: perCase.valor,
        minutosSemValor: perCase.minutosSemValor,
        total: perCase.total,
      })
      .from(perCase)
      .innerJoin(cases, eq(cases.id, perCase.caseId))
      .orderBy(desc(perCase.minutos), cases.titulo)
  })
}

/**
 * Hours per member and per case. Value = billable minutes × the member's rate / 60, rounded to centavos in
 * numeric (exact); a member without a rate has no value ('—'), and a case's value counts only rated time.
 */
export async function hoursReport(db: Executor, scope: ReportScope, period: Period): Promise<HoursReport> {
  const hours = memberHoursSql(scope, period)
  // A whole calendar year or month of the whole office: the per-case rollups (decision 019).
  const year = scope.restrictTo === null ? wholeYear(period) : null
  const month = scope.restrictTo === null && year === null ? wholeMonth(period) : null
  const target: CasePeriod | null = year !== null ? { ano: year } : month !== null ? { mes: month } : null
  const [members, caseRows] = await Promise.all([
    // Per member from the rollup (whole months) and the entries (partial months), decision 019.
    db
      .execute<{
        memberId: string
        nome: string
        minutos: number
        minutosFaturaveis: number
        valorHora: string | null
        valor: string | null
      }>(
        sql`select h.member_id as "memberId", ${officeMembers.nomeCompleto} as nome, h.minutos::int as minutos,
                   h.faturaveis::int as "minutosFaturaveis", ${officeMembers.valorHora}::text as "valorHora",
                   (round(h.faturaveis * ${officeMembers.valorHora} / 60, 2))::text as valor
            from ${hours} h join ${officeMembers} on ${officeMembers.id} = h.member_id
            order by h.minutos desc, ${officeMembers.nomeCompleto}`,
      )
      .then((result) => result.rows),
    target
      ? topCasesOf(db, scope.officeId, target, period, REPORT_LIMITS.maxCases)
      : perCaseOfEntries(db, scope, period),
  ])
  const memberRows = members.map((row) => ({
    ...row,
    minutos: int(row.minutos),
    minutosFaturaveis: int(row.minutosFaturaveis),
  }))
  const totalCents = memberRows.reduce((sum, row) => sum + (row.valor ? decimalToCents(row.valor) : 0), 0)
  return {
    kind: 'horas',
    period,
    members: memberRows,
    cases: caseRows.map(({ total: _total, ...row }) => ({
      ...row,
      minutos: int(row.minutos),
      minutosFaturaveis: int(row.minutosFaturaveis),
      minutosSemValor: int(row.minutosSemValor),
    })),
    casesTotal: int(caseRows[0]?.total),
    totals: {
      minutos: memberRows.reduce((sum, row) => sum + row.minutos, 0),
      minutosFaturaveis: memberRows.reduce((sum, row) => sum + row.minutosFaturaveis, 0),
      valor: centsToDecimal(totalCents),
      minutosSemValor: memberRows.reduce((sum, row) => sum + (row.valor ? 0 : row.minutosFaturaveis), 0),
    },
  }
}

/** 'YYYY-MM' of every month the period touches, in order. */
export function monthsOf(period: Period): string[] {
  const months: string[] = []
  const last = period.to.slice(0, 7)
  for (
    let month = period.from.slice(0, 7);
    month <= last;
    month = addDaysISO(`${month}-01`, 32).slice(0, 7)
  ) {
    months.push(month)
  }
  return months
}

const monthKey = (column: SQL | typeof cases.dataInicio) => sql<string>`to_char(${column}, 'YYYY-MM')`

export async function pipelineReport(
  db: Executor,
  scope: ReportScope,
  period: Period,
  today: string = todayISO(),
): Promise<PipelineReport> {
  const concludedInPeriod = and(
    eq(cases.status, 'concluido'),
    between(cases.dataConclusao, period.from, period.to),
  )
  const [byStatus, opened, concluded, active, done] = await Promise.all([
    scope.restrictTo === null
      ? countersByStatus(db, scope.officeId, 'case')
      : db
          .select({ status: cases.status, n: sql<number>`count(*)::int` })
          .from(cases)
          .where(officeCases(scope))
          .groupBy(cases.status)
          .then((rows) => new Map(rows.map((row) => [row.status as string, int(row.n)]))),
    db
      .select({ mes: monthKey(cases.dataInicio), n: sql<number>`count(*)::int` })
      .from(cases)
      .where(officeCases(scope, between(cases.dataInicio, period.from, period.to)))
      .groupBy(monthKey(cases.dataInicio)),
    db
      .select({ mes: monthKey(sql`${cases.dataConclusao}`), n: sql<number>`count(*)::int` })
      .from(cases)
      .where(officeCases(scope, concludedInPeriod))
      .groupBy(monthKey(sql`${cases.dataConclusao}`)),
    db
      .select({
        n: sql<number>`count(*)::int`,
        avg: sql<string | null>`avg(${today}::date - ${cases.dataInicio})::text`,
      })
      .from(cases)
      .where(officeCases(scope, inArray(cases.status, [...activeStatuses]))),
    db
      .select({
        n: sql<number>`count(*)::int`,
        avg: sql<string | null>`avg(${cases.dataConclusao} - ${cases.dataInicio})::text`,
      })
      .from(cases)
      .where(officeCases(scope, concludedInPeriod)),
  ])
  const statusCount = byStatus
  const openedBy = new Map(opened.map((row) => [row.mes, int(row.n)]))
  const concludedBy = new Map(concluded.map((row) => [row.mes, int(row.n)]))
  return {
    kind: 'pipeline',
    period,
    status: CASE_STATUSES.map((status) => ({ status, casos: statusCount.get(status) ?? 0 })),
    months: monthsOf(period).map((mes) => ({
      mes,
      abertos: openedBy.get(mes) ?? 0,
      concluidos: concludedBy.get(mes) ?? 0,
    })),
    casosAtivos: int(active[0]?.n),
    mediaDiasAberto: days(active[0]?.avg),
    concluidos: int(done[0]?.n),
    mediaDiasConclusao: days(done[0]?.avg),
  }
}

export function buildReport(
  db: Executor,
  scope: ReportScope,
  kind: ReportKind,
  period: Period,
): Promise<Report> {
  switch (kind) {
    case 'area':
      return areaReport(db, scope, period)
    case 'horas':
      return hoursReport(db, scope, period)
    case 'pipeline':
      return pipelineReport(db, scope, period)
  }
}
