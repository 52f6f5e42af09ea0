import { describe, it, expect } from 'vitest'
import {
  isValidCnpj as libIsValidCnpj,
  generateCnpj as libGenerateCnpj,
} from '@brazilian-utils/brazilian-utils'
import {
  computeCnpjCheckDigits,
  formatCnpj,
  generateCnpj,
  isAlphanumericCnpj,
  isValidCnpj,
  maskCnpjInput,
  normalizeCnpj,
} from './cnpj'

describe('isValidCnpj', () => {
  it('accepts the Receita Federal alphanumeric example', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true)
    expect(isValidCnpj('12ABC34501DE35')).toBe(true)
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true)
  })

  it('accepts classic numeric CNPJs', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
    expect(isValidCnpj('11222333000181')).toBe(true)
    expect(isValidCnpj(' 11.222.333/0001-81 ')).toBe(true)
  })

  it('rejects wrong check digits', () => {
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false)
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false)
    expect(isValidCnpj('12.ABC.345/01DE-34')).toBe(false)
    expect(isValidCnpj('12.ABC.345/01DE-45')).toBe(false)
    // Changing a letter changes its value (charCode - 48), so the DVs no longer match.
    expect(isValidCnpj('12.ABD.345/01DE-35')).toBe(false)
  })

  it('rejects all-same-digit numbers', () => {
    for (let d = 0; d <= 9; d++) {
      expect(isValidCnpj(String(d).repeat(14))).toBe(false)
    }
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false)
  })

  it('rejects malformed input', () => {
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false) // DV must be numeric
    expect(isValidCnpj('1122233300018')).toBe(false)
    expect(isValidCnpj('112223330001811')).toBe(false)
    expect(isValidCnpj('12.ABÇ.345/01DE-35')).toBe(false)
    expect(isValidCnpj('11_222_333_0001_81')).toBe(false)
    expect(isValidCnpj('')).toBe(false)
    expect(isValidCnpj(null)).toBe(false)
  })

  it('agrees with @brazilian-utils (version 2) on generated and mutated numbers', () => {
    for (let i = 0; i < 300; i++) {
      const cnpj = libGenerateCnpj(i % 2 === 0 ? 1 : 2)
      expect(isValidCnpj(cnpj)).toBe(true)
      const lastDv = Number(cnpj.slice(-1))
      const mutated = cnpj.slice(0, -1) + String((lastDv + 1) % 10)
      expect(isValidCnpj(mutated)).toBe(libIsValidCnpj(mutated, { version: 2 }))
      expect(isValidCnpj(mutated)).toBe(false)
    }
  })
})

describe('computeCnpjCheckDigits', () => {
  it('computes both DVs', () => {
    expect(computeCnpjCheckDigits('12ABC34501DE')).toBe('35')
    expect(computeCnpjCheckDigits('112223330001')).toBe('81')
    expect(computeCnpjCheckDigits('12.abc.345/01de')).toBe('35')
  })

  it('throws on a malformed base', () => {
    expect(() => computeCnpjCheckDigits('12ABC34501D')).toThrow(TypeError)
    expect(() => computeCnpjCheckDigits('12ABC34501D!')).toThrow(TypeError)
  })
})

describe('normalizeCnpj / formatCnpj / isAlphanumericCnpj', () => {
  it('strips the mask and uppercases', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35')
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181')
    expect(normalizeCnpj(undefined)).toBe('')
  })

  it('formats numeric and alphanumeric CNPJs', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81')
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35')
    expect(formatCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35')
  })

  it('leaves non-CNPJ-shaped input untouched', () => {
    expect(formatCnpj('1122233300018')).toBe('1122233300018')
    expect(formatCnpj('12ABC34501DEXX')).toBe('12ABC34501DEXX')
    expect(formatCnpj(null)).toBe('')
  })

  it('detects the alphanumeric format', () => {
    expect(isAlphanumericCnpj('12.ABC.345/01DE-35')).toBe(true)
    expect(isAlphanumericCnpj('11.222.333/0001-81')).toBe(false)
  })
})

describe('maskCnpjInput', () => {
  it('masks progressively', () => {
    expect(maskCnpjInput('')).toBe('')
    expect(maskCnpjInput('11')).toBe('11')
    expect(maskCnpjInput('112')).toBe('11.2')
    expect(maskCnpjInput('11222333')).toBe('11.222.333')
    expect(maskCnpjInput('112223330')).toBe('11.222.333/0')
    expect(maskCnpjInput('1122233300018')).toBe('11.222.333/0001-8')
    expect(maskCnpjInput('11222333000181999')).toBe('11.222.333/0001-81')
  })

  it('accepts letters only before the check digits, uppercasing them', () => {
    expect(maskCnpjInput('12abc34501de35')).toBe('12.ABC.345/01DE-35')
    expect(maskCnpjInput('12ABC34501DEX3Y5')).toBe('12.ABC.345/01DE-35')
    expect(maskCnpjInput('12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35')
  })
})

describe('generateCnpj', () => {
  it('produces valid numeric CNPJs by default', () => {
    for (let i = 0; i < 200; i++) {
      const cnpj = generateCnpj()
      expect(cnpj).toMatch(/^\d{14}$/)
      expect(isValidCnpj(cnpj)).toBe(true)
    }
  })

  it('can produce formatted and alphanumeric CNPJs', () => {
    expect(generateCnpj({ formatted: true })).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/)
    const alpha = generateCnpj({ alphanumeric: true })
    expect(alpha).toMatch(/^[0-9A-Z]{12}\d{2}$/)
    expect(isValidCnpj(alpha)).toBe(true)
  })
})
