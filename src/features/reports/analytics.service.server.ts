import { and, eq, gte, inArray, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm'
import { todayISO } from '../../lib/br/dates'
import { events } from '../agenda/agenda.table.server'
import { CASE_AREAS } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { officeMembers } from '../offices/offices.table.server'
import {
  centsToDecimal,
  monthOf,
  previousPeriod,
  ratio,
  type Analytics,
  type AnalyticsMember,
  type Period,
} from './reports.schema'
import {
  countersByStatus,
  days,
  inScopeCases,
  int,
  type Executor,
  type ReportScope,
} from './reports.scope.server'
import { memberHoursSql } from './reports.rollups.server'
import { concludedByArea, openedByArea, revenueByArea } from './reports.service.server'

// /dashboard/analytics (issue 11): the spec's cards and panels computed on the office's data, each one
// aggregate in PostgreSQL, narrowed like the reports for the associado (their cases, their hours).

const active = ['aberto', 'andamento'] as const

function activeCases(scope: ReportScope): SQL {
  return and(
    eq(cases.officeId, scope.officeId),
    isNull(cases.deletedAt),
    inArray(cases.status, [...active]),
    inScopeCases(scope, cases.id),
  ) as SQL
}

async function countActiveCases(db: Executor, scope: ReportScope): Promise<number> {
  if (scope.restrictTo === null) {
    const counters = await countersByStatus(db, scope.officeId, 'case')
    return active.reduce((sum, status) => sum + (counters.get(status) ?? 0), 0)
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cases)
    .where(activeCases(scope))
  return int(row?.n)
}

/** Active clients (status ativo); for a partial scope, those of the member's cases. */
async function countActiveClients(db: Executor, scope: ReportScope): Promise<number> {
  if (scope.restrictTo === null)
    return (await countersByStatus(db, scope.officeId, 'client')).get('ativo') ?? 0
  const ofMember =
    scope.restrictTo === null
      ? undefined
      : inArray(
          clients.id,
          sql`(select ${cases.clientId} from ${cases} where ${cases.officeId} = ${scope.officeId} and ${cases.deletedAt} is null and ${inScopeCases(scope, cases.id)})`,
        )
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(
      and(
        eq(clients.officeId, scope.officeId),
        isNull(clients.deletedAt),
        eq(clients.status, 'ativo'),
        ofMember,
      ),
    )
  return int(row?.n)
}

/**
 * Hearings (audiências neither cancelled nor concluded) from now to 30 days ahead. A partial scope sees those
 * of its cases and those linked to no case, as the agenda shows them to every member.
 */
async function countHearings(db: Executor, scope: ReportScope, now: Date): Promise<number> {
  const until = new Date(now.getTime() + 30 * 86_400_000)
  const visible =
    scope.restrictTo === null
      ? undefined
      : sql`(${events.caseId} is null or ${inScopeCases(scope, events.caseId)})`
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.officeId, scope.officeId),
        isNull(events.deletedAt),
        eq(events.tipo, 'audiencia'),
        notInArray(events.status, ['cancelado', 'concluido']),
        gte(events.inicio, now),
        lt(events.inicio, until),
        visible,
      ),
    )
  return int(row?.n)
}

/**
 * Per member: active cases where responsible, and the period's hours (a partial scope: only themselves). The
 * hours come from the rollup (whole months) and the entries (partial months), decision 019.
 */
