import { centsToDecimal } from '../../lib/br/money'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { toCsv } from '../../lib/csv'
import { createPdf, pdfBuffer, pdfSection, pdfTable } from '../../platform/pdf.server'
import type { ReportFormat, ReportKind } from './platform-reports.constants'
import type { PlatformReportsOverview, WeeklyPoint } from './platform-reports.schema'

/**
 * The file of a business report: a few sections of (item, value) rows built from the same overview the screen
 * shows. Aggregates ONLY — counts, shares and sums; no name, e-mail, document or id of anyone — so the file can
 * be passed around without carrying personal data (LGPD). CSV through the platform's CSV writer (BOM, ';',
 * formula neutralising), PDF through platform/pdf.server.ts.
 */

export const REPORT_TITLES: Record<ReportKind, string> = {
  usuarios: 'Relatório de Usuários',
  engajamento: 'Relatório de Engajamento',
  receita: 'Relatório de Receita',
  assinaturas: 'Relatório de Assinaturas',
}

export interface ReportSection {
  title: string
  rows: [string, string][]
}

const TYPE_LABELS = { advogado: 'Advogados', estudante: 'Estudantes', entidade: 'Entidades' } as const

/** Amounts as pt-BR decimals without the currency sign ('1215,70'): a spreadsheet reads them as numbers. */
const money = (cents: number) => centsToDecimal(cents).replace('.', ',')
const percent = (value: number | null) =>
  value === null ? '—' : `${(Math.round(value * 1000) / 10).toFixed(1).replace('.', ',')}%`
const week = (point: WeeklyPoint): [string, string] => [
  `Semana de ${formatDateBR(point.week)}`,
  String(point.count),
]
const month = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`

/** 'de dd/mm/aaaa hh:mm a dd/mm/aaaa hh:mm' — the exact window, São Paulo time. */
export function periodLabel(overview: PlatformReportsOverview): string {
  return `${formatDateTimeBR(overview.period.from)} a ${formatDateTimeBR(overview.period.to)}`
}

export function reportSections(kind: ReportKind, data: PlatformReportsOverview): ReportSection[] {
  const b = data.billing
  switch (kind) {
    case 'usuarios':
      return [
        {
          title: 'Usuários por tipo',
          rows: [
            ...data.userTypes.items.flatMap((item): [string, string][] => [
              [TYPE_LABELS[item.type], String(item.count)],
              [`${TYPE_LABELS[item.type]} (%)`, `${item.percent.toFixed(1).replace('.', ',')}%`],
            ]),
            ['Total de usuários', String(data.userTypes.total)],
          ],
        },
        {
          title: 'Cadastros por semana',
          rows: [
            ...data.signupsPerWeek.map(week),
            ['Total no período', String(data.signupsPerWeek.reduce((sum, p) => sum + p.count, 0))],
          ],
        },
      ]
    case 'engajamento': {
      const points = data.activeUsersPerWeek
      const average = points.length ? points.reduce((sum, p) => sum + p.count, 0) / points.length : 0
      return [
        {
          title: 'Usuários ativos por semana',
          rows: [
            ...points.map(week),
            ['Média semanal', average.toFixed(1).replace('.', ',')],
            ['Maior semana', String(Math.max(0, ...points.map((p) => p.count)))],
          ],
        },
      ]
    }
    case 'receita':
      return [
        {
          title: 'Receita (R$)',
          rows: [
            ['Receita total', money(b.revenueCents)],
            ['Plano mensal', money(b.revenueByPlan.monthly)],
            ['Plano anual', money(b.revenueByPlan.annual)],
          ],
        },
        {
          title: 'Receita por mês (R$)',
          rows: b.monthlyRevenueSeries.map((p): [string, string] => [month(p.month), money(p.cents)]),
        },
      ]
    case 'assinaturas':
      return [
        {
          title: 'Assinantes no fim do período',
          rows: [
            ['Assinantes ativos', String(b.activeSubscribers)],
            ['Em período de teste', String(b.trialSubscribers)],
            ['Inadimplentes', String(b.overdueSubscribers)],
          ],
        },
        {
          title: 'Conversão e churn',
          rows: [
            ['Testes encerrados no período', String(b.trialsEnded)],
            ['Convertidos em assinatura paga', String(b.converted)],
            ['Taxa de conversão', percent(b.conversionRate)],
            ['Assinantes ativos no início', String(b.activeAtStart)],
            ['Cancelamentos no período', String(b.cancelled)],
            ['Churn', percent(b.churnRate)],
          ],
        },
      ]
  }
}

/** The file's bytes and its name ('relatorio-receita-2026-11-25.csv'). */
export async function buildReportFile(
  kind: ReportKind,
  format: ReportFormat,
  data: PlatformReportsOverview,
  generatedAt = new Date(),
): Promise<Buffer> {
  const sections = reportSections(kind, data)
  const period = periodLabel(data)
  if (format === 'csv') {
    const rows = [
      ['Relatório', REPORT_TITLES[kind], ''],
      ['Relatório', 'Período', period],
      ...sections.flatMap((section) => section.rows.map(([item, value]) => [section.title, item, value])),
    ]
    return Buffer.from(toCsv(['Seção', 'Item', 'Valor'], rows), 'utf8')
  }
  const doc = createPdf({
    title: REPORT_TITLES[kind],
    subtitle: `JusConecta · Período: ${period}`,
    generatedAt,
  })
  for (const section of sections) {
    pdfSection(doc, section.title)
    pdfTable(
      doc,
      [
        { header: 'Item', width: 0.65 },
        { header: 'Valor', width: 0.35, align: 'right' },
      ],
      section.rows,
    )
  }
  return pdfBuffer(doc)
}
