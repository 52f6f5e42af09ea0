import { describe, expect, it } from 'vitest'
import { buildMergeValues, type MergeInput } from './merge-fields'
import { escapeHtml, fillHtml, MISSING_BLANK } from './merge-fill'

const values = {
  'cliente.nome': 'Maria da Silva',
  'cliente.rg': null,
  'cliente.cpf_cnpj': '',
  'caso.titulo': 'Ação "especial" & cia',
}

describe('fillHtml', () => {
  const html =
    '<p><strong>{cliente.nome}</strong>, RG {cliente.rg}, CPF {cliente.cpf_cnpj}; {caso.titulo}; {cliente.rg}</p>'

  it('preview: fills values escaped and marks each missing field, listed once in order', () => {
    const result = fillHtml(html, values, { mode: 'preview' })
    expect(result.html).toBe(
      '<p><strong>Maria da Silva</strong>, RG <mark data-missing="cliente.rg">Campo sem valor: RG do cliente</mark>, ' +
        'CPF <mark data-missing="cliente.cpf_cnpj">Campo sem valor: CPF/CNPJ do cliente</mark>; ' +
        'Ação &quot;especial&quot; &amp; cia; <mark data-missing="cliente.rg">Campo sem valor: RG do cliente</mark></p>',
    )
    expect(result.missing).toEqual([
      { key: 'cliente.rg', label: 'RG do cliente' },
      { key: 'cliente.cpf_cnpj', label: 'CPF/CNPJ do cliente' },
    ])
  })

  it('final: a missing field becomes a blank line to fill by hand', () => {
    const result = fillHtml(html, values, { mode: 'final' })
    expect(result.html).toBe(
      `<p><strong>Maria da Silva</strong>, RG ${MISSING_BLANK}, CPF ${MISSING_BLANK}; ` +
        `Ação &quot;especial&quot; &amp; cia; ${MISSING_BLANK}</p>`,
    )
    expect(MISSING_BLANK).toBe('__________')
    expect(result.missing.map((m) => m.key)).toEqual(['cliente.rg', 'cliente.cpf_cnpj'])
  })

  it('leaves text that is not a field of the values alone', () => {
    const result = fillHtml('<p>{cliente.apelido} {x} { cliente.nome }</p>', values, { mode: 'preview' })
    expect(result).toEqual({ html: '<p>{cliente.apelido} {x} { cliente.nome }</p>', missing: [] })
  })

  it('escapes hostile values: a client named <script> is text', () => {
    const input: MergeInput = {
      client: {
        nomeCompleto: '<script>alert(1)</script>',
        tipoPessoa: 'fisica',
        documento: null,
        email: null,
        telefone: null,
        endereco: '"><img src=x onerror=alert(1)>',
        cidade: null,
        uf: null,
        cep: null,
        profissao: "O'Brien & <b>filhos</b>",
        nacionalidade: null,
        estadoCivil: null,
        rg: null,
        rgOrgaoEmissor: null,
        representanteNome: null,
        representanteCpf: null,
        representanteCargo: null,
      },
      office: { nome: '<i>Escritório</i>', cnpj: null, oab: null, endereco: null },
      lawyer: { nome: 'Ana', oabNumero: null, oabUf: null, email: null },
      now: new Date('2026-11-27T15:00:00Z'),
    }
    const template =
      '<p>{cliente.nome} | {cliente.endereco} | {cliente.profissao} | {cliente.qualificacao} | {escritorio.nome}</p>'
    const { html: out } = fillHtml(template, buildMergeValues(input), { mode: 'final' })
    expect(out).not.toMatch(/<script|<img|<b>|<i>/)
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(out).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;')
    expect(out).toContain('O&#39;Brien &amp; &lt;b&gt;filhos&lt;/b&gt;')
    expect(out).toContain('&lt;i&gt;Escritório&lt;/i&gt;')
    expect(out.startsWith('<p>') && out.endsWith('</p>')).toBe(true)
  })

  it('escapeHtml covers the five characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;')
  })
})
