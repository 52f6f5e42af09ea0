import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, escapeLike, parseSearchText, segmentsFor } from './directory.search'

describe('parseSearchText', () => {
  it('reads OAB numbers with or without the UF, in the usual spellings', () => {
    expect(parseSearchText('123456')).toEqual({ kind: 'oab', number: '123456', uf: null })
    expect(parseSearchText(' 012.345 ')).toEqual({ kind: 'oab', number: '12345', uf: null })
    expect(parseSearchText('123456/sp')).toEqual({ kind: 'oab', number: '123456', uf: 'SP' })
    expect(parseSearchText('OAB/RJ 98.765')).toEqual({ kind: 'oab', number: '98765', uf: 'RJ' })
    expect(parseSearchText('SP 123456')).toEqual({ kind: 'oab', number: '123456', uf: 'SP' })
  })

  it('treats anything else as a name fragment, and blank as no text', () => {
    expect(parseSearchText('  Ana   Souza ')).toEqual({ kind: 'name', text: 'Ana Souza' })
    expect(parseSearchText('1234567')).toEqual({ kind: 'name', text: '1234567' })
    expect(parseSearchText('   ')).toEqual({ kind: 'none' })
    expect(parseSearchText(undefined)).toEqual({ kind: 'none' })
  })
})

describe('segments and cursor', () => {
  it('splits a name search into verified × match-quality segments, in order', () => {
    expect(segmentsFor({ kind: 'name', text: 'ana' })).toEqual([
      { verified: true, match: 'word-start' },
      { verified: true, match: 'elsewhere' },
      { verified: false, match: 'word-start' },
      { verified: false, match: 'elsewhere' },
    ])
    expect(segmentsFor({ kind: 'none' })).toEqual([{ verified: null, match: null }])
  })

  it('round-trips a cursor and refuses anything else', () => {
    const cursor = { segment: 2, rank: 1055, id: '0b7c6a4e-1f2d-4c3b-9a8e-7d6c5b4a3f2e' }
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
    expect(decodeCursor('nope')).toBeNull()
    expect(decodeCursor(btoa('1.2.not-a-uuid'))).toBeNull()
    expect(decodeCursor('%%%')).toBeNull()
  })

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b')
  })
})
