import { inflateSync } from 'node:zlib'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { pdfText } from '../../test/pdf-text'
import { renderPdf } from './render-pdf.server'

const letterhead = {
  officeName: 'Souza & Araújo Advogados Associados',
  cnpj: '12.345.678/0001-95',
  oab: 'OAB/SP 12.345',
  address: 'Av. Paulista, 1000, conj. 12 — Bela Vista, São Paulo/SP, CEP 01310-100',
}

const paragraph = (n: number) =>
  `<p style="text-align: justify">Cláusula ${n}ª — O CONTRATANTE obriga-se a pagar ao CONTRATADO os honorários ` +
  'convencionados, acrescidos de correção monetária pelo IPCA e juros de mora de 1% (um por cento) ao mês, ' +
  'contados do vencimento de cada parcela, sem prejuízo da cobrança judicial ou extrajudicial, nos termos ' +
  'do art. 22 da Lei nº 8.906/1994 (Estatuto da Advocacia e da OAB).</p>'

/** pdf.js hands words back with the layout's spacing; compare text with single spaces. */
const squash = (text: string) => text.replace(/\s+/g, ' ')

/** The page content streams, inflated (pdfkit deflates them): what is drawn, operator by operator. */
function drawing(pdf: Buffer): string {
  const raw = pdf.toString('latin1')
  let out = ''
  for (const match of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    try {
      out += inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1')
    } catch {
      // An image's stream (or a font's) is not a content stream.
    }
  }
  return out
}

async function pdfTitle(pdf: Buffer): Promise<unknown> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 })
  const { info } = await (await task.promise).getMetadata()
  await task.destroy()
  return (info as { Title?: unknown }).Title
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0

describe('renderPdf', () => {
  it('prints accents, bold inside a sentence, lists and the letterhead', async () => {
    const pdf = await renderPdf({
      title: 'Procuração — Maria José',
      letterhead,
      html:
        '<h1 style="text-align: center">PROCURAÇÃO AD JUDICIA ET EXTRA</h1>' +
        '<p>OUTORGANTE: <strong>MARIA JOSÉ DA CONCEIÇÃO</strong>, brasileira, solteira, inscrita no CPF sob o nº ' +
        '123.456.789-09, <em>residente</em> e <u>domiciliada</u> em São João d’Aliança/GO.</p>' +
        '<ol><li>Poderes da cláusula <i>ad judicia</i>;</li><li>Receber e dar quitação.</li></ol>' +
        '<ul><li>Ação de cobrança</li></ul>',
    })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = squash(await pdfText(pdf))
    expect(text).toContain('PROCURAÇÃO AD JUDICIA ET EXTRA')
    expect(text).toContain('OUTORGANTE: MARIA JOSÉ DA CONCEIÇÃO, brasileira')
    expect(text).toContain('residente e domiciliada em São João d’Aliança/GO.')
    expect(text).toContain('1. Poderes da cláusula ad judicia;')
    expect(text).toContain('2. Receber e dar quitação.')
    expect(text).toContain('• Ação de cobrança')
    expect(text).toContain('Souza & Araújo Advogados Associados')
    expect(text).toContain('CNPJ 12.345.678/0001-95 · OAB/SP 12.345')
    expect(text).toContain('São Paulo/SP, CEP 01310-100')
    expect(text).toContain('Página 1 de 1')
    expect(await pdfTitle(pdf)).toBe('Procuração — Maria José')
  })

  it('repeats the letterhead and numbers the pages of a longer piece', async () => {
    const html = Array.from({ length: 14 }, (_, i) => paragraph(i + 1)).join('')
    const pdf = await renderPdf({ title: 'Contrato', letterhead, html })
    expect(pageCount(pdf)).toBe(2)
    const pages = (await pdfText(pdf)).split('\n\n').map(squash)
    expect(pages).toHaveLength(2)
    expect(pages[0]).toContain('Página 1 de 2')
    expect(pages[1]).toContain('Página 2 de 2')
    for (const page of pages) expect(page).toContain('Souza & Araújo Advogados Associados')
    // Every clause made it, whole, across the page break.
    const all = pages.join(' ')
    for (let n = 1; n <= 14; n++) expect(all).toContain(`Cláusula ${n}ª — O CONTRATANTE`)
    expect(all.match(/Estatuto da Advocacia e da OAB\)\./g)).toHaveLength(14)
  })

  it('highlights a missing field on a yellow background and keeps its text', async () => {
    const pdf = await renderPdf({
      title: 'Prévia',
      letterhead,
      html: '<p>RG: <mark data-missing="cliente.rg">Campo sem valor: RG do cliente</mark>, expedido.</p>',
    })
    expect(squash(await pdfText(pdf))).toContain('RG: Campo sem valor: RG do cliente, expedido.')
    // pdfkit writes fill colours as RGB fractions: #FFF176 → "1 0.945… 0.462… scn".
    expect(drawing(pdf)).toMatch(/1 0\.945\d* 0\.46\d* scn/)
    const plain = await renderPdf({ title: 'Sem marca', letterhead, html: '<p>RG: 12.345.678-9</p>' })
    expect(drawing(plain)).not.toMatch(/1 0\.945\d* 0\.46\d* scn/)
  })

  it('embeds the logo once however many pages there are, and ignores a logo that is not an image', async () => {
    const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer()
    const html = Array.from({ length: 30 }, (_, i) => paragraph(i + 1)).join('')
    const pdf = await renderPdf({ title: 'Com logo', letterhead: { ...letterhead, logo }, html })
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(3)
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1)
    const broken = await renderPdf({
      title: 'Logo inválido',
      letterhead: { ...letterhead, logo: Buffer.from('não é imagem') },
      html: '<p>Texto</p>',
    })
    expect(squash(await pdfText(broken))).toContain('Texto')
  })

  it('breaks a word wider than the line instead of running off the page', async () => {
    const blank = '_'.repeat(200)
    const pdf = await renderPdf({ title: 'Linha', letterhead, html: `<p>Assinatura: ${blank}</p>` })
    const text = (await pdfText(pdf)).replace(/\s+/g, '')
    expect(text).toContain(`Assinatura:${blank}`)
  })

  // Its speed is measured by `npm run bench -- modelos`, not here: a timed test fails on a loaded machine.
  it('lays a five-page contract out over five pages', async () => {
    const html = Array.from({ length: 38 }, (_, i) => paragraph(i + 1)).join('')
    const pdf = await renderPdf({ title: 'Contrato', letterhead, html })
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(5)
  })
})
