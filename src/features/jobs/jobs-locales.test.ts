import { describe, expect, it } from 'vitest'
import en from '../../locales/en/jobs.json'
import es from '../../locales/es/jobs.json'
import ptBR from '../../locales/pt-BR/jobs.json'
import { APPLICATION_STATUS_LABELS, JOB_MODALIDADES, JOB_NIVEIS, JOB_TIPOS } from './jobs.constants'

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

describe("the 'jobs' catalogs", () => {
  const reference = leaves(ptBR)

  it.each([
    ['en', en],
    ['es', es],
  ])('%s has exactly the keys and placeholders of pt-BR', (_language, catalog) => {
    const translated = leaves(catalog as Tree)
    expect([...translated.keys()].sort()).toEqual([...reference.keys()].sort())
    for (const [key, vars] of reference) expect(translated.get(key), key).toEqual(vars)
  })

  it('uses the spec texts in pt-BR', () => {
    expect(ptBR.statuses).toEqual(APPLICATION_STATUS_LABELS)
    expect(Object.keys(ptBR.types)).toEqual([...JOB_TIPOS])
    expect(Object.keys(ptBR.levels)).toEqual([...JOB_NIVEIS])
    expect(Object.keys(ptBR.workModes)).toEqual([...JOB_MODALIDADES])
    expect(ptBR.viewJob).toBe('Ver Vaga')
    expect(ptBR.detail.apply).toBe('Candidatar-se')
    expect(ptBR.manager.newJob).toBe('Nova Vaga')
  })
})
