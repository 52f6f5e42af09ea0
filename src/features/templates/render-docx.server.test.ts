import PizZip from 'pizzip'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageInfo, renderDocx } from './render-docx.server'

const letterhead = {
  officeName: 'Souza & Araújo Advogados',
  cnpj: '12.345.678/0001-95',
  oab: 'OAB/SP 12.345',
  address: 'Av. Paulista, 1000 — São Paulo/SP',
}

function parts(docx: Buffer) {
  const zip = new PizZip(docx)
  const read = (name: string) => zip.file(name)?.asText() ?? ''
  const names = Object.keys(zip.files)
  const headerName = names.find((name) => /^word\/header\d*\.xml$/.test(name)) ?? ''
  const footerName = names.find((name) => /^word\/footer\d*\.xml$/.test(name)) ?? ''
  return {
    names,
    document: read('word/document.xml'),
    header: read(headerName),
    footer: read(footerName),
    numbering: read('word/numbering.xml'),
    core: read('docProps/core.xml'),
  }
}

/** The visible text of a part: every w:t, each paragraph on its own line. */
const textOf = (xml: string) =>
  xml
    .split('</w:p>')
    .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .filter(Boolean)
    .join('\n')
    .replaceAll('&amp;', '&')

describe('renderDocx', () => {
  it('writes the text with its emphasis, alignment, lists and the title', async () => {
    const docx = await renderDocx({
      title: 'Procuração — Maria',
      letterhead,
      html:
        '<h1 style="text-align: center">PROCURAÇÃO</h1>' +
        '<p>OUTORGANTE: <strong>MARIA JOSÉ</strong>, <em>brasileira</em>, <u>solteira</u>.<br>Linha 2</p>' +
        '<p style="text-align: right">São Paulo, 27 de novembro de 2026.</p>' +
        '<ol><li>Primeiro</li><li>Segundo</li></ol><ul><li>Item</li></ul>' +
        '<p>RG: <mark>Campo sem valor: RG do cliente</mark></p>',
    })
    const { document, numbering, core } = parts(docx)
    expect(textOf(document)).toBe(
      [
        'PROCURAÇÃO',
        'OUTORGANTE: MARIA JOSÉ, brasileira, solteira.Linha 2',
        'São Paulo, 27 de novembro de 2026.',
        'Primeiro',
        'Segundo',
        'Item',
        'RG: Campo sem valor: RG do cliente',
      ].join('\n'),
    )
    expect(document).toMatch(/<w:pStyle w:val="Heading1"\/>[\s\S]*?<w:jc w:val="center"\/>[\s\S]*?PROCURAÇÃO/)
    expect(document).toMatch(/<w:b\/>(<w:bCs\/>)?<\/w:rPr><w:t xml:space="preserve">MARIA JOSÉ<\/w:t>/)
    expect(document).toMatch(/<w:i\/>(<w:iCs\/>)?<\/w:rPr><w:t xml:space="preserve">brasileira<\/w:t>/)
    expect(document).toMatch(/<w:u w:val="single"\/><\/w:rPr><w:t xml:space="preserve">solteira<\/w:t>/)
    expect(document).toContain('<w:br/>')
    // Paragraphs without an alignment are justified, as a legal piece is.
    expect(document).toMatch(/<w:jc w:val="both"\/>[\s\S]*?OUTORGANTE/)
    expect(document).toMatch(/<w:jc w:val="right"\/>[\s\S]*?São Paulo/)
    expect(document).toMatch(/<w:highlight w:val="yellow"\/>[\s\S]*?Campo sem valor/)
    expect(document.match(/<w:numPr>/g)).toHaveLength(3)
    expect(numbering).toContain('w:val="decimal"')
    expect(numbering).toContain('w:val="bullet"')
    expect(core).toContain('<dc:title>Procuração — Maria</dc:title>')
  })

  it('puts A4, the margins, the letterhead in the header and PAGE/NUMPAGES in the footer', async () => {
    const docx = await renderDocx({ title: 'x', letterhead, html: '<p>Texto</p>' })
    const { document, header, footer } = parts(docx)
    expect(document).toMatch(/<w:pgSz w:w="11906" w:h="16838"/)
    expect(document).toMatch(/<w:pgMar w:top="1701" w:right="1134" w:bottom="1134" w:left="1701"/)
    expect(textOf(header)).toBe(
      'Souza & Araújo Advogados\nCNPJ 12.345.678/0001-95  ·  OAB/SP 12.345\nAv. Paulista, 1000 — São Paulo/SP',
    )
    expect(footer).toMatch(/Página [\s\S]*?<w:instrText[^>]*>PAGE<\/w:instrText>[\s\S]*? de [\s\S]*?NUMPAGES/)
  })

  it('puts a PNG or JPEG logo in the header and leaves out what is not an image', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer()
    const withLogo = parts(
      await renderDocx({ title: 'x', letterhead: { ...letterhead, logo: png }, html: '<p>a</p>' }),
    )
    expect(withLogo.names.some((name) => /^word\/media\/.+\.png$/.test(name))).toBe(true)
    expect(withLogo.header).toContain('<w:drawing>')
    expect(textOf(withLogo.header)).toContain('Souza & Araújo Advogados')
    const broken = parts(
      await renderDocx({
        title: 'x',
        letterhead: { ...letterhead, logo: Buffer.from('nada') },
        html: '<p>a</p>',
      }),
    )
    expect(broken.header).not.toContain('<w:drawing>')
  })
})

describe('imageInfo', () => {
  it('reads the size of PNGs and JPEGs only', async () => {
    const make = (format: 'png' | 'jpeg' | 'webp') =>
      sharp({ create: { width: 37, height: 21, channels: 3, background: '#000' } })
        .toFormat(format)
        .toBuffer()
    expect(imageInfo(await make('png'))).toEqual({ type: 'png', width: 37, height: 21 })
    expect(imageInfo(await make('jpeg'))).toEqual({ type: 'jpg', width: 37, height: 21 })
    expect(imageInfo(await make('webp'))).toBeNull()
    expect(imageInfo(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull()
  })
})
