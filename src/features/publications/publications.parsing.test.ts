import { describe, expect, it } from 'vitest'
import { generateCnj } from '../../lib/br/cnj'
import { datajudAlias, mergeHits } from './publications.datajud.server'
import { parseDjenItem, plainOabNumber } from './publications.djen.server'
import { djenItem, HOSTILE_HTML } from './publications.fixtures'
import {
  communicationPlainText,
  sanitizeCommunicationHtml,
  suggestPrazoDias,
} from './publications.html.server'

const cnj = (segmento: number, tribunal: number) =>
  generateCnj({
    ano: 2024,
    segmento,
    tribunal,
    origem: tribunal === 0 ? 0 : 1,
    sequencial: 1,
    formatted: false,
  })

describe('sanitising the DJEN text', () => {
  it('keeps formatting only: no script, handler, class/style/id, image, frame or javascript: link', () => {
    const html = sanitizeCommunicationHtml(HOSTILE_HTML)
    expect(html).not.toMatch(/<script|onerror|onclick|class=|style=|id=|<img|<iframe|javascript:|pwned/i)
    expect(html).toContain('<div>Intimação</div>')
    expect(html).toContain('<a rel="noopener noreferrer" target="_blank">aqui</a>')
  })

  it('escapes plain text and keeps its line breaks', () => {
    expect(sanitizeCommunicationHtml('a < b & c\nlinha 2')).toBe('a &lt; b &amp; c<br />linha 2')
  })

  it('reads the words without markup, entities decoded', () => {
    expect(
      communicationPlainText(
        '<p>Prazo&nbsp;de <b>15</b> dias</p><p>Intima&ccedil;&#227;o &amp; ci&ecirc;ncia</p>',
      ),
    ).toBe('Prazo de 15 dias\nIntimação & ciência')
  })
})

describe('the prazo suggestion', () => {
  it.each([
    ['no prazo de 15 (quinze) dias', 15],
    ['Prazo de 05 dias úteis para manifestação', 5],
    ['no prazo legal de quinze dias', 15],
    ['prazo comum de vinte e cinco dias', 25],
    ['intime-se', null],
    ['prazo de 999 dias', null],
  ])('%s → %s', (text, dias) => {
    expect(suggestPrazoDias(text)).toBe(dias)
  })
})

describe('the DJEN item', () => {
  it('parses the documented shape and matches suffixed OABs to the plain number', () => {
    const item = parseDjenItem(
      djenItem({ id: 7, date: '2025-06-02', oab: { numero: '123456', uf: 'SP', suffix: 'A' } }),
    )
    expect(item).toMatchObject({
      id: 7,
      dataDisponibilizacao: '2025-06-02',
      siglaTribunal: 'TJSP',
      ativo: true,
    })
    expect(item?.numeroProcesso).toMatch(/^\d{20}$/)
    expect(item?.advogados).toEqual([{ nome: 'Advogado 123456', numeroOab: '123456A', ufOab: 'SP' }])
    expect(plainOabNumber('123456A')).toBe('123456')
    expect(parseDjenItem({ id: 'x' })).toBeNull()
  })

  it('reads a cancellation as inactive', () => {
    const item = parseDjenItem(djenItem({ id: 8, date: '2025-06-02', ativo: false, motivo: 'erro' }))
    expect(item).toMatchObject({ ativo: false, motivoCancelamento: 'erro' })
  })
})

describe('DataJud', () => {
  it('names the index of every court DataJud covers', () => {
    expect(datajudAlias(cnj(8, 26))).toBe('tjsp')
    expect(datajudAlias(cnj(8, 7))).toBe('tjdft')
    expect(datajudAlias(cnj(4, 3))).toBe('trf3')
    expect(datajudAlias(cnj(4, 6))).toBe('trf6')
    expect(datajudAlias(cnj(5, 2))).toBe('trt2')
    expect(datajudAlias(cnj(5, 24))).toBe('trt24')
    expect(datajudAlias(cnj(6, 26))).toBe('tre-sp')
    expect(datajudAlias(cnj(9, 13))).toBe('tjmmg')
    expect(datajudAlias(cnj(3, 0))).toBe('stj')
    expect(datajudAlias(cnj(5, 0))).toBe('tst')
    expect(datajudAlias(cnj(6, 0))).toBe('tse')
    expect(datajudAlias(cnj(7, 0))).toBe('stm')
    expect(datajudAlias(cnj(1, 0))).toBeNull()
    for (let tr = 1; tr <= 27; tr++) expect(datajudAlias(cnj(8, tr))).toMatch(/^tj[a-z]{2,3}$/)
  })

  it('drops hits under secrecy and merges the rest', () => {
    const merged = mergeHits([
      {
        _source: {
          grau: 'G1',
          nivelSigilo: 0,
          movimentos: [{ codigo: 1, nome: 'A', dataHora: '2024-01-01T00:00:00Z' }],
        },
      },
      {
        _source: {
          grau: 'G2',
          nivelSigilo: 2,
          movimentos: [{ codigo: 2, nome: 'Sigiloso', dataHora: '2024-02-01T00:00:00Z' }],
        },
      },
    ])
    expect(merged.hits).toBe(1)
    expect(merged.movimentos.map((m) => m.nome)).toEqual(['A'])
  })
})
