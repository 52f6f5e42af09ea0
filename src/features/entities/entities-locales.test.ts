import { describe, expect, it } from 'vitest'
import en from '../../locales/en/entities.json'
import es from '../../locales/es/entities.json'
import ptBR from '../../locales/pt-BR/entities.json'

type Tree = { [key: string]: string | Tree }

/** Every leaf key with the placeholders its text uses. */
function leaves(tree: Tree, prefix = ''): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string')
      found.set(path, [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort())
    else for (const [k, v] of leaves(value, path)) found.set(k, v)
  }
  return found
}

describe("the 'entities' catalogs", () => {
  const reference = leaves(ptBR)

  it.each([
    ['en', en],
    ['es', es],
  ])('%s has exactly the keys and placeholders of pt-BR', (_language, catalog) => {
    const translated = leaves(catalog as Tree)
    expect([...translated.keys()].sort()).toEqual([...reference.keys()].sort())
    for (const [key, vars] of reference) expect(translated.get(key), key).toEqual(vars)
  })

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
