import { describe, expect, it } from 'vitest'
import { containsClientIdentifier } from './client-identifiers'

describe('containsClientIdentifier', () => {
  it.each([
    'CPF 529.982.247-25',
    'cpf 52998224725',
    'CPF com dígito errado 529.982.247-26',
    'CNPJ 11.222.333/0001-81',
    'CNPJ 11222333000181',
    'CNPJ novo 12.ABC.345/01DE-35',
    'cnpj novo 12abc34501de35',
    'Processo nº 0001234-71.2024.8.26.0100',
    'autos 00012347120248260100',
  ])('finds an identifier in %j', (text) => {
    expect(containsClientIdentifier(text)).toBe(true)
  })

  it.each([
    'Indenização de R$ 1.500.000,00 obtida em 2023',
    'Atuação entre 2019 2020 2021 e 2022',
    'Audiência em 12/03/2024, acordo de 40%',
    'Redução de 35% na dívida; prazo de 120 dias',
    'Telefone do escritório (11) 3456-7890',
    'Lei 13.709/2018 (LGPD) e Lei 8.078/1990',
    'Responsabilidade civil contratual internacional',
  ])('lets ordinary text through: %j', (text) => {
    expect(containsClientIdentifier(text)).toBe(false)
  })
})
