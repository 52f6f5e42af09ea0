import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx'
import PizZip from 'pizzip'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../platform/http-error.server'
import { MAX_INFLATED_BYTES, NOT_DOCX_MESSAGE } from './docx-archive.server'
import {
  BLANK_FIELD,
  docxToHtml,
  fillDocxTemplate,
  inspectDocxTemplate,
  sanitizeTemplateHtml,
} from './docx-template.server'

/** A real Word file, written by the docx package as Word would (one w:r per TextRun). */
function wordFile(children: (Paragraph | Table)[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children }] }))
}

const procuracao = () =>
  wordFile([
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      alignment: AlignmentType.CENTER,
      children: [new TextRun('PROCURAÇÃO AD JUDICIA')],
    }),
    new Paragraph({
      alignment: AlignmentType.JUSTIFIED,
      children: [
        new TextRun('OUTORGANTE: '),
        // A field split across runs with different formatting, as Word leaves it after an edit.
        new TextRun({ text: '{cliente.', bold: true }),
        new TextRun({ text: 'nome}', bold: true }),
        new TextRun(', RG {cliente.rg}, residente em {cliente.endereco}. '),
        new TextRun({ text: 'Assinado', underline: {} }),
        new TextRun(' em {data.local_extenso}. Cor preferida: {cliente.cor_preferida}.'),
      ],
    }),
    new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun('{escritorio.nome}')] }),
  ])

/** The visible text of a part: every w:t, each paragraph on its own line; w:br as a newline. */
const textOf = (xml: string) =>
  xml
    .split('</w:p>')
    .map((p) =>
      [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)]
        .map((m) => (m[0] === '<w:br/>' ? '\n' : m[1]))
        .join(''),
    )
    .filter(Boolean)
    .join('\n')

function expectBadRequest(run: () => unknown, message: string | RegExp) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    if (typeof message === 'string') expect((error as ApiError).message).toBe(message)
    else expect((error as ApiError).message).toMatch(message)
    return
  }
  throw new Error('expected a 400')
}

async function expectBadRequestAsync(run: () => Promise<unknown>, message: string) {
  const error: unknown = await run().then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  expect((error as ApiError).status).toBe(400)
  expect((error as ApiError).message).toBe(message)
}

describe('inspectDocxTemplate', () => {
  it('lists the fields, even one split across runs, and which are not merge fields', async () => {
    expect(inspectDocxTemplate(await procuracao())).toEqual({
      placeholders: [
        'cliente.cor_preferida',
        'cliente.endereco',
        'cliente.nome',
        'cliente.rg',
        'data.local_extenso',
        'escritorio.nome',
      ],
      unknown: ['cliente.cor_preferida'],
    })
  })

  it('names the broken field in pt-BR', async () => {
    const broken = await wordFile([new Paragraph('Outorgante: {cliente.nome, brasileiro.')])
    expectBadRequest(
      () => inspectDocxTemplate(broken),
      /^O modelo tem um campo malformado: \{cliente\.nome.*falta o "}"/,
    )
    const two = await wordFile([new Paragraph('A {cliente.nome} B cliente.rg} C {{caso.numero_cnj}')])
    expectBadRequest(
      () => inspectDocxTemplate(two),
      /^O modelo tem campos malformados: .*cliente\.rg.*falta o "\{"/,
    )
  })

  it('refuses what is not a Word file', async () => {
    expectBadRequest(() => inspectDocxTemplate(Buffer.from('%PDF-1.7 não é zip')), NOT_DOCX_MESSAGE)
    expectBadRequest(() => inspectDocxTemplate(Buffer.alloc(0)), NOT_DOCX_MESSAGE)
    const zip = new PizZip()
    zip.file('hello.txt', 'um zip qualquer')
    expectBadRequest(() => inspectDocxTemplate(zip.generate({ type: 'nodebuffer' })), NOT_DOCX_MESSAGE)
    // A .docx cut short (an interrupted download) has no central directory.
    const docx = await procuracao()
    expectBadRequest(() => inspectDocxTemplate(docx.subarray(0, docx.length - 30)), NOT_DOCX_MESSAGE)
  })
})

/** A .docx with one more entry of `size` zero bytes (deflates to almost nothing). */
async function withEntry(size: number): Promise<Buffer> {
  const zip = new PizZip(await procuracao())
  zip.file('word/media/bomb.bin', Buffer.alloc(size))
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' })
}

/** Rewrites what the central directory says an entry inflates to (a lying zip). */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip)
  for (
    let at = out.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'));
    at >= 0;
    at = out.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'), at - 1)
  ) {
    const nameLength = out.readUInt16LE(at + 28)
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(size, at + 24)
      return out
    }
  }
  throw new Error(`no entry ${name}`)
}

