import { PassThrough, Readable } from 'node:stream'
import yazl from 'yazl'
import { CSV_BOM, CSV_CONTENT_TYPE, csvRow } from '../../lib/csv'
import { contentDisposition } from '../../platform/content-disposition.server'
import {
  createPdf,
  pdfResponse,
  pdfSection,
  pdfTable,
  type PdfColumn,
  type PdfLetterhead,
} from '../../platform/pdf.server'
import { CASE_STATUS_LABELS } from '../cases/cases.public.server'
import {
  formatDias,
  formatHoras,
  formatMes,
  formatMoney,
  formatPercent,
  formatPeriod,
  NONE,
} from './reports.format'
import { REPORT_SLUGS, REPORT_TITLES, type Period, type Report } from './reports.schema'

// CSV and PDF of the reports. Both are drawn from the same tables (reportTables), so the file says exactly what
// the screen says. A report is a few hundred rows at most (areas, members, the top cases, months): it is built
// in memory and the bytes are streamed out.

interface ReportTable {
  title: string
  columns: PdfColumn[]
  rows: string[][]
}

/** The rules behind the numbers, printed under the tables (the screen says them too). */
export const REPORT_NOTES = {
  area:
    'Taxa de êxito: casos procedentes, parcialmente procedentes e acordos sobre os casos concluídos no período ' +
    'com resultado informado. Receita: lançamentos de receita pagos no período, pela área do caso vinculado. ' +
    'Conversão de leads: contará os contatos recebidos pelo perfil público quando o módulo de rede existir.',
  horas:
    'Valor = horas faturáveis x valor da hora do membro (cadastro da equipe); sem valor da hora, o valor não é ' +
    'calculado.',
  pipeline:
    'Situação atual da carteira (independe do período). Tempo médio em aberto: dias desde o início dos casos ' +
    'ativos. Tempo médio até a conclusão: casos concluídos no período.',
} as const

const left = (header: string, width: number): PdfColumn => ({ header, width })
const right = (header: string, width: number): PdfColumn => ({ header, width, align: 'right' })

export function reportTables(report: Report): ReportTable[] {
  switch (report.kind) {
    case 'area': {
      const line = (name: string, row: (typeof report)['totals']) => [
        name,
        String(row.abertos),
        String(row.concluidos),
        row.comResultado === 0
          ? NONE
          : `${formatPercent(row.taxaExito)} (${row.exitosos}/${row.comResultado})`,
        formatMoney(row.receita),
      ]
      return [
        {
          title: 'Por área jurídica',
          columns: [
            left('Área', 0.3),
            right('Abertos', 0.12),
            right('Concluídos', 0.14),
            right('Taxa de êxito', 0.2),
            right('Receita recebida', 0.24),
          ],
          rows: [
            ...report.rows.map((row) => line(row.area ?? 'Sem caso vinculado', row)),
            line('Total', report.totals),
          ],
        },
      ]
    }
    case 'horas':
      return [
        {
          title: 'Por membro',
          columns: [
            left('Membro', 0.32),
            right('Horas', 0.14),
            right('Faturáveis', 0.16),
            right('Valor da hora', 0.18),
            right('Valor', 0.2),
          ],
          rows: [
            ...report.members.map((row) => [
              row.nome,
              formatHoras(row.minutos),
              formatHoras(row.minutosFaturaveis),
              formatMoney(row.valorHora),
              formatMoney(row.valor),
            ]),
            [
              'Total',
              formatHoras(report.totals.minutos),
              formatHoras(report.totals.minutosFaturaveis),
              '',
              formatMoney(report.totals.valor),
            ],
          ],
        },
        {
          title: 'Por processo',
          columns: [
            left('Processo', 0.46),
            right('Horas', 0.14),
            right('Faturáveis', 0.16),
            right('Valor', 0.24),
          ],
          rows: report.cases.map((row) => [
            row.titulo,
            formatHoras(row.minutos),
            formatHoras(row.minutosFaturaveis),
            formatMoney(row.valor),
          ]),
        },
      ]
    case 'pipeline':
      return [
        {
          title: 'Casos por status',
          columns: [left('Status', 0.6), right('Casos', 0.4)],
          rows: report.status.map((row) => [CASE_STATUS_LABELS[row.status], String(row.casos)]),
        },
        {
          title: 'Abertos x concluídos por mês',
          columns: [left('Mês', 0.4), right('Abertos', 0.3), right('Concluídos', 0.3)],
          rows: report.months.map((row) => [formatMes(row.mes), String(row.abertos), String(row.concluidos)]),
        },
        {
          title: 'Tempos médios',
          columns: [left('Indicador', 0.6), right('Casos', 0.2), right('Dias', 0.2)],
          rows: [
            [
              'Tempo médio em aberto (casos ativos)',
              String(report.casosAtivos),
              formatDias(report.mediaDiasAberto),
            ],
            [
              'Tempo médio até a conclusão (concluídos no período)',
              String(report.concluidos),
              formatDias(report.mediaDiasConclusao),
            ],
          ],
        },
      ]
  }
}

