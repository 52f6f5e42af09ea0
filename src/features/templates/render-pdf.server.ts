import PDFDocument from 'pdfkit'
import {
  type Block,
  type BlockAlign,
  type RenderInput,
  type Run,
  type RunStyle,
  htmlToBlocks,
} from './html-blocks.server'
import { drawFooter, drawLetterhead, MARGIN, openLogo, printable } from './render-pdf-page.server'

/**
 * A generated piece (procuração, contrato…) as PDF. Unlike src/platform/pdf.server.ts (reports: a title, a table,
 * "Gerado em"), a legal piece is running text with ABNT-like margins, justified lines, bold inside a sentence and
 * a highlighted missing field, so the lines are laid out here word by word. Same fonts as the platform's PDFs:
 * pdfkit's standard fonts are WinAnsi-encoded, so pt-BR accents print; other characters become '?'.
 */

type Pdf = PDFKit.PDFDocument

const BODY_SIZE = 12
/** 1.5 line spacing, as legal pieces are usually printed. */
const LINE_FACTOR = 1.5
const PARAGRAPH_GAP = 6
const LIST_INDENT = 20
const HEADING_SIZE = { 1: 15, 2: 13, 3: 12 } as const
const MARK_COLOR = '#FFF176'

const FONTS = {
  regular: 'Times-Roman',
  bold: 'Times-Bold',
  italic: 'Times-Italic',
  boldItalic: 'Times-BoldItalic',
} as const

function fontOf(style: RunStyle): string {
  if (style.bold && style.italic) return FONTS.boldItalic
  if (style.bold) return FONTS.bold
  if (style.italic) return FONTS.italic
  return FONTS.regular
}

/** One drawn piece of a line: a word fragment in one style, or the space after a word. */
interface Piece {
  text: string
  style: RunStyle
  font: string
  width: number
  space: boolean
}

/** A word is the pieces between two spaces (`<b>Con</b>trato` is one word in two styles). */
interface Word {
  pieces: Piece[]
  width: number
  space: Piece | null
}

type Token = Word | 'break'

class Layout {
  y = MARGIN.top
  private afterList = false
  private readonly right: number
  private readonly bottom: number

  constructor(private readonly doc: Pdf) {
    this.right = doc.page.width - MARGIN.right
    this.bottom = doc.page.height - MARGIN.bottom
  }

  measure(text: string, style: RunStyle, size: number): number {
    return this.doc.font(fontOf(style)).fontSize(size).widthOfString(text)
  }

  tokens(runs: readonly Run[], size: number, forceBold: boolean): Token[] {
    const tokens: Token[] = []
    let word: Word | null = null
    for (const run of runs) {
      if (run.text === '\n') {
        if (word) tokens.push(word)
        word = null
        tokens.push('break')
        continue
      }
      const style: RunStyle = { ...run, bold: run.bold || forceBold }
      for (const part of printable(run.text).split(/( )/)) {
        if (part === '') continue
        const piece: Piece = {
          text: part,
          style,
          font: fontOf(style),
          width: this.measure(part, style, size),
          space: part === ' ',
        }
        if (piece.space) {
          if (word) word.space = piece
          if (word) tokens.push(word)
          word = null
        } else {
          word ??= { pieces: [], width: 0, space: null }
          word.pieces.push(piece)
          word.width += piece.width
        }
      }
    }
    if (word) tokens.push(word)
    return tokens
  }

  /** Splits a word wider than the line into pieces that fit (a long URL, a very long blank). */
  private splitWide(word: Word, width: number, size: number): Word[] {
    const out: Word[] = []
    let current: Word = { pieces: [], width: 0, space: null }
    for (const piece of word.pieces) {
      for (const char of piece.text) {
        const w = this.measure(char, piece.style, size)
        if (current.width + w > width && current.width > 0) {
          out.push(current)
          current = { pieces: [], width: 0, space: null }
        }
        const last = current.pieces.at(-1)
        if (last && last.style === piece.style) {
          last.text += char
          last.width += w
        } else current.pieces.push({ ...piece, text: char, width: w })
        current.width += w
      }
    }
    current.space = word.space
    out.push(current)
    return out
  }

  lines(tokens: readonly Token[], width: number, size: number): Word[][] {
    const lines: Word[][] = []
    let line: Word[] = []
    let lineWidth = 0
    for (const token of tokens) {
      if (token === 'break') {
        lines.push(line)
        line = []
        lineWidth = 0
        continue
      }
      for (const word of token.width > width ? this.splitWide(token, width, size) : [token]) {
        const gap = line.at(-1)?.space?.width ?? 0
        if (line.length > 0 && lineWidth + gap + word.width > width) {
          lines.push(line)
          line = []
          lineWidth = 0
        }
        lineWidth += (line.length > 0 ? gap : 0) + word.width
        line.push(word)
      }
    }
    lines.push(line)
    return lines
  }

  ensure(height: number): void {
    if (this.y + height <= this.bottom) return
    this.doc.addPage()
    this.y = MARGIN.top
  }

