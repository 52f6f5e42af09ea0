import { z } from 'zod'
import '../../lib/zod-pt-br'
import { addDaysISO, diffDaysISO, todayISO } from '../../lib/br/dates'
import { calendarDate } from '../../lib/zod-fields'
import type { CaseArea, CaseResultado, CaseStatus } from '../cases/cases.public'

// Contract of /api/reports (issue 11: Relatórios and Analytics), shared by both pages and the server. No
// server imports: the browser bundles this file. Periods are São Paulo calendar days, both ends included;
// amounts travel as decimal strings ('1234.56') and are added up as integer centavos, never as floats.

export const REPORT_KINDS = ['area', 'horas', 'pipeline'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

/** The file names of the exports ('relatorio-desempenho-por-area-2026-01-01-a-2026-01-31.csv'). */
export const REPORT_SLUGS: Readonly<Record<ReportKind, string>> = {
  area: 'desempenho-por-area',
  horas: 'horas-faturaveis',
  pipeline: 'pipeline-de-casos',
}

/** The spec's card titles (§2 "Reports"), also the PDF/CSV headings. */
export const REPORT_TITLES: Readonly<Record<ReportKind, string>> = {
  area: 'Desempenho por área',
  horas: 'Horas faturáveis',
  pipeline: 'Pipeline de casos',
}

/** Outcomes that count as a success: the client won all or part of the claim, or settled (acordo). */
export const SUCCESS_RESULTADOS: readonly CaseResultado[] = [
  'procedente',
  'parcialmente_procedente',
  'acordo',
]

export const REPORT_LIMITS = {
  /** Five years of days: a longer custom period is refused (and the year preset is one year). */
  maxRangeDays: 1830,
  /** The hours report lists this many cases (the most hours first); the totals count them all. */
  maxCases: 500,
} as const

export const REPORT_MESSAGES = {
  period: 'Período inválido: informe a data inicial e a final (até 5 anos, início antes do fim).',
  format: 'Formato inválido: escolha PDF ou ZIP.',
} as const

const optionalDay = calendarDate(REPORT_MESSAGES.period).optional()

/** The first and last day of the São Paulo month of `today`. */
export function monthOf(today: string): Period {
  const from = `${today.slice(0, 8)}01`
  return { from, to: addDaysISO(`${addDaysISO(from, 31).slice(0, 8)}01`, -1) }
}

/** Query of every report route: a period, by default the current São Paulo month. */
export const reportPeriodQuery = z
  .object({ from: optionalDay, to: optionalDay })
  .refine((q) => (q.from === undefined) === (q.to === undefined), REPORT_MESSAGES.period)
  .transform((q): Period => (q.from && q.to ? { from: q.from, to: q.to } : monthOf(todayISO())))
  .refine(
    (p) => p.from <= p.to && diffDaysISO(p.from, p.to) < REPORT_LIMITS.maxRangeDays,
    REPORT_MESSAGES.period,
  )
export type ReportPeriodQuery = z.input<typeof reportPeriodQuery>

export interface Period {
  from: string
  to: string
}

/** The period of the same length just before `period` (analytics' growth compares with it). */
export function previousPeriod(period: Period): Period {
  const days = diffDaysISO(period.from, period.to) + 1
  return { from: addDaysISO(period.from, -days), to: addDaysISO(period.from, -1) }
}

/** Decimal string ('1234.56', '-3.5', '7') → integer centavos; the wire never carries floats. */
export function decimalToCents(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim())
  if (!match) throw new Error(`not a decimal amount: ${value}`)
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] === '-' && cents !== 0 ? -cents : cents
}

/** Integer centavos → the wire's decimal string (123456 → '1234.56'). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** part / whole as a fraction, or null when there is no whole (shown as '—'). */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null
}

/** One legal area of 'Desempenho por área'; area null = revenue of entries linked to no case. */
export interface AreaRow {
  area: CaseArea | null
  abertos: number
  concluidos: number
  /** Concluded in the period with an outcome recorded (the success rate's denominator). */
  comResultado: number
  /** Of those, procedente, parcialmente procedente or acordo. */
  exitosos: number
  /** exitosos / comResultado, null without any. */
  taxaExito: number | null
  /** Paid revenue (receitas pagas) of the area's cases, by payment date. */
  receita: string
}

export interface AreaReport {
  kind: 'area'
  period: Period
  rows: AreaRow[]
  totals: Omit<AreaRow, 'area'>
}

export interface HoursMemberRow {
  memberId: string
  nome: string
  minutos: number
  minutosFaturaveis: number
  /** The member's hourly rate (R$), null when none is set. */
  valorHora: string | null
  /** Billable hours × rate; null without a rate. */
  valor: string | null
}

export interface HoursCaseRow {
  caseId: string
  titulo: string
  minutos: number
  minutosFaturaveis: number
  /** Billable time of members with a rate, valued; null when none of it has a rate. */
  valor: string | null
  /** Billable minutes of members without a rate (not in `valor`). */
  minutosSemValor: number
}

export interface HoursReport {
  kind: 'horas'
  period: Period
  members: HoursMemberRow[]
  cases: HoursCaseRow[]
  /** How many cases had time in the period (`cases` lists at most REPORT_LIMITS.maxCases). */
  casesTotal: number
  totals: { minutos: number; minutosFaturaveis: number; valor: string; minutosSemValor: number }
}

export interface PipelineMonth {
  /** 'YYYY-MM' */
  mes: string
  abertos: number
  concluidos: number
}

export interface PipelineReport {
  kind: 'pipeline'
  period: Period
  /** Today's status of every case (the portfolio), whatever the period. */
  status: { status: CaseStatus; casos: number }[]
  months: PipelineMonth[]
  /** Active cases (aberto, andamento) today and their average days since data_inicio. */
  casosAtivos: number
  mediaDiasAberto: number | null
  /** Cases concluded in the period and their average days from data_inicio to data_conclusao. */
  concluidos: number
  mediaDiasConclusao: number | null
}

export type Report = AreaReport | HoursReport | PipelineReport

export interface AnalyticsArea {
  area: CaseArea
  casosAtivos: number
  abertos: number
  receita: string
  receitaAnterior: string
  /** Revenue growth over the previous period of the same length; null when that one had none. */
  crescimento: number | null
}

export interface AnalyticsMember {
  memberId: string
  nome: string
  casosAtivos: number
  minutos: number
  minutosFaturaveis: number
  /** minutosFaturaveis / minutos, null without time. */
  eficiencia: number | null
}

export interface Analytics {
  period: Period
  previous: Period
  cards: { casosAtivos: number; clientesAtivos: number; audiencias30d: number; receitaMes: string }
  areas: AnalyticsArea[]
  equipe: AnalyticsMember[]
  qualidade: {
    taxaExito: number | null
    comResultado: number
    /** The network's reviews don't exist yet (issue 13): always null until then. */
    avaliacaoMedia: number | null
    mediaDiasConclusao: number | null
  }
  /** Whether the numbers are the asking associado's own cases and hours only (spec §6, partial). */
  limitado: boolean
}
