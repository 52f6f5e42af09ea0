import PDFDocument from 'pdfkit'
import { formatDateTimeBR } from '../lib/br/dates'
import { contentDisposition } from './content-disposition.server'

/**
 * Every PDF the product prints (receipts, fee proposals, reports) is built here, so they share one look: A4,
 * the office's letterhead, a title, and "Página X de Y" footers. pdfkit's standard Helvetica is WinAnsi-encoded:
 * pt-BR accents print, characters outside WinAnsi (arrows, emoji) do not — keep PDF text to Latin-1 punctuation.
 */

export type Pdf = PDFKit.PDFDocument

/** The office as it presents itself on paper (office settings → personalização). */
export interface PdfLetterhead {
  nome: string
  cnpj?: string | null | undefined
  oab?: string | null | undefined
  telefone?: string | null | undefined
  endereco?: string | null | undefined
}

export interface PdfOptions {
  title: string
  subtitle?: string | undefined
  letterhead?: PdfLetterhead | undefined
  /** Printed under the title; defaults to now (tests pass a fixed instant). */
  generatedAt?: Date | undefined
}

export interface PdfColumn {
  header: string
  /** Fraction of the line's width; the columns' fractions should add up to 1. */
  width: number
  align?: 'left' | 'right' | 'center'
}

const MARGIN = 56
const FOOTER_GAP = 28
const MUTED = '#555555'
const RULE = '#BBBBBB'
const FONT = 'Helvetica'
const BOLD = 'Helvetica-Bold'

export function createPdf(options: PdfOptions): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_GAP, left: MARGIN, right: MARGIN },
    // Kept in memory until the end so the footers can say how many pages there are.
    bufferPages: true,
    info: { Title: options.title, Creator: 'JusConecta', Producer: 'JusConecta' },
  })
  if (options.letterhead) drawLetterhead(doc, options.letterhead)
  doc.font(BOLD).fontSize(16).fillColor('black').text(options.title)
  if (options.subtitle) doc.font(FONT).fontSize(10).fillColor(MUTED).text(options.subtitle)
  const generatedAt = formatDateTimeBR(options.generatedAt ?? new Date())
  doc.font(FONT).fontSize(8).fillColor(MUTED).text(`Gerado em ${generatedAt}`)
  doc.moveDown(1).font(FONT).fontSize(10).fillColor('black')
  return doc
}

function drawLetterhead(doc: Pdf, letterhead: PdfLetterhead): void {
  doc.font(BOLD).fontSize(13).fillColor('black').text(letterhead.nome)
  const ids = [
    letterhead.cnpj ? `CNPJ ${letterhead.cnpj}` : null,
    letterhead.oab ? `OAB ${letterhead.oab}` : null,
    letterhead.telefone ?? null,
  ].filter((part): part is string => Boolean(part))
  doc.font(FONT).fontSize(9).fillColor(MUTED)
  if (ids.length > 0) doc.text(ids.join('  ·  '))
  if (letterhead.endereco) doc.text(letterhead.endereco)
  const y = doc.y + 6
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .strokeColor(RULE)
    .lineWidth(0.7)
    .stroke()
  doc.y = y + 10
}

/** A bold heading before a part of the document, with a little air above it. */
export function pdfSection(doc: Pdf, heading: string): void {
  doc.moveDown(0.8).font(BOLD).fontSize(11).fillColor('black').text(heading, MARGIN)
  doc.moveDown(0.3).font(FONT).fontSize(10)
}

/** A table that wraps long cells, breaks across pages and repeats its header on each new page. */
export function pdfTable(
  doc: Pdf,
  columns: readonly PdfColumn[],
  rows: readonly (readonly string[])[],
): void {
  const lineWidth = doc.page.width - 2 * MARGIN
  const widths = columns.map((column) => column.width * lineWidth)
  const padding = 3
  const cellHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(9)
    return Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 2 * padding })),
    )
  }
  const drawRow = (cells: readonly string[], font: string, shade: boolean) => {
    const height = cellHeight(cells, font) + 2 * padding
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage()
      if (font !== BOLD) drawRow(headers, BOLD, true)
    }
    const top = doc.y
    if (shade) doc.rect(MARGIN, top, lineWidth, height).fill('#EEEEEE')
    let x = MARGIN
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 0
      doc
        .font(font)
        .fontSize(9)
        .fillColor('black')
        .text(cell, x + padding, top + padding, {
          width: width - 2 * padding,
          align: columns[i]?.align ?? 'left',
        })
      x += width
    })
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + lineWidth, top + height)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke()
    doc.x = MARGIN
    doc.y = top + height
  }
  const headers = columns.map((column) => column.header)
  drawRow(headers, BOLD, true)
  for (const row of rows) drawRow(row, FONT, false)
  doc.moveDown(0.5).font(FONT).fontSize(10)
}

/** Writes "Página X de Y" on every page and ends the document (no drawing after this). */
function finish(doc: Pdf): void {
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    // Drawing inside the bottom margin would otherwise make pdfkit add a page.
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Página ${i - range.start + 1} de ${range.count}`, MARGIN, doc.page.height - MARGIN, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
      })
    doc.page.margins.bottom = bottom
  }
  doc.end()
}

/** The finished document's bytes (for a zip entry or an e-mail attachment). */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    finish(doc)
  })
}

/** The finished document as a download (`attachment`, RFC 5987 name), streamed as pdfkit writes it. */
export function pdfResponse(doc: Pdf, filename: string): Response {
  // A client that leaves mid-download cancels the stream while pdfkit is still writing: an enqueue on
  // the closed controller then threw outside any request, an uncaught exception (issue 24).
  let open = true
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      doc.on('data', (chunk: Buffer) => open && controller.enqueue(new Uint8Array(chunk)))
      doc.on('end', () => open && controller.close())
      doc.on('error', (error: unknown) => open && controller.error(error))
      finish(doc)
    },
    cancel() {
      open = false
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition('attachment', filename),
      'Cache-Control': 'no-store',
    },
  })
}
