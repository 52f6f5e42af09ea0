import { describe, it, expect } from 'vitest'
import { maskCnpj, maskCpf, maskDocument, maskEmail, maskPhone } from './mask'

describe('maskEmail', () => {
  it('keeps the first 2 chars of the local part and the domain', () => {
    expect(maskEmail('joao.silva@gmail.com')).toBe('jo***@gmail.com')
    expect(maskEmail('  Maria@empresa.com.br ')).toBe('Ma***@empresa.com.br')
    expect(maskEmail('abcd@x.com')).toBe('ab***@x.com')
  })

  it('keeps only 1 char of short local parts', () => {
    expect(maskEmail('abc@x.com')).toBe('a***@x.com')
    expect(maskEmail('jo@x.com')).toBe('j***@x.com')
    expect(maskEmail('a@x.com')).toBe('a***@x.com')
  })

  it('fails closed on anything that is not an e-mail', () => {
    expect(maskEmail('joao')).toBe('***')
    expect(maskEmail('@gmail.com')).toBe('***')
    expect(maskEmail('joao@')).toBe('***')
    expect(maskEmail('')).toBe('***')
    expect(maskEmail(null)).toBe('***')
  })
})

describe('maskPhone', () => {
  it('keeps DDD and the last 4 digits', () => {
    expect(maskPhone('(11) 98765-4321')).toBe('(11) *****-4321')
    expect(maskPhone('11987654321')).toBe('(11) *****-4321')
    expect(maskPhone('+55 11 98765-4321')).toBe('(11) *****-4321')
    expect(maskPhone('(11) 3456-7890')).toBe('(11) ****-7890')
  })

  it('keeps only the last 4 digits of other numbers, hiding the length', () => {
    expect(maskPhone('98765-4321')).toBe('****4321')
    expect(maskPhone('12345')).toBe('****2345')
    expect(maskPhone('1234')).toBe('***')
    expect(maskPhone(undefined)).toBe('***')
  })
})

describe('maskCpf / maskCnpj / maskDocument', () => {
  it('masks CPFs like gov.br', () => {
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**')
    expect(maskCpf('52998224725')).toBe('***.982.247-**')
    expect(maskCpf('5299822472')).toBe('***')
  })

  it('masks CNPJs keeping the first and last 2 chars', () => {
    expect(maskCnpj('11.222.333/0001-81')).toBe('11.***.***/****-81')
    expect(maskCnpj('12.abc.345/01de-35')).toBe('12.***.***/****-35')
    expect(maskCnpj('1122233300018')).toBe('***')
  })

  it('picks the document type by shape', () => {
    expect(maskDocument('529.982.247-25')).toBe('***.982.247-**')
    expect(maskDocument('11222333000181')).toBe('11.***.***/****-81')
    expect(maskDocument('12.ABC.345/01DE-35')).toBe('12.***.***/****-35')
    expect(maskDocument('123')).toBe('***')
    expect(maskDocument(null)).toBe('***')
  })
})
