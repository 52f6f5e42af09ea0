import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Database } from '../../db/client.server'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { centsToBRL, parseDecimalCents } from '../../lib/br/money'
import type { CsvCell } from '../../lib/csv'
import type { AppEnv } from '../../platform/app-env.server'
import { csvDownload } from '../../platform/csv-download.server'
import { createPdf, pdfResponse, pdfSection, pdfTable } from '../../platform/pdf.server'
import type { MonthlyReport, MonthlyReportRow, MonthlyReportTotals } from './platform-billing.admin.schema'
import type { ChargeSource, ChargeStatus, SubscriptionPlan } from './platform-billing.constants'

// 'Relatório Mensal' of /admin/financial: the charges of one São Paulo calendar month. A charge belongs to the
// month when it was issued (created) in it or paid in it; the totals are computed from those same rows, so a
// reader can add the table up and reach the summary.

const TZ = 'America/Sao_Paulo'

const PLAN_LABEL: Record<SubscriptionPlan, string> = { monthly: 'Mensal', annual: 'Anual' }
const STATUS_LABEL: Record<ChargeStatus, string> = {
  pending: 'Pendente',
  paid: 'Paga',
  cancelled: 'Cancelada',
}
const SOURCE_LABEL: Record<ChargeSource, string> = { manual: 'Baixa manual', statement: 'Extrato bancário' }
const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
]

