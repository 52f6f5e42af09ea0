import { describe, expect, it } from 'vitest'
import en from '../../locales/en/jobs.json'
import es from '../../locales/es/jobs.json'
import ptBR from '../../locales/pt-BR/jobs.json'
import { APPLICATION_STATUS_LABELS, JOB_MODALIDADES, JOB_NIVEIS, JOB_TIPOS } from './jobs.constants'
import { expectSameKeys } from '../../test/locale-catalogs'

describe("the 'jobs' catalogs", () => {
  it.each([
    ['en', en],
    ['es', es],
  ])('%s has exactly the keys and placeholders of pt-BR', (_language, catalog) =>
    expectSameKeys(catalog, ptBR),
  )

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
