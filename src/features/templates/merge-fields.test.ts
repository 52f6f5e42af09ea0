import { describe, expect, it } from 'vitest'
import {
  findPlaceholders,
  MERGE_FIELD_KEYS,
  MERGE_FIELDS,
  MERGE_GROUPS,
  mergeFieldLabel,
  unknownPlaceholders,
} from './merge-fields'

describe('MERGE_FIELDS', () => {
  it('has unique keys, each in its group, with a pt-BR label', () => {
    expect(MERGE_FIELD_KEYS.size).toBe(MERGE_FIELDS.length)
    for (const field of MERGE_FIELDS) {
      expect(field.key).toMatch(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/)
      expect(field.key.startsWith(`${field.group}.`)).toBe(true)
      expect(MERGE_GROUPS).toContain(field.group)
      expect(field.label.trim()).not.toBe('')
    }
    // Every group offers something to insert.
    for (const group of MERGE_GROUPS) expect(MERGE_FIELDS.some((f) => f.group === group)).toBe(true)
  })

  it('covers what the issue lists', () => {
    for (const key of [
      'cliente.nome',
      'cliente.cpf_cnpj',
      'cliente.rg',
      'cliente.rg_orgao_emissor',
      'cliente.nacionalidade',
      'cliente.estado_civil',
      'cliente.profissao',
      'cliente.endereco_completo',
      'cliente.email',
      'cliente.telefone',
      'cliente.razao_social',
      'cliente.cnpj',
      'cliente.sede',
      'cliente.representante',
      'cliente.qualificacao',
      'caso.titulo',
      'caso.numero_cnj',
      'caso.tribunal',
      'caso.vara',
      'caso.area',
      'caso.valor_causa',
      'caso.valor_causa_extenso',
      'escritorio.nome',
      'escritorio.cnpj',
      'escritorio.oab',
      'escritorio.endereco',
      'advogado.nome',
      'advogado.oab',
      'advogado.email',
      'honorarios.valor',
      'honorarios.valor_extenso',
      'honorarios.parcelas',
      'honorarios.percentual',
      'data.local_extenso',
      'data.extenso',
      'data.hoje',
    ]) {
      expect(MERGE_FIELD_KEYS.has(key), key).toBe(true)
    }
  })

  it("names a field as the preview shows it: 'RG do cliente'", () => {
    expect(mergeFieldLabel('cliente.rg')).toBe('RG do cliente')
    expect(mergeFieldLabel('cliente.apelido')).toBe('cliente.apelido')
  })
})

describe('findPlaceholders / unknownPlaceholders', () => {
  const html =
    '<p>{cliente.nome}, {cliente.rg} e {cliente.nome} de novo; {caso.numero_cnj}.</p>' +
    '<p>{cliente.apelido} {Cliente.Nome} { cliente.nome } {clientenome} {a.b.c} {x2.campo_1} ' +
    'p { color: red } {"json": 1}</p>'

  it('lists each {grupo.campo} once, in order, and nothing that only looks like one', () => {
    expect(findPlaceholders(html)).toEqual([
      'cliente.nome',
      'cliente.rg',
      'caso.numero_cnj',
      'cliente.apelido',
      'x2.campo_1',
    ])
    expect(findPlaceholders('sem campos')).toEqual([])
  })

  it('reports the fields the catalogue does not know', () => {
    expect(unknownPlaceholders(html)).toEqual(['cliente.apelido', 'x2.campo_1'])
    expect(unknownPlaceholders('<p>{cliente.nome}</p>')).toEqual([])
  })
})
