import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableBorders,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'
import {
  type Block,
  type BlockAlign,
  type DocumentLetterhead,
  type RenderInput,
  type Run,
  htmlToBlocks,
  letterheadIds,
} from './html-blocks.server'

/**
 * The same piece as an editable Word file: what the PDF shows, with the letterhead in the page header and
 * 'Página X de Y' as PAGE/NUMPAGES fields (Word counts the pages itself once the lawyer edits it).
 */

/** Twips (1/20 pt): 1 cm = 567. */
const CM = 567
const PAGE = { width: 11906, height: 16838 } // A4
const MARGIN = { top: 3 * CM, left: 3 * CM, right: 2 * CM, bottom: 2 * CM, header: CM, footer: CM }
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right
const BODY_FONT = 'Times New Roman'
const HEAD_FONT = 'Arial'
const MUTED = '555555'
/** The logo's box in the header, in pixels at 96 dpi (docx's unit for images): about 2.3 × 1.6 cm. */
const LOGO_BOX = { width: 86, height: 58 }
const LOGO_CELL = Math.round(2.6 * CM)
const ORDERED = 'jc-ordered'
const BULLET = 'jc-bullet'

const ALIGNMENT = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const satisfies Record<BlockAlign, unknown>

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const

/** The width and height of a PNG or JPEG, read from its header; null for anything else. */
export function imageInfo(bytes: Buffer): { type: 'png' | 'jpg'; width: number; height: number } | null {
  if (
    bytes.length > 24 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null
      const marker = bytes[offset + 1] ?? 0
      const length = bytes.readUInt16BE(offset + 2)
      // SOF0–SOF15 carry the frame size; C4 (Huffman), C8 (reserved) and CC (arithmetic) are not frames.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'jpg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
      }
      offset += 2 + length
    }
  }
  return null
}

function logoRun(logo: Buffer | null | undefined): ImageRun | null {
  const info = logo ? imageInfo(logo) : null
  if (!logo || !info || info.width === 0 || info.height === 0) return null
  const scale = Math.min(LOGO_BOX.width / info.width, LOGO_BOX.height / info.height)
  return new ImageRun({
    type: info.type,
    data: logo,
    transformation: {
      width: Math.max(1, Math.round(info.width * scale)),
      height: Math.max(1, Math.round(info.height * scale)),
    },
    altText: { name: 'logo', title: 'Logotipo', description: 'Logotipo do escritório' },
  })
}

function letterheadText(letterhead: DocumentLetterhead): Paragraph[] {
  const small = (text: string) =>
    new Paragraph({
      spacing: { after: 0, line: 240 },
      children: [new TextRun({ text, font: HEAD_FONT, size: 16, color: MUTED })],
    })
  const ids = letterheadIds(letterhead)
  return [
    new Paragraph({
      spacing: { after: 0, line: 240 },
      children: [new TextRun({ text: letterhead.officeName, font: HEAD_FONT, size: 22, bold: true })],
    }),
    ...(ids ? [small(ids)] : []),
    ...(letterhead.address ? [small(letterhead.address)] : []),
  ]
}

function header(letterhead: DocumentLetterhead): Header {
  const logo = logoRun(letterhead.logo)
  // The thin rule under the letterhead: an empty, tiny paragraph with a bottom border.
  const rule = new Paragraph({
    spacing: { after: 0, line: 240 },
    border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: 'BBBBBB', space: 1 } },
    children: [new TextRun({ text: '', size: 4 })],
  })
  if (!logo) return new Header({ children: [...letterheadText(letterhead), rule] })
  const cell = (children: Paragraph[], width: number) =>
    new TableCell({ children, width: { size: width, type: WidthType.DXA }, borders: TableBorders.NONE })
  const table = new Table({
    width: { size: CONTENT_WIDTH, type: WidthType.DXA },
    columnWidths: [LOGO_CELL, CONTENT_WIDTH - LOGO_CELL],
    borders: TableBorders.NONE,
    rows: [
      new TableRow({
        children: [
          cell([new Paragraph({ spacing: { after: 0 }, children: [logo] })], LOGO_CELL),
          cell(letterheadText(letterhead), CONTENT_WIDTH - LOGO_CELL),
        ],
      }),
    ],
  })
  return new Header({ children: [table, rule] })
}

function footer(): Footer {
  const style = { font: HEAD_FONT, size: 18, color: MUTED }
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({
            ...style,
            children: ['Página ', PageNumber.CURRENT, ' de ', PageNumber.TOTAL_PAGES],
          }),
        ],
      }),
    ],
  })
}

function textRuns(runs: readonly Run[]): TextRun[] {
  return runs.map((run) =>
    run.text === '\n'
      ? new TextRun({ break: 1 })
      : new TextRun({
          text: run.text,
          bold: run.bold || undefined,
          italics: run.italic || undefined,
          underline: run.underline ? {} : undefined,
          highlight: run.mark ? 'yellow' : undefined,
        }),
  )
}

function paragraph(block: Block): Paragraph {
  if (block.kind === 'list-item') {
    return new Paragraph({
      children: textRuns(block.runs),
      numbering: {
        reference: block.ordered ? ORDERED : BULLET,
        level: Math.min(block.level, 8),
        instance: block.listId,
      },
      spacing: { after: 60 },
    })
  }
  const align = block.align ?? (block.kind === 'heading' ? 'left' : 'justify')
  return new Paragraph({
    children: textRuns(block.runs),
    alignment: ALIGNMENT[align],
    ...(block.kind === 'heading' ? { heading: HEADINGS[block.level as 1 | 2 | 3] } : {}),
  })
}

const listLevels = (ordered: boolean) =>
  Array.from({ length: 9 }, (_, level) => ({
    level,
    format: ordered ? LevelFormat.DECIMAL : LevelFormat.BULLET,
    text: ordered ? `%${level + 1}.` : '•',
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 360 * (level + 1) + 0, hanging: 360 } } },
  }))

const heading = (size: number) => ({
  run: { font: BODY_FONT, size, bold: true, color: '000000' },
  paragraph: { spacing: { before: 240, after: 120 }, keepNext: true },
})

/** The piece as an A4 .docx: same text, alignment, lists and emphasis as the PDF. */
export async function renderDocx({ html, title, letterhead }: RenderInput): Promise<Buffer> {
  const document = new Document({
    title,
    creator: 'JusConecta',
    styles: {
      default: {
        document: {
          run: { font: BODY_FONT, size: 24 },
          paragraph: { spacing: { after: 120, line: 360 } },
        },
        heading1: heading(30),
        heading2: heading(26),
        heading3: heading(24),
      },
    },
    numbering: {
      config: [
        { reference: ORDERED, levels: listLevels(true) },
        { reference: BULLET, levels: listLevels(false) },
      ],
    },
    sections: [
      {
        properties: { page: { size: PAGE, margin: MARGIN } },
        headers: { default: header(letterhead) },
        footers: { default: footer() },
        children: htmlToBlocks(html).map(paragraph),
      },
    ],
  })
  return Packer.toBuffer(document)
}