async function teamProductivity(
  db: Executor,
  scope: ReportScope,
  period: Period,
): Promise<AnalyticsMember[]> {
  const self = scope.restrictTo === null ? sql`` : sql` and ${officeMembers.id} = ${scope.restrictTo}`
  // The whole office: the per-member counts the database keeps (report_member_cases, decision 019); the
  // associado: their own cases by key ('= any(array(…))', reports.scope.server.ts).
  const load =
    scope.restrictTo === null
      ? sql`(select member_id, casos from report_member_cases where office_id = ${scope.officeId})`
      : sql`(select ${scope.restrictTo}::uuid as member_id, count(*)::int as casos from ${cases} c
            where c.office_id = ${scope.officeId} and c.deleted_at is null and c.status in ('aberto', 'andamento')
              and ${inScopeCases(scope, sql`c.id`)})`
  const { rows } = await db.execute<{
    memberId: string
    nome: string
    casos: number | null
    minutos: number | null
    faturaveis: number | null
  }>(sql`
    select ${officeMembers.id} as "memberId", ${officeMembers.nomeCompleto} as nome, load.casos,
           h.minutos::int as minutos, h.faturaveis::int as faturaveis
    from ${officeMembers}
    left join ${memberHoursSql(scope, period)} h on h.member_id = ${officeMembers.id}
    left join ${load} load on load.member_id = ${officeMembers.id}
    where ${officeMembers.officeId} = ${scope.officeId}
      -- Active members, and anyone who worked in the period even if they have left since.
      and (${officeMembers.ativo} or h.minutos is not null)${self}
    order by h.minutos desc nulls last, ${officeMembers.nomeCompleto}`)
  return rows.map((row) => {
    const minutos = int(row.minutos)
    const minutosFaturaveis = int(row.faturaveis)
    return {
      memberId: row.memberId,
      nome: row.nome,
      casosAtivos: int(row.casos),
      minutos,
      minutosFaturaveis,
      eficiencia: ratio(minutosFaturaveis, minutos),
    }
  })
}

async function activeCasesByArea(db: Executor, scope: ReportScope): Promise<Map<string, number>> {
  const rows = await db
    .select({ area: cases.areaJuridica, n: sql<number>`count(*)::int` })
    .from(cases)
    .where(activeCases(scope))
    .groupBy(cases.areaJuridica)
  return new Map(rows.map((row) => [row.area, int(row.n)]))
}

export async function analytics(
  db: Executor,
  scope: ReportScope,
  period: Period,
  now: Date = new Date(),
): Promise<Analytics> {
  const previous = previousPeriod(period)
  const month = monthOf(todayISO({ now }))
  const [casosAtivos, clientesAtivos, audiencias30d, revenueMonth, byArea, opened, revenue, revenueBefore] =
    await Promise.all([
      countActiveCases(db, scope),
      countActiveClients(db, scope),
      countHearings(db, scope, now),
      revenueByArea(db, scope, month),
      activeCasesByArea(db, scope),
      openedByArea(db, scope, period),
      revenueByArea(db, scope, period),
      revenueByArea(db, scope, previous),
    ])
  const [equipe, concluded] = await Promise.all([
    teamProductivity(db, scope, period),
    concludedByArea(db, scope, period),
  ])
  const areas = CASE_AREAS.map((area) => {
    const cents = revenue.get(area) ?? 0
    const before = revenueBefore.get(area) ?? 0
    return {
      area,
      casosAtivos: byArea.get(area) ?? 0,
      abertos: opened.get(area) ?? 0,
      receita: centsToDecimal(cents),
      receitaAnterior: centsToDecimal(before),
      crescimento: before > 0 ? (cents - before) / before : null,
    }
  }).filter(
    (row) => row.casosAtivos + row.abertos > 0 || row.receita !== '0.00' || row.receitaAnterior !== '0.00',
  )
  const sum = (pick: (row: (typeof concluded)[number]) => number) =>
    concluded.reduce((total, row) => total + int(pick(row)), 0)
  const comResultado = sum((row) => row.comResultado)
  const concluidos = sum((row) => row.concluidos)
  return {
    period,
    previous,
    cards: {
      casosAtivos,
      clientesAtivos,
      audiencias30d,
      receitaMes: centsToDecimal([...revenueMonth.values()].reduce((total, cents) => total + cents, 0)),
    },
    areas,
    equipe,
    qualidade: {
      taxaExito: ratio(
        sum((row) => row.exitosos),
        comResultado,
      ),
      comResultado,
      avaliacaoMedia: null,
      mediaDiasConclusao: concluidos > 0 ? days(sum((row) => row.diasTotal) / concluidos) : null,
    },
    limitado: scope.restrictTo !== null,
  }
}