export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} de ${month.slice(0, 4)}`
}

/** Sums of the rows, and only of the rows. */
export function reportTotals(rows: readonly MonthlyReportRow[]): MonthlyReportTotals {
  const totals: MonthlyReportTotals = {
    issued: { count: 0, cents: 0 },
    paid: { count: 0, cents: 0 },
    pending: { count: 0, cents: 0 },
    cancelled: { count: 0, cents: 0 },
    revenueByPlan: { monthly: 0, annual: 0 },
  }
  for (const row of rows) {
    if (row.issuedInMonth) {
      totals.issued.count++
      totals.issued.cents += row.amountCents
      if (row.status === 'pending') {
        totals.pending.count++
        totals.pending.cents += row.amountCents
      }
      if (row.status === 'cancelled') {
        totals.cancelled.count++
        totals.cancelled.cents += row.amountCents
      }
    }
    if (row.paidInMonth) {
      const paid = row.paidCents ?? row.amountCents
      totals.paid.count++
      totals.paid.cents += paid
      totals.revenueByPlan[row.plan] += paid
    }
  }
  return totals
}

export async function monthlyReport(db: Database, month: string): Promise<MonthlyReport> {
  const start = sql`(${`${month}-01`}::timestamp at time zone ${TZ})`
  const end = sql`((${`${month}-01`}::timestamp + interval '1 month') at time zone ${TZ})`
  const result = await db.execute<{
    office_name: string
    plan: SubscriptionPlan
    period_start: Date | string
    period_end: Date | string
    amount: string
    status: ChargeStatus
    created_at: Date | string
    due_at: Date | string
    paid_at: Date | string | null
    paid_amount: string | null
    paid_source: ChargeSource | null
    txid: string
    issued_in_month: boolean
    paid_in_month: boolean
  }>(sql`
    select o.nome as office_name, c.plan, c.period_start, c.period_end, c.amount::text as amount, c.status,
      c.created_at, c.due_at, c.paid_at, c.paid_amount::text as paid_amount, c.paid_source, c.txid,
      (c.created_at >= ${start} and c.created_at < ${end}) as issued_in_month,
      (c.status = 'paid' and c.paid_at >= ${start} and c.paid_at < ${end}) as paid_in_month
    from platform_charges c join offices o on o.id = c.office_id
    where (c.created_at >= ${start} and c.created_at < ${end})
       or (c.status = 'paid' and c.paid_at >= ${start} and c.paid_at < ${end})
    order by c.created_at, c.id`)
  const iso = (value: Date | string) => new Date(value).toISOString()
  const rows = result.rows.map<MonthlyReportRow>((r) => ({
    officeName: r.office_name,
    plan: r.plan,
    periodStart: iso(r.period_start),
    periodEnd: iso(r.period_end),
    amountCents: parseDecimalCents(r.amount) ?? 0,
    status: r.status,
    issuedAt: iso(r.created_at),
    dueAt: iso(r.due_at),
    paidAt: r.paid_at ? iso(r.paid_at) : null,
    paidCents: r.paid_amount === null ? null : parseDecimalCents(r.paid_amount),
    source: r.paid_source,
    txid: r.txid,
    issuedInMonth: Boolean(r.issued_in_month),
    paidInMonth: Boolean(r.paid_in_month),
  }))
  return { month, rows, totals: reportTotals(rows) }
}

export const REPORT_CSV_HEADER = [
  'Escritório',
  'Plano',
  'Período',
  'Valor',
  'Emitida em',
  'Vencimento',
  'Situação',
  'Pago em',
  'Valor pago',
  'Origem',
  'Txid',
] as const

function rowCells(row: MonthlyReportRow): string[] {
  return [
    row.officeName,
    PLAN_LABEL[row.plan],
    `${formatDateBR(row.periodStart)} a ${formatDateBR(row.periodEnd)}`,
    centsToBRL(row.amountCents),
    formatDateBR(row.issuedAt),
    formatDateBR(row.dueAt),
    STATUS_LABEL[row.status],
    row.paidAt ? formatDateBR(row.paidAt) : '',
    row.paidCents === null ? '' : centsToBRL(row.paidCents),
    row.source ? SOURCE_LABEL[row.source] : '',
    row.txid,
  ]
}

function summaryRows(totals: MonthlyReportTotals): [string, number, number][] {
  return [
    ['Cobranças emitidas', totals.issued.count, totals.issued.cents],
    ['Cobranças pagas no mês', totals.paid.count, totals.paid.cents],
    ['Emitidas e pendentes', totals.pending.count, totals.pending.cents],
    ['Emitidas e canceladas', totals.cancelled.count, totals.cancelled.cents],
  ]
}

export function reportCsv(c: Context<AppEnv>, report: MonthlyReport): Response {
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    yield report.rows.map(rowCells)
    const blank = REPORT_CSV_HEADER.map(() => '')
    yield [
      blank,
      ['Resumo', 'Quantidade', 'Valor'],
      ...summaryRows(report.totals).map(([label, n, cents]) => [label, n, centsToBRL(cents)]),
      ['Receita do plano Mensal', '', centsToBRL(report.totals.revenueByPlan.monthly)],
      ['Receita do plano Anual', '', centsToBRL(report.totals.revenueByPlan.annual)],
    ]
  }
  return csvDownload(c, REPORT_CSV_HEADER, batches(), `relatorio-assinaturas-${report.month}.csv`)
}

export function reportPdf(report: MonthlyReport, now = new Date()): Response {
  const doc = createPdf({
    title: 'Relatório Mensal de Assinaturas',
    subtitle: `JusConecta · ${monthLabel(report.month)} · horário de Brasília`,
    generatedAt: now,
  })
  pdfSection(doc, 'Resumo')
  pdfTable(
    doc,
    [
      { header: 'Indicador', width: 0.5 },
      { header: 'Quantidade', width: 0.2, align: 'right' },
      { header: 'Valor', width: 0.3, align: 'right' },
    ],
    summaryRows(report.totals).map(([label, n, cents]) => [label, String(n), centsToBRL(cents)]),
  )
  pdfSection(doc, 'Receita por plano')
  pdfTable(
    doc,
    [
      { header: 'Plano', width: 0.5 },
      { header: 'Receita no mês', width: 0.5, align: 'right' },
    ],
    (['monthly', 'annual'] as const).map((plan) => [
      PLAN_LABEL[plan],
      centsToBRL(report.totals.revenueByPlan[plan]),
    ]),
  )
  pdfSection(doc, `Cobranças (${report.rows.length})`)
  if (report.rows.length === 0) doc.text('Nenhuma cobrança emitida ou paga neste mês.')
  else
    pdfTable(
      doc,
      [
        { header: 'Escritório', width: 0.26 },
        { header: 'Plano', width: 0.1 },
        { header: 'Valor', width: 0.14, align: 'right' },
        { header: 'Vencimento', width: 0.14 },
        { header: 'Situação', width: 0.12 },
        { header: 'Pago em', width: 0.24 },
      ],
      report.rows.map((row) => [
        row.officeName,
        PLAN_LABEL[row.plan],
        centsToBRL(row.amountCents),
        formatDateBR(row.dueAt),
        STATUS_LABEL[row.status],
        row.paidAt
          ? `${formatDateTimeBR(row.paidAt)}${row.source ? ` (${SOURCE_LABEL[row.source]})` : ''}`
          : '',
      ]),
    )
  return pdfResponse(doc, `relatorio-assinaturas-${report.month}.pdf`)
}
