import { describe, expect, it } from 'vitest'
import en from '../../locales/en/entities.json'
import es from '../../locales/es/entities.json'
import ptBR from '../../locales/pt-BR/entities.json'
import { expectSameKeys } from '../../test/locale-catalogs'

describe("the 'entities' catalogs", () => {
  it.each([
    ['en', en],
    ['es', es],
  ])('%s has exactly the keys and placeholders of pt-BR', (_language, catalog) =>
    expectSameKeys(catalog, ptBR),
  )

  it('names the entity types and application statuses as the spec does', () => {
    expect(ptBR.tipos).toEqual({
      escritorio: 'Escritório',
      empresa: 'Empresa',
      orgao_publico: 'Órgão Público',
      ong: 'ONG',
      sindicato: 'Sindicato',
    })
    expect(ptBR.applicationStatus.recebida).toBe('Recebida')
    expect(ptBR.student.noApplications).toBe('Nenhuma candidatura ainda')
  })
})
