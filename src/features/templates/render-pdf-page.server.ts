import { type DocumentLetterhead, letterheadIds } from './html-blocks.server'

/** What every page of a generated piece carries besides its text: margins, letterhead and page number. */

type Pdf = PDFKit.PDFDocument

const CM = 72 / 2.54
/** ABNT-like: 3 cm at the top and left (binding side), 2 cm at the right and bottom. */
export const MARGIN = { top: 3 * CM, left: 3 * CM, right: 2 * CM, bottom: 2 * CM }
const MUTED = '#555555'
const RULE = '#BBBBBB'
const LOGO_BOX: [number, number] = [64, 44]

// cp1252's printable characters above 0x7F that are not Latin-1 (curly quotes, dashes, ellipsis, euro…).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

/** Keeps what the standard fonts can print; the rest would come out as nothing or as a wrong glyph. */
export function printable(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char))
      out += char
    else if (char === '\t') out += ' '
    else if (code >= 0x80) out += '?'
  }
  return out
}

/** Fits `text` in `width`, cutting it with an ellipsis (a very long address stays on its line). */
function fitText(doc: Pdf, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text
  let cut = text
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}

export function openLogo(doc: Pdf, logo: Buffer | null | undefined): Buffer | null {
  if (!logo) return null
  try {
    // openImage embeds the image once; each page then refers to the same object (pdfkit would embed a Buffer again per page).
    return (doc as unknown as { openImage(src: Buffer): Buffer }).openImage(logo)
  } catch {
    return null
  }
}

export function drawLetterhead(doc: Pdf, letterhead: DocumentLetterhead, logo: Buffer | null): void {
  const top = 1.1 * CM
  const right = doc.page.width - MARGIN.right
  let x = MARGIN.left
  let bottom = top
  if (logo) {
    doc.image(logo, x, top, { fit: LOGO_BOX, valign: 'center' })
    x += LOGO_BOX[0] + 10
    bottom = top + LOGO_BOX[1]
  }
  const width = right - x
  let y = top
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black')
  doc.text(fitText(doc, printable(letterhead.officeName), width), x, y, { lineBreak: false })
  y += 14
  doc.font('Helvetica').fontSize(8).fillColor(MUTED)
  for (const line of [letterheadIds(letterhead), letterhead.address ?? '']) {
    if (!line) continue
    doc.text(fitText(doc, printable(line), width), x, y, { lineBreak: false })
    y += 10
  }
  const ruleY = Math.max(bottom, y) + 4
  doc
    .save()
    .moveTo(MARGIN.left, ruleY)
    .lineTo(right, ruleY)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke()
    .restore()
}

export function drawFooter(doc: Pdf, page: number, pages: number): void {
  const text = `Página ${page} de ${pages}`
  doc.font('Helvetica').fontSize(9).fillColor(MUTED)
  const x = (doc.page.width - doc.widthOfString(text)) / 2
  doc.text(text, x, doc.page.height - MARGIN.bottom / 2 - 4, { lineBreak: false })
}
