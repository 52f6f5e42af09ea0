import { describe, it, expect } from 'vitest'
import { isValidProcessoJuridico } from '@brazilian-utils/brazilian-utils'
import {
  CNJ_STATE_ORDER,
  cnjTribunalCodeOfUf,
  cnjTribunalsOfSegment,
  computeCnjCheckDigits,
  courtOf,
  formatCnj,
  generateCnj,
  isValidCnj,
  maskCnjInput,
  parseCnj,
} from './cnj'
import { UFS } from './uf'

const VALID = '0001234-71.2024.8.26.0100'

describe('parseCnj', () => {
  it('splits a masked number', () => {
    expect(parseCnj(VALID)).toEqual({
      sequencial: '0001234',
      digito: '71',
      ano: '2024',
      segmento: '8',
      tribunal: '26',
      origem: '0100',
      digits: '00012347120248260100',
      formatted: VALID,
    })
  })

  it('accepts 20 bare digits and surrounding whitespace', () => {
    expect(parseCnj('00012347120248260100')?.formatted).toBe(VALID)
    expect(parseCnj(`  ${VALID} `)?.tribunal).toBe('26')
  })

  it('rejects wrong shapes', () => {
    expect(parseCnj('0001234-71.2024.8.26.010')).toBeNull()
    expect(parseCnj('000123471202482601000')).toBeNull()
    expect(parseCnj('0001234-71.2024.8.26.01OO')).toBeNull()
    expect(parseCnj('')).toBeNull()
    expect(parseCnj(null)).toBeNull()
  })

  it('does not check the digits (that is isValidCnj)', () => {
    expect(parseCnj('0001234-72.2024.8.26.0100')?.digito).toBe('72')
  })
})

describe('computeCnjCheckDigits', () => {
  it('matches known numbers', () => {
    expect(computeCnjCheckDigits('0001234', '2024', '8', '26', '0100')).toBe('71')
    // The example from @brazilian-utils' docs, a TRT15 case.
    expect(computeCnjCheckDigits('0002080', '2012', '5', '15', '0049')).toBe('25')
  })

  it('pads single-digit results', () => {
    // Find a body whose DD < 10 and make sure it is zero-padded.
    let found = false
    for (let seq = 0; seq < 500 && !found; seq++) {
      const dd = computeCnjCheckDigits(String(seq).padStart(7, '0'), '2024', '8', '26', '0100')
      expect(dd).toMatch(/^\d{2}$/)
      if (dd.startsWith('0')) found = true
    }
    expect(found).toBe(true)
  })
})

describe('isValidCnj', () => {
  it('accepts valid numbers, masked or not', () => {
    expect(isValidCnj(VALID)).toBe(true)
    expect(isValidCnj('00012347120248260100')).toBe(true)
    expect(isValidCnj('0002080-25.2012.5.15.0049')).toBe(true)
  })

  it('rejects a changed check digit or any changed field', () => {
    expect(isValidCnj('0001234-72.2024.8.26.0100')).toBe(false)
    expect(isValidCnj('0001234-70.2024.8.26.0100')).toBe(false)
    expect(isValidCnj('0001234-17.2024.8.26.0100')).toBe(false)
    expect(isValidCnj('0001235-71.2024.8.26.0100')).toBe(false)
    expect(isValidCnj('0001234-71.2025.8.26.0100')).toBe(false)
    expect(isValidCnj('0001234-71.2024.8.26.0101')).toBe(false)
  })

  it('rejects unknown courts unless told otherwise', () => {
    const dd = computeCnjCheckDigits('0000100', '2008', '8', '28', '0000')
    const noSuchTj = `0000100-${dd}.2008.8.28.0000`
    expect(isValidCnj(noSuchTj)).toBe(false)
    expect(isValidCnj(noSuchTj, { requireKnownCourt: false })).toBe(true)
    const segmentZero = `0000100-${computeCnjCheckDigits('0000100', '2008', '0', '00', '0000')}.2008.0.00.0000`
    expect(isValidCnj(segmentZero)).toBe(false)
  })

  it('rejects garbage', () => {
    expect(isValidCnj('')).toBe(false)
    expect(isValidCnj('abc')).toBe(false)
    expect(isValidCnj(undefined)).toBe(false)
  })

  it('agrees with @brazilian-utils on generated and mutated numbers', () => {
    for (let i = 0; i < 300; i++) {
      const segmento = (i % 9) + 1
      const cnj = generateCnj({ segmento, ano: 2000 + (i % 27) })
      expect(isValidCnj(cnj)).toBe(true)
      expect(isValidProcessoJuridico(cnj)).toBe(true)
      const digits = parseCnj(cnj)?.digits ?? ''
      const pos = i % 20
      const mutated =
        digits.slice(0, pos) + String((Number(digits.charAt(pos)) + 1) % 10) + digits.slice(pos + 1)
      expect(isValidCnj(mutated)).toBe(isValidProcessoJuridico(mutated))
    }
  })
})

