import { describe, expect, it } from 'vitest'
import { containsPattern, escapeLike, foldText, looksNumeric, searchWords } from './search-terms'

describe('search terms', () => {
  it('escapes LIKE wildcards so they match themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\')
    expect(containsPattern('a_b')).toBe('%a\\_b%')
  })

  it('folds accents and case like f_unaccent(lower(x))', () => {
    expect(foldText('JOÃO Conceição Tributário')).toBe('joao conceicao tributario')
  })

  it('recognises numbers typed with mask characters', () => {
    expect(looksNumeric('529.982.247-25')).toBe(true)
    expect(looksNumeric('(11) 98765-4321')).toBe(true)
    expect(looksNumeric('11.222.333/0001-81')).toBe(true)
    expect(looksNumeric('joao 123')).toBe(false)
  })

  it('splits words and caps their number', () => {
    expect(searchWords('  maria   da silva ')).toEqual(['maria', 'da', 'silva'])
    expect(searchWords('a b c d e f g')).toHaveLength(5)
  })
})
