import { describe, expect, it } from 'vitest'
import { formatBRL } from '../../lib/br/money'
import { summarize, type AnyItem } from './collection-summary'

// A stand-in for i18next's t: the key, with its values when it has any, so each test sees which text was asked.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}(${Object.values(values).join('|')})` : key) as unknown as Parameters<typeof summarize>[2]

const item = (fields: Record<string, unknown>) => ({ id: 'i1', ...fields }) as AnyItem

describe('summarize', () => {
  it('a principal practice area gets its badge', () => {
    expect(summarize('practice-areas', item({ area: 'civil', principal: true }), t)).toEqual({
      title: 'specialties.civil',
      badge: 'collections.principal',
    })
    expect(summarize('practice-areas', item({ area: 'civil', principal: false }), t).badge).toBeUndefined()
  })

  it('a service shows its modality and fee: one value, a range, or only a maximum', () => {
    const service = (valorMin: number | null, valorMax: number | null) =>
      summarize('services', item({ titulo: 'Consulta', modalidade: 'online', valorMin, valorMax }), t)
    expect(service(100, 100).subtitle).toBe(`options.modalidade.online · ${formatBRL(100)}`)
    expect(service(100, 200).subtitle).toBe(
      `options.modalidade.online · view.feeRange(${formatBRL(100)}|${formatBRL(200)})`,
    )
    expect(service(null, 200).subtitle).toBe(`options.modalidade.online · view.feeUpTo(${formatBRL(200)})`)
    expect(service(null, null).subtitle).toBe('options.modalidade.online')
  })

  it('an education without a conclusion year is in progress', () => {
    const summary = summarize(
      'education',
      item({ curso: 'Direito', grau: 'graduacao', instituicao: 'USP', anoInicio: 2015, anoConclusao: null }),
      t,
    )
    expect(summary).toEqual({
      title: 'Direito',
      subtitle: 'options.grau.graduacao · USP',
      details: '2015 – collections.inProgress',
    })
  })

  it('a certification keeps its link; empty optional parts are left out', () => {
    expect(
      summarize(
        'certifications',
        item({ nome: 'LGPD', emissor: 'OAB', ano: null, url: 'https://example.com/c' }),
        t,
      ),
    ).toEqual({ title: 'LGPD', subtitle: 'OAB', url: 'https://example.com/c' })
    expect(summarize('publications', item({ titulo: 'Artigo', veiculo: '', ano: 2024, url: '' }), t)).toEqual(
      {
        title: 'Artigo',
        subtitle: '2024',
        url: undefined,
      },
    )
  })
})
