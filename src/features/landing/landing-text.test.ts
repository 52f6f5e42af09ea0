import { describe, expect, it } from 'vitest'
import en from '../../locales/en/landing.json'
import es from '../../locales/es/landing.json'
import ptBR from '../../locales/pt-BR/landing.json'
import { SPECIALTIES } from '../../lib/br/specialties'
import { format, mergeCatalog } from './use-landing-text'
import { expectSameKeys } from '../../test/locale-catalogs'

describe('landing catalogs', () => {
  it.each([
    ['en', en],
    ['es', es],
  ])('%s has exactly the keys and placeholders of pt-BR', (_language, catalog) =>
    expectSameKeys(catalog, ptBR),
  )

  it('keeps the texts spec §2 words exactly', () => {
    expect(ptBR.nav).toMatchObject({
      lawyers: 'Buscar Advogados',
      jobs: 'Vagas & Estágios',
      entities: 'Entidades & Instituições',
      about: 'Sobre',
      contact: 'Contato',
    })
    expect(ptBR.account).toMatchObject({ signIn: 'Entrar', signUp: 'Cadastre-se', dashboard: 'Dashboard' })
    expect(ptBR.hero).toMatchObject({
      lawyer: 'Sou Advogado',
      student: 'Sou Estudante',
      entity: 'Sou Entidade/Instituição',
    })
    expect(ptBR.profile).toMatchObject({
      access: 'Acessar Meu Perfil',
      signIn: 'Entrar na Plataforma',
      signUp: 'Criar Conta Gratuita',
    })
    expect(ptBR.search).toMatchObject({
      filter: 'Filtrar',
      loadMore: 'Carregar Mais Advogados',
      viewProfile: 'Ver Perfil',
    })
    expect(ptBR.jobs).toMatchObject({ viewJob: 'Ver Vaga', viewAll: 'Ver Todas as Vagas' })
    const stats = ptBR.about.stats
    expect([
      stats.professionals.value,
      stats.rating.value,
      stats.verified.value,
      stats.connections.value,
    ]).toEqual(['15.000+', '4.8', '100%', '50.000+'])
  })

  it('labels every specialty of spec §3 in every language', () => {
    for (const catalog of [ptBR, en, es]) {
      expect(Object.keys(catalog.specialties).sort()).toEqual([...SPECIALTIES].sort())
    }
  })
})

describe('mergeCatalog', () => {
  it('takes the translated strings and falls back to pt-BR for missing or malformed ones', () => {
    const base = { a: 'A', nested: { b: 'B', c: 'C' } }
    expect(mergeCatalog(base, { a: 'x', nested: { b: 1 }, extra: 'ignored' })).toEqual({
      a: 'x',
      nested: { b: 'B', c: 'C' },
    })
    expect(mergeCatalog(base, null)).toEqual(base)
  })
})

describe('format', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('({{count}} avaliações)', { count: 127 })).toBe('(127 avaliações)')
    expect(format('{{a}} e {{b}}', { a: 1 })).toBe('1 e {{b}}')
  })
})
