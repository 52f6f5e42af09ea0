import { describe, expect, it } from 'vitest'
import { htmlToBlocks, letterheadIds, runsText } from './html-blocks.server'

describe('htmlToBlocks', () => {
  it('reads paragraphs and headings with their alignment and collapses whitespace', () => {
    const blocks = htmlToBlocks(`
      <h1 style="text-align: center">PROCURAÇÃO   AD JUDICIA</h1>
      <p style="text-align:justify">Pelo presente
        instrumento,  <strong>Maria</strong> outorga…</p>
      <p style="text-align: right">São Paulo</p>
      <p>Sem estilo</p>`)
    expect(
      blocks.map((block) => [block.kind, 'align' in block ? block.align : null, runsText(block.runs)]),
    ).toEqual([
      ['heading', 'center', 'PROCURAÇÃO AD JUDICIA'],
      ['paragraph', 'justify', 'Pelo presente instrumento, Maria outorga…'],
      ['paragraph', 'right', 'São Paulo'],
      ['paragraph', null, 'Sem estilo'],
    ])
  })

  it('keeps bold, italic, underline and mark as styled runs, nested and inside a word', () => {
    const [block] = htmlToBlocks(
      '<p>Con<b>tra<i>to</i></b> <u>sub</u> <mark data-missing="cliente.rg">Campo sem valor: RG do cliente</mark></p>',
    )
    expect(block?.runs).toEqual([
      { text: 'Con', bold: false, italic: false, underline: false, mark: false },
      { text: 'tra', bold: true, italic: false, underline: false, mark: false },
      { text: 'to', bold: true, italic: true, underline: false, mark: false },
      { text: ' ', bold: false, italic: false, underline: false, mark: false },
      { text: 'sub', bold: false, italic: false, underline: true, mark: false },
      { text: ' ', bold: false, italic: false, underline: false, mark: false },
      { text: 'Campo sem valor: RG do cliente', bold: false, italic: false, underline: false, mark: true },
    ])
  })

  it('turns br into a line break and keeps an explicit empty paragraph as a blank line', () => {
    const blocks = htmlToBlocks('<p>Linha 1<br>Linha 2 <br/> Linha 3</p><p></p><p>Fim</p>')
    expect(blocks.map((block) => runsText(block.runs))).toEqual(['Linha 1\nLinha 2\nLinha 3', '', 'Fim'])
  })

  it('numbers ordered lists per list, nests them and reads the editor’s <li><p>', () => {
    const blocks = htmlToBlocks(`
      <ol><li><p>Primeira</p></li><li><p>Segunda</p><ul><li>Sub</li></ul></li></ol>
      <p>Entre</p>
      <ol><li>De novo</li></ol>`)
    expect(
      blocks.map((block) =>
        block.kind === 'list-item'
          ? [block.ordered ? 'ol' : 'ul', block.level, block.number, block.listId, runsText(block.runs)]
          : [block.kind, runsText(block.runs)],
      ),
    ).toEqual([
      ['ol', 0, 1, 0, 'Primeira'],
      ['ol', 0, 2, 0, 'Segunda'],
      ['ul', 1, 1, 1, 'Sub'],
      ['paragraph', 'Entre'],
      ['ol', 0, 1, 2, 'De novo'],
    ])
  })

  it('decodes entities, drops scripts and keeps the text of unknown markup', () => {
    const blocks = htmlToBlocks(
      '<p>R$&nbsp;1.500,00 &amp; &lt;cláusula&gt;</p><script>alert(1)</script><table><tr><td>A</td><td>B</td></tr></table>',
    )
    expect(blocks.map((block) => runsText(block.runs))).toEqual(['R$\u00a01.500,00 & <cláusula>', 'A B'])
  })

  it('makes loose text a paragraph of its own', () => {
    expect(htmlToBlocks('texto solto <b>negrito</b>').map((block) => runsText(block.runs))).toEqual([
      'texto solto negrito',
    ])
  })
})

describe('letterheadIds', () => {
  it('joins CNPJ and OAB, without repeating "OAB"', () => {
    expect(letterheadIds({ officeName: 'X', cnpj: '12.345.678/0001-95', oab: 'OAB/SP 12.345' })).toBe(
      'CNPJ 12.345.678/0001-95  ·  OAB/SP 12.345',
    )
    expect(letterheadIds({ officeName: 'X', oab: 'SP 1' })).toBe('OAB SP 1')
    expect(letterheadIds({ officeName: 'X' })).toBe('')
  })
})
