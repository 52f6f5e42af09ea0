import { describe, expect, it } from 'vitest'
import { findUncleanText, isCleanText } from './clean-text'

const TEXT = { lineBreaks: true }
const LINE = { lineBreaks: false }

describe('isCleanText', () => {
  it('refuses NUL and the other C0 controls, keeps tab and line breaks only in text', () => {
    expect(isCleanText('Ana\u0000', TEXT)).toBe(false)
    expect(isCleanText('sino\u0007', TEXT)).toBe(false)
    expect(isCleanText('\u001b[31m', TEXT)).toBe(false)
    expect(isCleanText('linha 1\r\nlinha 2\tfim', TEXT)).toBe(true)
    expect(isCleanText('linha 1\nlinha 2', LINE)).toBe(false)
    expect(isCleanText('a\tb', LINE)).toBe(false)
  })

  it('keeps every real character (accents, emoji, noncharacters) and refuses a lone surrogate', () => {
    expect(isCleanText('Ação 😀 🇧🇷 <b>\u007f\uffff', LINE)).toBe(true)
    expect(isCleanText('meio \ud800 par', TEXT)).toBe(false)
    expect(isCleanText('fim \udc00', TEXT)).toBe(false)
  })
})

describe('findUncleanText', () => {
  it('answers the path of the first bad string, in values and keys', () => {
    expect(findUncleanText({ nome: 'Ana', itens: [{ x: 'ok' }, { x: 'a\u0000' }] }, TEXT)).toEqual([
      'itens',
      1,
      'x',
    ])
    expect(findUncleanText({ 'chave\u0000': 1 }, TEXT)).toEqual(['chave\u0000'])
    expect(findUncleanText('\u0000', LINE)).toEqual([])
    expect(findUncleanText({ nome: 'Ana', n: 1, ok: true, nada: null }, TEXT)).toBeNull()
  })

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'fundo\u0000'
    for (let level = 0; level < 200_000; level += 1) deep = [deep]
    expect(findUncleanText(deep, TEXT)).toHaveLength(200_000)
  })
})
