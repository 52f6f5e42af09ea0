import { describe, it, expect } from 'vitest'
import { formatOab, isValidOab, isValidOabNumber, parseOab } from './oab'

describe('parseOab', () => {
  it('parses number-first forms', () => {
    expect(parseOab('123456/SP')).toEqual({
      number: '123456',
      suffix: null,
      uf: 'SP',
      formatted: '123.456/SP',
    })
    expect(parseOab('123.456/SP')?.formatted).toBe('123.456/SP')
    expect(parseOab('123456-SP')?.uf).toBe('SP')
    expect(parseOab('123456 rj')?.uf).toBe('RJ')
    expect(parseOab('1234/MG')).toMatchObject({ number: '1234', formatted: '1.234/MG' })
    expect(parseOab('12/DF')?.formatted).toBe('12/DF')
  })

  it('parses UF-first forms as cited in petitions', () => {
    expect(parseOab('SP 123.456')).toMatchObject({ number: '123456', uf: 'SP' })
    expect(parseOab('SP123456')?.formatted).toBe('123.456/SP')
    expect(parseOab('OAB/SP 123.456')?.formatted).toBe('123.456/SP')
    expect(parseOab('OAB/SP nº 123.456')?.formatted).toBe('123.456/SP')
    expect(parseOab('oab/rs n° 98.765')?.formatted).toBe('98.765/RS')
    expect(parseOab('OAB-PR 45678')?.formatted).toBe('45.678/PR')
  })

  it('keeps the letter suffix', () => {
    expect(parseOab('123456-A/SP')).toEqual({
      number: '123456',
      suffix: 'A',
      uf: 'SP',
      formatted: '123.456-A/SP',
    })
    expect(parseOab('123456A/SP')?.suffix).toBe('A')
    expect(parseOab('123.456-b/rj')?.formatted).toBe('123.456-B/RJ')
    expect(parseOab('SP 123.456-E')?.formatted).toBe('123.456-E/SP')
    // A trailing 'S P' could be read as suffix 'S' + UF 'P'; there is no UF 'P', so it must be the UF.
    expect(parseOab('123456 SP')).toMatchObject({ suffix: null, uf: 'SP' })
  })

  it('drops leading zeros', () => {
    expect(parseOab('012345/SP')?.number).toBe('12345')
  })

  it('rejects invalid input', () => {
    expect(parseOab('1234567/SP')).toBeNull() // 7 digits
    expect(parseOab('123456/XX')).toBeNull()
    expect(parseOab('123456')).toBeNull() // no UF
    expect(parseOab('SP')).toBeNull()
    expect(parseOab('000000/SP')).toBeNull()
    expect(parseOab('123456-AB/SP')).toBeNull()
    expect(parseOab('12.34/SP')).toBeNull()
    expect(parseOab('123456/SP extra')).toBeNull()
    expect(parseOab('')).toBeNull()
    expect(parseOab(null)).toBeNull()
  })
})

describe('isValidOabNumber', () => {
  it('accepts 1 to 6 digits with optional grouping and suffix', () => {
    for (const ok of [
      '1',
      '1234',
      '123456',
      '123.456',
      '1.234',
      '123456-A',
      '123456a',
      '123456 E',
      ' 98765 ',
    ]) {
      expect(isValidOabNumber(ok)).toBe(true)
    }
  })

  it('rejects anything else', () => {
    for (const bad of [
      '',
      '0',
      '000000',
      '1234567',
      '1.234.567',
      '12.34',
      '123456-AB',
      'A123',
      '123/SP',
      '12-34',
    ]) {
      expect(isValidOabNumber(bad)).toBe(false)
    }
    expect(isValidOabNumber(undefined)).toBe(false)
  })
})

describe('isValidOab', () => {
  it('needs both number and UF', () => {
    expect(isValidOab('123456/SP')).toBe(true)
    expect(isValidOab('123456')).toBe(false)
  })
})

describe('formatOab', () => {
  it('formats with thousands grouping and uppercase UF', () => {
    expect(formatOab('123456', 'SP')).toBe('123.456/SP')
    expect(formatOab(123456, 'sp')).toBe('123.456/SP')
    expect(formatOab('123.456', 'RJ')).toBe('123.456/RJ')
    expect(formatOab('999', 'AC')).toBe('999/AC')
    expect(formatOab('1000', 'TO')).toBe('1.000/TO')
    expect(formatOab('123456', 'sp', 'a')).toBe('123.456-A/SP')
    expect(formatOab('123456', 'SP', null)).toBe('123.456/SP')
  })

  it('throws on invalid parts', () => {
    expect(() => formatOab('1234567', 'SP')).toThrow(TypeError)
    expect(() => formatOab('0', 'SP')).toThrow(TypeError)
    expect(() => formatOab('12a', 'SP')).toThrow(TypeError)
    expect(() => formatOab('123', 'XX')).toThrow(TypeError)
    expect(() => formatOab('123', 'SP', 'AB')).toThrow(TypeError)
  })
})
