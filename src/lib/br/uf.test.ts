import { describe, it, expect } from 'vitest'
import { UFS, UF_NAMES, isUf, normalizeUf } from './uf'

describe('UFS', () => {
  it('has the 27 federative units, unique and sorted', () => {
    expect(UFS).toHaveLength(27)
    expect(new Set(UFS).size).toBe(27)
    expect([...UFS].sort()).toEqual([...UFS])
    expect(UFS).toContain('DF')
    expect(UFS).toContain('TO')
  })

  it('has a name for every UF', () => {
    expect(Object.keys(UF_NAMES).sort()).toEqual([...UFS])
    expect(UF_NAMES.SP).toBe('São Paulo')
    expect(UF_NAMES.DF).toBe('Distrito Federal')
  })
})

describe('isUf / normalizeUf', () => {
  it('accepts only exact uppercase siglas', () => {
    expect(isUf('SP')).toBe(true)
    expect(isUf('sp')).toBe(false)
    expect(isUf('XX')).toBe(false)
    expect(isUf('constructor')).toBe(false)
    expect(isUf(35)).toBe(false)
  })

  it('normalizes user input', () => {
    expect(normalizeUf(' rj ')).toBe('RJ')
    expect(normalizeUf('Sp')).toBe('SP')
    expect(normalizeUf('BR')).toBeNull()
    expect(normalizeUf('')).toBeNull()
    expect(normalizeUf(null)).toBeNull()
    expect(normalizeUf(undefined)).toBeNull()
  })
})
