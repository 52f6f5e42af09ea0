import { describe, it, expect } from 'vitest'
import { cpfDigits, formatCpf, generateCpf, isValidCpf, maskCpfInput, stripCpf } from './cpf'

describe('isValidCpf', () => {
  it('accepts a valid CPF masked or as digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true)
    expect(isValidCpf('52998224725')).toBe(true)
    expect(isValidCpf(' 529.982.247-25 ')).toBe(true)
    // Receita Federal's worked example.
    expect(isValidCpf('280.012.389-38')).toBe(true)
  })

  it('rejects wrong check digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false)
    expect(isValidCpf('529.982.247-15')).toBe(false)
    expect(isValidCpf('280.012.389-39')).toBe(false)
  })

  it('rejects repeated digits even though they pass the checksum', () => {
    for (let d = 0; d <= 9; d++) {
      expect(isValidCpf(String(d).repeat(11))).toBe(false)
    }
    expect(isValidCpf('111.111.111-11')).toBe(false)
  })

  it('rejects wrong lengths, letters and non-strings', () => {
    expect(isValidCpf('5299822472')).toBe(false)
    expect(isValidCpf('529982247250')).toBe(false)
    expect(isValidCpf('529.982.247-2X')).toBe(false)
    expect(isValidCpf('529_982_247_25')).toBe(false)
    expect(isValidCpf('')).toBe(false)
    expect(isValidCpf(null)).toBe(false)
    expect(isValidCpf(undefined)).toBe(false)
  })
})

describe('cpfDigits / formatCpf / maskCpfInput', () => {
  it('strips the mask', () => {
    expect(cpfDigits('529.982.247-25')).toBe('52998224725')
    expect(stripCpf(' 529 982 247 25 ')).toBe('52998224725')
    expect(cpfDigits(null)).toBe('')
  })

  it('formats 11 digits and leaves anything else untouched', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25')
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25')
    expect(formatCpf('5299822')).toBe('5299822')
    expect(formatCpf(undefined)).toBe('')
  })

  it('masks progressively while typing', () => {
    expect(maskCpfInput('')).toBe('')
    expect(maskCpfInput('529')).toBe('529')
    expect(maskCpfInput('5299')).toBe('529.9')
    expect(maskCpfInput('5299822')).toBe('529.982.2')
    expect(maskCpfInput('5299822472')).toBe('529.982.247-2')
    expect(maskCpfInput('529.982.247-25999')).toBe('529.982.247-25')
  })
})

describe('generateCpf', () => {
  it('produces valid CPFs', () => {
    for (let i = 0; i < 200; i++) {
      const cpf = generateCpf()
      expect(cpf).toMatch(/^\d{11}$/)
      expect(isValidCpf(cpf)).toBe(true)
    }
  })

  it('can return the formatted form', () => {
    const cpf = generateCpf({ formatted: true })
    expect(cpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/)
    expect(isValidCpf(cpf)).toBe(true)
  })
})