  drawLine(line: readonly Word[], x0: number, width: number, align: BlockAlign, size: number, last: boolean) {
    const lineHeight = size * LINE_FACTOR
    this.ensure(lineHeight)
    const natural = line.reduce(
      (sum, word, i) => sum + word.width + (i > 0 ? (line[i - 1]?.space?.width ?? 0) : 0),
      0,
    )
    const gaps = line.length - 1
    const extra = align === 'justify' && !last && gaps > 0 ? (width - natural) / gaps : 0
    let x = x0
    if (align === 'center') x += (width - natural) / 2
    if (align === 'right') x += width - natural
    // The text sits in the upper part of the line box; the marker and underline follow the glyphs, not the box.
    const textTop = this.y + (lineHeight - size * 1.15) / 2
    line.forEach((word, i) => {
      for (const piece of word.pieces) {
        this.decorate(piece.style, x, textTop, piece.width, size)
        this.doc
          .font(piece.font)
          .fontSize(size)
          .fillColor('black')
          .text(piece.text, x, textTop, { lineBreak: false })
        x += piece.width
      }
      const next = line[i + 1]
      if (next && word.space) {
        const gap = word.space.width + extra
        const before = word.pieces.at(-1)?.style
        const after = next.pieces[0]?.style
        if (before && after)
          this.decorate(
            {
              bold: false,
              italic: false,
              mark: before.mark && after.mark,
              underline: before.underline && after.underline,
            },
            x,
            textTop,
            gap,
            size,
          )
        x += gap
      }
    })
    this.y += lineHeight
  }

  private decorate(style: RunStyle, x: number, top: number, width: number, size: number): void {
    if (style.mark)
      this.doc
        .save()
        .rect(x, top - 1, width, size * 1.2)
        .fill(MARK_COLOR)
        .restore()
    if (style.underline) {
      const y = top + size * 1.05
      this.doc
        .save()
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(0.6)
        .strokeColor('black')
        .stroke()
        .restore()
    }
  }

  block(block: Block): void {
    const left = MARGIN.left
    const fullWidth = this.right - left
    if (block.kind === 'list-item') {
      this.afterList = true
      const indent = LIST_INDENT * (block.level + 1)
      const label = block.ordered ? `${block.number}.` : '•'
      const lines = this.lines(this.tokens(block.runs, BODY_SIZE, false), fullWidth - indent, BODY_SIZE)
      const lineHeight = BODY_SIZE * LINE_FACTOR
      this.ensure(lineHeight)
      const labelWidth = this.measure(label, PLAIN, BODY_SIZE)
      const labelTop = this.y + (lineHeight - BODY_SIZE * 1.15) / 2
      this.doc
        .font(FONTS.regular)
        .fontSize(BODY_SIZE)
        .fillColor('black')
        .text(label, left + indent - labelWidth - 6, labelTop, { lineBreak: false })
      lines.forEach((line, i) =>
        this.drawLine(line, left + indent, fullWidth - indent, 'left', BODY_SIZE, i === lines.length - 1),
      )
      this.y += PARAGRAPH_GAP / 2
      return
    }
    // A list ends with a little air before the text that follows it.
    if (this.afterList) this.y += PARAGRAPH_GAP / 2
    this.afterList = false
    const heading = block.kind === 'heading'
    const size = heading ? HEADING_SIZE[block.level as 1 | 2 | 3] : BODY_SIZE
    const align = block.align ?? (heading ? 'left' : 'justify')
    if (block.runs.length === 0) {
      this.ensure(size * LINE_FACTOR)
      this.y += size * LINE_FACTOR
      return
    }
    const lines = this.lines(this.tokens(block.runs, size, heading), fullWidth, size)
    if (heading) {
      this.y += this.y > MARGIN.top ? PARAGRAPH_GAP * 2 : 0
      // A heading never ends a page: it goes over with the first lines of what it introduces.
      this.ensure(size * LINE_FACTOR * lines.length + BODY_SIZE * LINE_FACTOR * 2)
    }
    lines.forEach((line, i) => this.drawLine(line, left, fullWidth, align, size, i === lines.length - 1))
    this.y += PARAGRAPH_GAP
  }
}

const PLAIN: RunStyle = { bold: false, italic: false, underline: false, mark: false }

/** The piece as an A4 PDF: letterhead on every page, 'Página X de Y' centred at the foot. */
export function renderPdf({ html, title, letterhead }: RenderInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    // Kept in memory until the end so the footers can say how many pages there are.
    bufferPages: true,
    info: { Title: title, Creator: 'JusConecta', Producer: 'JusConecta' },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  try {
    const layout = new Layout(doc)
    for (const block of htmlToBlocks(html)) layout.block(block)
    const logo = openLogo(doc, letterhead.logo)
    const range = doc.bufferedPageRange()
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i)
      drawLetterhead(doc, letterhead, logo)
      drawFooter(doc, i + 1, range.count)
    }
    doc.end()
  } catch (error) {
    doc.end()
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
  return done
}
