import { describe, expect, it } from 'vitest'
import { buildMergeValues, findPlaceholders, unknownPlaceholders } from './merge-fields'
import { fillHtml } from './merge-fill'
import { SEED_TEMPLATES } from './templates.seed-content'

// The editor's subset (the plan's contract): anything else would be stripped on save.
const ALLOWED_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'br',
  'mark',
])

describe('SEED_TEMPLATES', () => {
  it('are the five pieces of the issue, one per kind, with unique keys', () => {
    expect(SEED_TEMPLATES.map((s) => s.name)).toEqual([
      'Procuração ad judicia et extra',
      'Contrato de Prestação de Serviços Advocatícios',
      'Declaração de Hipossuficiência',
      'Substabelecimento',
      'Recibo de Honorários',
    ])
    expect(new Set(SEED_TEMPLATES.map((s) => s.kind)).size).toBe(5)
    expect(new Set(SEED_TEMPLATES.map((s) => s.key)).size).toBe(5)
  })

  it.each(SEED_TEMPLATES.map((s) => [s.name, s] as const))(
    '%s uses only known fields and the subset',
    (_, seed) => {
      expect(findPlaceholders(seed.html).length).toBeGreaterThan(3)
      expect(unknownPlaceholders(seed.html)).toEqual([])
      for (const [, tag, attrs] of seed.html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
        expect(ALLOWED_TAGS.has(tag ?? ''), tag).toBe(true)
        if (attrs?.trim()) expect(attrs.trim()).toMatch(/^style="text-align: (left|center|right|justify)"$/)
      }
      // Stray braces would print as text.
      expect(seed.html.replace(/\{[a-z_]+\.[a-z_]+\}/g, '')).not.toMatch(/[{}]/)
    },
  )

  it('the procuração carries the art. 105 CPC special powers; the declaração its legal basis', () => {
    const procuracao = SEED_TEMPLATES.find((s) => s.kind === 'procuracao')?.html ?? ''
    for (const power of [
      'receber citação',
      'confessar',
      'transigir',
      'desistir',
      'dar quitação',
      'firmar compromisso',
      'declaração de hipossuficiência',
    ]) {
      expect(procuracao).toContain(power)
    }
    expect(procuracao).toContain('art. 105 do Código de Processo Civil')
    const declaracao = SEED_TEMPLATES.find((s) => s.kind === 'declaracao')?.html ?? ''
    expect(declaracao).toContain('arts. 98 e seguintes do Código de Processo Civil')
    expect(declaracao).toContain('Lei nº 1.060/1950')
  })

  it('a contract filled for a pessoa jurídica in installments reads with its clause and no missing field but the case', () => {
    const contrato = SEED_TEMPLATES.find((s) => s.kind === 'contrato')?.html ?? ''
    const values = buildMergeValues({
      client: {
        nomeCompleto: 'Construtora Exemplo Ltda.',
        tipoPessoa: 'juridica',
        documento: '11222333000181',
        email: null,
        telefone: null,
        endereco: 'Av. Paulista, 1000',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01310100',
        profissao: null,
        nacionalidade: null,
        estadoCivil: null,
        rg: null,
        rgOrgaoEmissor: null,
        representanteNome: 'Carlos Diretor',
        representanteCpf: '52998224725',
        representanteCargo: 'sócio-administrador',
      },
      office: { nome: 'Silva Advogados', cnpj: null, oab: null, endereco: 'Rua Direita, 50' },
      lawyer: { nome: 'Ana Advogada', oabNumero: '123456', oabUf: 'SP', email: 'ana@silva.adv.br' },
      honorarios: { tipo: 'parcelado', valor: '6000', parcelas: 6 },
      now: new Date('2026-11-27T15:00:00Z'),
      city: 'São Paulo',
    })
    const { html, missing } = fillHtml(contrato, values, { mode: 'preview' })
    expect(missing.map((m) => m.key)).toEqual(['caso.titulo', 'caso.area'])
    expect(html).toContain('neste ato representada por Carlos Diretor, sócio-administrador')
    expect(html).toContain('em 6 (seis) parcelas mensais e sucessivas de R$ 1.000,00 (mil reais) cada')
    expect(html).toContain('foro da comarca de São Paulo')
    expect(html).toContain('São Paulo, 27 de novembro de 2026.')
  })
})
