import { describe, expect, it } from 'vitest'
import { addDaysISO, todayISO } from '../../lib/br/dates'
import {
  addMonthsISO,
  formatPercentBR,
  hundredthsToPercent,
  parsePercentHundredths,
  proposalBody,
  proposalInstallments,
} from './proposals.schema'

const validade = addDaysISO(todayISO(), 5)
const clientId = '0f8fad5b-d9cb-469f-a165-70867728950e'

describe('proposal money and dates', () => {
  it('splits the fixed part into monthly parcels with the centavos remainder on the last', () => {
    expect(proposalInstallments(100_000, 3, '2031-01-31')).toEqual([
      { numero: 1, cents: 33_333, vencimento: '2031-01-31' },
      { numero: 2, cents: 33_333, vencimento: '2031-02-28' },
      { numero: 3, cents: 33_334, vencimento: '2031-03-31' },
    ])
    const parcels = proposalInstallments(1_000_001, 7, '2030-05-15')
    expect(parcels.reduce((sum, p) => sum + p.cents, 0)).toBe(1_000_001)
  })

  it('adds months keeping the day, clamped to short months, across years', () => {
    expect(addMonthsISO('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonthsISO('2030-11-30', 3)).toBe('2031-02-28')
    expect(addMonthsISO('2030-12-10', 1)).toBe('2031-01-10')
  })

  it('reads percentages in pt-BR or dot notation into hundredths, and prints them pt-BR', () => {
    expect(parsePercentHundredths('12,5')).toBe(1250)
    expect(parsePercentHundredths('12.50%')).toBe(1250)
    expect(parsePercentHundredths(20)).toBe(2000)
    expect(parsePercentHundredths('1,234')).toBeNull()
    expect(parsePercentHundredths('abc')).toBeNull()
    expect(hundredthsToPercent(1250)).toBe('12.50')
    expect(formatPercentBR('12.50')).toBe('12,5%')
    expect(formatPercentBR('30.00')).toBe('30%')
  })
})

describe('proposalBody', () => {
  it('keeps only the fields of the model', () => {
    const fixo = proposalBody.parse({
      clientId,
      modelo: 'fixo',
      valorFixo: 'R$ 1.234,56',
      parcelas: 5,
      primeiroVencimento: validade,
      percentualExito: 10,
      valorCausa: '1000',
      validade,
    })
    expect(fixo).toMatchObject({ valorFixo: 123_456, parcelas: 1, percentualExito: null, valorCausa: null })
    const exito = proposalBody.parse({
      clientId,
      modelo: 'exito',
      valorFixo: '500',
      percentualExito: '33,33',
      valorCausa: '10.000,00',
      validade,
    })
    expect(exito).toMatchObject({
      valorFixo: null,
      parcelas: null,
      primeiroVencimento: null,
      percentualExito: 3333,
    })
    expect(exito.valorCausa).toBe(1_000_000)
  })

  it('asks for what each model needs', () => {
    const issues = (input: Record<string, unknown>) =>
      proposalBody.safeParse({ clientId, validade, ...input }).error?.issues.map((i) => i.path[0]) ?? []
    expect(issues({ modelo: 'misto' })).toEqual(['valorFixo', 'primeiroVencimento', 'percentualExito'])
    expect(issues({ modelo: 'parcelado', valorFixo: 10, parcelas: 1, primeiroVencimento: validade })).toEqual(
      ['parcelas'],
    )
    expect(issues({ modelo: 'exito', percentualExito: 0 })).toEqual(['percentualExito'])
    expect(issues({ modelo: 'exito', percentualExito: 100.01 })).toEqual(['percentualExito'])
    expect(issues({ modelo: 'exito', percentualExito: 100 })).toEqual([])
  })
})