describe('archive bounds', () => {
  const tooLarge = /grande demais depois de descompactado \(máximo de 20 MB\)/

  it('refuses an archive whose entries inflate past 20 MB', async () => {
    const bomb = await withEntry(MAX_INFLATED_BYTES + 1)
    expect(bomb.length).toBeLessThan(100_000)
    expectBadRequest(() => inspectDocxTemplate(bomb), tooLarge)
    expectBadRequest(() => fillDocxTemplate(bomb, {}), tooLarge)
    await expect(docxToHtml(bomb)).rejects.toThrow(tooLarge)
  })

  it('refuses a huge declared size before inflating anything', async () => {
    const lying = declareSize(await procuracao(), 'word/document.xml', 0x7fffffff)
    expectBadRequest(() => inspectDocxTemplate(lying), tooLarge)
  })

  it('refuses an entry that inflates past the size it declares', async () => {
    const lying = declareSize(await withEntry(5 * 1024 * 1024), 'word/media/bomb.bin', 100)
    expectBadRequest(() => inspectDocxTemplate(lying), tooLarge)
  })

  it('accepts a real template with a few MB inside', async () => {
    expect(inspectDocxTemplate(await withEntry(4 * 1024 * 1024)).placeholders).toContain('cliente.nome')
  })
})

describe('fillDocxTemplate', () => {
  it('puts each value in place, escaped, with line breaks, and a blank for a missing one', async () => {
    const filled = fillDocxTemplate(await procuracao(), {
      'cliente.nome': 'MARIA JOSÉ & FILHOS <LTDA>',
      'cliente.rg': null,
      'cliente.endereco': 'Rua A, 1\nSão Paulo/SP',
      'data.local_extenso': 'São Paulo, 27 de novembro de 2026',
      'escritorio.nome': 'Souza\u0001 Advogados',
    })
    const xml = new PizZip(filled).file('word/document.xml')?.asText() ?? ''
    expect(xml).toContain('MARIA JOSÉ &amp; FILHOS &lt;LTDA&gt;')
    const text = textOf(xml).replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>')
    expect(text).toBe(
      [
        'PROCURAÇÃO AD JUDICIA',
        `OUTORGANTE: MARIA JOSÉ & FILHOS <LTDA>, RG ${BLANK_FIELD}, residente em Rua A, 1\nSão Paulo/SP. Assinado em São Paulo, 27 de novembro de 2026. Cor preferida: ${BLANK_FIELD}.`,
        'Souza Advogados',
      ].join('\n'),
    )
    // The result is a Word file again: it can be inspected (no fields left).
    expect(inspectDocxTemplate(filled).placeholders).toEqual([])
  })
})

describe('docxToHtml', () => {
  it('reduces the document to the template subset, keeping alignment, emphasis, lists and fields', async () => {
    const docx = await Packer.toBuffer(
      new Document({
        numbering: {
          config: [{ reference: 'n', levels: [{ level: 0, format: 'decimal', text: '%1.' }] }],
        },
        sections: [
          {
            children: [
              new Paragraph({
                heading: HeadingLevel.HEADING_1,
                alignment: AlignmentType.CENTER,
                children: [new TextRun('CONTRATO')],
              }),
              new Paragraph({
                alignment: AlignmentType.JUSTIFIED,
                children: [
                  new TextRun('Contratante: '),
                  new TextRun({ text: '{cliente.nome}', bold: true }),
                  new TextRun({ text: ' sublinhado', underline: {} }),
                  new TextRun({ text: ' itálico', italics: true }),
                ],
              }),
              new Paragraph({ text: 'Primeira', numbering: { reference: 'n', level: 0 } }),
              new Paragraph({ text: 'Segunda', numbering: { reference: 'n', level: 0 } }),
              new Table({
                rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('Célula')] })] })],
              }),
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun('{data.local_extenso}')],
              }),
            ],
          },
        ],
      }),
    )
    const html = await docxToHtml(docx)
    expect(html).toBe(
      '<h1 style="text-align:center">CONTRATO</h1>' +
        '<p style="text-align:justify">Contratante: <strong>{cliente.nome}</strong><u> sublinhado</u><em> itálico</em></p>' +
        '<ol><li>Primeira</li><li>Segunda</li></ol>' +
        '<p>Célula</p>' +
        '<p style="text-align:right">{data.local_extenso}</p>',
    )
  })

  it('joins a field that Word split into runs of the same formatting', async () => {
    const html = await docxToHtml(await procuracao())
    expect(html).toContain('<strong>{cliente.nome}</strong>')
    expect(html).toContain('<p style="text-align:right">{escritorio.nome}</p>')
  })

  it('refuses what is not a Word file', async () => {
    await expectBadRequestAsync(() => docxToHtml(Buffer.from('texto')), NOT_DOCX_MESSAGE)
  })
})

describe('sanitizeTemplateHtml', () => {
  it('keeps the subset and its alignment, drops the rest but not its text', () => {
    expect(
      sanitizeTemplateHtml(
        '<p style="text-align: center; color: red" onclick="x()">A <a href="javascript:x">link</a> <mark>m</mark></p>' +
          '<script>alert(1)</script><img src="x"><h5>Sub</h5><table><tr><td>T</td></tr></table>',
      ),
    ).toBe('<p style="text-align:center">A link <mark>m</mark></p><h3>Sub</h3>T')
  })
})