/** One CSV (Excel pt-BR: BOM, ';', CRLF) with each table as a block: its title, its header, its rows. */
export function reportCsv(report: Report): string {
  const blocks = reportTables(report).map(
    (table) =>
      csvRow([table.title]) +
      csvRow(table.columns.map((column) => column.header)) +
      table.rows.map((row) => csvRow(row.map((cell) => (cell === NONE ? '' : cell)))).join(''),
  )
  const heading = csvRow([`${REPORT_TITLES[report.kind]} - ${formatPeriod(report.period)}`])
  return CSV_BOM + heading + blocks.join('\r\n')
}

export const exportName = (slug: string, period: Period, extension: string) =>
  `relatorio-${slug}-${period.from}-a-${period.to}.${extension}`

export function csvResponse(report: Report): Response {
  return new Response(reportCsv(report), {
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': contentDisposition(
        'attachment',
        exportName(REPORT_SLUGS[report.kind], report.period, 'csv'),
      ),
      'Cache-Control': 'no-store',
    },
  })
}

function drawReport(doc: ReturnType<typeof createPdf>, report: Report, withTitle: boolean): void {
  if (withTitle) pdfSection(doc, REPORT_TITLES[report.kind])
  for (const table of reportTables(report)) {
    if (table.rows.length === 0) continue
    pdfSection(doc, table.title)
    pdfTable(doc, table.columns, table.rows)
  }
  doc.font('Helvetica').fontSize(8).fillColor('#555555').text(REPORT_NOTES[report.kind])
  doc.fillColor('black').fontSize(10)
}

/** The PDF of one report, or of all of them ('Exportar Relatórios'). */
export function reportsPdf(reports: Report[], letterhead: PdfLetterhead, period: Period) {
  const [only] = reports
  const title = reports.length === 1 && only ? REPORT_TITLES[only.kind] : 'Relatórios do escritório'
  const doc = createPdf({ title, subtitle: `Período: ${formatPeriod(period)}`, letterhead })
  for (const report of reports) drawReport(doc, report, reports.length > 1)
  return doc
}

export function pdfDownload(reports: Report[], letterhead: PdfLetterhead, period: Period): Response {
  const [only] = reports
  const slug = reports.length === 1 && only ? REPORT_SLUGS[only.kind] : 'todos'
  return pdfResponse(reportsPdf(reports, letterhead, period), exportName(slug, period, 'pdf'))
}

/** 'Exportar Relatórios' as a zip of the reports' CSVs, streamed as yazl writes it. */
export function zipDownload(reports: Report[], period: Period): Response {
  const zip = new yazl.ZipFile()
  for (const report of reports) {
    zip.addBuffer(
      Buffer.from(reportCsv(report), 'utf8'),
      exportName(REPORT_SLUGS[report.kind], period, 'csv'),
    )
  }
  zip.end()
  const out = zip.outputStream.pipe(new PassThrough())
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition('attachment', exportName('todos', period, 'zip')),
      'Cache-Control': 'no-store',
    },
  })
}
