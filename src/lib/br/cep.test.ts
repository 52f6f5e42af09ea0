import { describe, it, expect } from 'vitest'
import { cepDigits, formatCep, isValidCep, maskCepInput } from './cep'

describe('isValidCep', () => {
  it('accepts 8 digits, masked or not', () => {
    expect(isValidCep('01310-100')).toBe(true)
    expect(isValidCep('01310100')).toBe(true)
    expect(isValidCep('92.500-000')).toBe(true)
    expect(isValidCep(' 20040-020 ')).toBe(true)
  })

  it('rejects wrong lengths, letters and the all-zero placeholder', () => {
    expect(isValidCep('0131010')).toBe(false)
    expect(isValidCep('013101000')).toBe(false)
    expect(isValidCep('01310-10a')).toBe(false)
    expect(isValidCep('00000-000')).toBe(false)
    expect(isValidCep('')).toBe(false)
    expect(isValidCep(null)).toBe(false)
  })
})

describe('cepDigits / formatCep / maskCepInput', () => {
  it('strips and formats', () => {
    expect(cepDigits('01310-100')).toBe('01310100')
    expect(formatCep('01310100')).toBe('01310-100')
    expect(formatCep('01310-100')).toBe('01310-100')
    expect(formatCep('0131010')).toBe('0131010')
    expect(formatCep(undefined)).toBe('')
  })

  it('masks progressively', () => {
    expect(maskCepInput('')).toBe('')
    expect(maskCepInput('01310')).toBe('01310')
    expect(maskCepInput('013101')).toBe('01310-1')
    expect(maskCepInput('01310100')).toBe('01310-100')
    expect(maskCepInput('013101009')).toBe('01310-100')
    expect(maskCepInput('01310-1')).toBe('01310-1')
  })
})