describe('formatCnj / maskCnjInput', () => {
  it('formats 20 digits and leaves other input untouched', () => {
    expect(formatCnj('00012347120248260100')).toBe(VALID)
    expect(formatCnj(VALID)).toBe(VALID)
    expect(formatCnj('123')).toBe('123')
    expect(formatCnj(null)).toBe('')
  })

  it('masks progressively', () => {
    expect(maskCnjInput('')).toBe('')
    expect(maskCnjInput('0001234')).toBe('0001234')
    expect(maskCnjInput('00012347')).toBe('0001234-7')
    expect(maskCnjInput('0001234712')).toBe('0001234-71.2')
    expect(maskCnjInput('00012347120248')).toBe('0001234-71.2024.8')
    expect(maskCnjInput('0001234712024826')).toBe('0001234-71.2024.8.26')
    expect(maskCnjInput('00012347120248260')).toBe('0001234-71.2024.8.26.0')
    expect(maskCnjInput('00012347120248260100999')).toBe(VALID)
  })
})

function courtFor(segmento: string, tribunal: string) {
  return courtOf(`0000001-00.2024.${segmento}.${tribunal}.0001`)
}

describe('courtOf', () => {
  it('names the segment and state court', () => {
    expect(courtOf(VALID)).toEqual({
      segmento: '8',
      segmentoNome: 'Justiça Estadual',
      tribunal: '26',
      sigla: 'TJSP',
      uf: 'SP',
    })
  })

  it('maps the TJ table in CNJ order (by state name, not sigla)', () => {
    const expected = [
      'TJAC',
      'TJAL',
      'TJAP',
      'TJAM',
      'TJBA',
      'TJCE',
      'TJDFT',
      'TJES',
      'TJGO',
      'TJMA',
      'TJMT',
      'TJMS',
      'TJMG',
      'TJPA',
      'TJPB',
      'TJPR',
      'TJPE',
      'TJPI',
      'TJRJ',
      'TJRN',
      'TJRS',
      'TJRO',
      'TJRR',
      'TJSC',
      'TJSE',
      'TJSP',
      'TJTO',
    ]
    expected.forEach((sigla, i) => {
      expect(courtFor('8', String(i + 1).padStart(2, '0'))?.sigla).toBe(sigla)
    })
    expect(courtFor('8', '19')?.sigla).toBe('TJRJ')
    expect(courtFor('8', '13')?.sigla).toBe('TJMG')
    expect(courtFor('8', '07')?.uf).toBe('DF')
    expect(courtFor('8', '00')).toBeNull()
    expect(courtFor('8', '28')).toBeNull()
  })

  it('maps federal, labour, electoral and military courts', () => {
    expect(courtFor('4', '01')?.sigla).toBe('TRF1')
    expect(courtFor('4', '06')?.sigla).toBe('TRF6')
    expect(courtFor('4', '07')).toBeNull()
    expect(courtFor('4', '90')?.sigla).toBe('CJF')
    expect(courtFor('4', '03')?.segmentoNome).toBe('Justiça Federal')
    expect(courtFor('5', '00')?.sigla).toBe('TST')
    expect(courtFor('5', '02')?.sigla).toBe('TRT2')
    expect(courtFor('5', '24')?.sigla).toBe('TRT24')
    expect(courtFor('5', '25')).toBeNull()
    expect(courtFor('5', '15')?.segmentoNome).toBe('Justiça do Trabalho')
    expect(courtFor('6', '00')?.sigla).toBe('TSE')
    expect(courtFor('6', '26')).toMatchObject({
      sigla: 'TRE-SP',
      uf: 'SP',
      segmentoNome: 'Justiça Eleitoral',
    })
    expect(courtFor('6', '19')?.sigla).toBe('TRE-RJ')
    expect(courtFor('9', '13')).toMatchObject({ sigla: 'TJM-MG', segmentoNome: 'Justiça Militar Estadual' })
    expect(courtFor('9', '21')?.sigla).toBe('TJM-RS')
    expect(courtFor('9', '26')?.sigla).toBe('TJM-SP')
    expect(courtFor('9', '19')).toBeNull()
    expect(courtFor('7', '00')).toMatchObject({ sigla: 'STM', segmentoNome: 'Justiça Militar da União' })
    expect(courtFor('7', '01')?.sigla).toBe('1ª CJM')
  })

  it('maps superior courts, which only use TR 00', () => {
    expect(courtFor('1', '00')).toMatchObject({ sigla: 'STF', segmentoNome: 'Supremo Tribunal Federal' })
    expect(courtFor('2', '00')?.sigla).toBe('CNJ')
    expect(courtFor('3', '00')).toMatchObject({ sigla: 'STJ', segmentoNome: 'Superior Tribunal de Justiça' })
    expect(courtFor('3', '01')).toBeNull()
  })

  it('accepts parsed parts and rejects garbage', () => {
    const parts = parseCnj(VALID)
    expect(parts).not.toBeNull()
    expect(courtOf(parts)?.sigla).toBe('TJSP')
    expect(courtOf('nope')).toBeNull()
    expect(courtOf(null)).toBeNull()
  })
})

describe('CNJ state table helpers', () => {
  it('covers every UF once', () => {
    expect([...CNJ_STATE_ORDER].sort()).toEqual([...UFS])
  })

  it('gives the TR code of a UF', () => {
    expect(cnjTribunalCodeOfUf('AC')).toBe('01')
    expect(cnjTribunalCodeOfUf('SP')).toBe('26')
    expect(cnjTribunalCodeOfUf('TO')).toBe('27')
  })

  it('lists the tribunals of a segment', () => {
    expect(cnjTribunalsOfSegment(4)).toEqual(['01', '02', '03', '04', '05', '06', '90'])
    expect(cnjTribunalsOfSegment('9')).toEqual(['13', '21', '26'])
    expect(cnjTribunalsOfSegment(3)).toEqual(['00'])
    expect(cnjTribunalsOfSegment(8)).toHaveLength(27)
    expect(cnjTribunalsOfSegment(0)).toEqual([])
  })
})

describe('generateCnj', () => {
  it('honours the requested fields', () => {
    const cnj = generateCnj({ ano: 2025, segmento: 8, tribunal: 26, origem: 100, sequencial: 1234 })
    expect(cnj).toBe('0001234-37.2025.8.26.0100')
    expect(isValidCnj(cnj)).toBe(true)
    expect(courtOf(cnj)?.sigla).toBe('TJSP')
  })

  it('returns bare digits on request', () => {
    const cnj = generateCnj({ formatted: false, segmento: '5', tribunal: '02' })
    expect(cnj).toMatch(/^\d{20}$/)
    expect(courtOf(cnj)?.sigla).toBe('TRT2')
  })

  it('uses origem 0000 for superior courts by default', () => {
    expect(generateCnj({ segmento: 3 })).toMatch(/\.3\.00\.0000$/)
  })

  it('generates valid numbers for every known court', () => {
    for (let segmento = 1; segmento <= 9; segmento++) {
      for (const tribunal of cnjTribunalsOfSegment(segmento)) {
        const cnj = generateCnj({ ano: 2026, segmento, tribunal })
        expect(isValidCnj(cnj)).toBe(true)
        expect(courtOf(cnj)?.tribunal).toBe(tribunal)
      }
    }
  })

  it('throws on impossible input', () => {
    expect(() => generateCnj({ segmento: 8, tribunal: 28 })).toThrow(RangeError)
    expect(() => generateCnj({ segmento: 0 })).toThrow(RangeError)
    expect(() => generateCnj({ segmento: 3, tribunal: 1 })).toThrow(RangeError)
    expect(() => generateCnj({ ano: 99 })).toThrow(RangeError)
    expect(() => generateCnj({ origem: 10000 })).toThrow(RangeError)
    expect(() => generateCnj({ sequencial: -1 })).toThrow(RangeError)
  })
})
