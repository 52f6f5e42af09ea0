import { describe, expect, it } from 'vitest'
import en from '../../locales/en/templates.json'
import es from '../../locales/es/templates.json'
import ptBR from '../../locales/pt-BR/templates.json'
import { ApiRequestError } from '../../lib/api-client'
import { EMPTY_GENERATE_VALUES, generateFormSchema, toGenerateBody, toPreviewBody } from './generate-form'
import { canManageTemplates, unknownFieldsOf } from './template-rules'
import { expectSameKeys } from '../../test/locale-catalogs'

describe("the 'templates' catalogs", () => {
  it.each([
    ['en', en],
    ['es', es],
  ])('%s has exactly the keys and placeholders of pt-BR', (_language, catalog) =>
    expectSameKeys(catalog, ptBR),
  )

  it('says the pt-BR texts of the issue', () => {
    expect(ptBR.tab.label).toBe('Modelos')
    expect(ptBR.tab.new).toBe('Novo modelo')
    expect(ptBR.tab.upload).toBe('Enviar modelo Word (.docx)')
    expect(ptBR.tab.generate).toBe('Gerar documento')
    expect(ptBR.generate.generateAnyway).toBe('Gerar assim mesmo')
    expect(ptBR.upload.unknownFields).toBe('Campos desconhecidos:')
  })
})

const CLIENT = '6f1c2a4e-8b3d-4c1e-9a2b-3c4d5e6f7a8b'
const CASE = '7a2d3b5f-9c4e-4d2f-8b3c-4d5e6f7a8b9c'
const TEMPLATE = '8b3e4c6a-ad5f-4e3a-9c4d-5e6f7a8b9cad'

describe("'Gerar documento' bodies", () => {
  const values = { ...EMPTY_GENERATE_VALUES, templateId: TEMPLATE, clientId: CLIENT }

  it('sends the case only when chosen, and honorários only for a contract or a receipt', () => {
    expect(toPreviewBody(values, 'procuracao')).toEqual({ clientId: CLIENT })
    expect(toPreviewBody({ ...values, caseId: CASE, valor: '1.500,00' }, 'declaracao')).toEqual({
      clientId: CLIENT,
      caseId: CASE,
    })
    expect(toPreviewBody({ ...values, valor: ' 800,00 ' }, 'recibo')).toEqual({
      clientId: CLIENT,
      honorarios: { valor: '800,00' },
    })
  })

  it("sends each contract modalidade's own fields", () => {
    const all = { ...values, valor: '12.000,00', parcelas: '12', percentual: '20' }
    expect(toPreviewBody({ ...all, tipo: 'fixo' }, 'contrato').honorarios).toEqual({
      tipo: 'fixo',
      valor: '12.000,00',
    })
    expect(toPreviewBody({ ...all, tipo: 'parcelado' }, 'contrato').honorarios).toEqual({
      tipo: 'parcelado',
      valor: '12.000,00',
      parcelas: 12,
    })
    expect(toPreviewBody({ ...all, tipo: 'exito' }, 'contrato').honorarios).toEqual({
      tipo: 'exito',
      percentual: '20',
    })
  })

  it('adds the access level and only the overrides the user filled', () => {
    expect(
      toGenerateBody({ ...values, nivelAcesso: 'confidencial' }, 'procuracao', {
        'cliente.rg': ' 12.345.678-9 ',
        'cliente.profissao': '  ',
      }),
    ).toEqual({ clientId: CLIENT, nivelAcesso: 'confidencial', overrides: { 'cliente.rg': '12.345.678-9' } })
    expect(toGenerateBody(values, 'procuracao', {})).toEqual({ clientId: CLIENT, nivelAcesso: 'restrito' })
  })

  it('refuses a form without template or client, or with a bad amount', () => {
    const result = generateFormSchema.safeParse({ ...EMPTY_GENERATE_VALUES, valor: 'abc' })
    expect(result.success).toBe(false)
    const paths = result.error?.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['templateId', 'clientId', 'valor']))
    expect(generateFormSchema.safeParse({ ...values, valor: '1.500,00', parcelas: '12' }).success).toBe(true)
    expect(generateFormSchema.safeParse({ ...values, tipo: 'parcelado', parcelas: '0' }).success).toBe(false)
  })
})

describe('the upload refusal', () => {
  it('lists the unknown fields the server names', () => {
    const error = new ApiRequestError(
      400,
      'unknown_fields',
      'Campos desconhecidos no modelo: {cliente.apelido}, {caso.juiz}.',
    )
    expect(unknownFieldsOf(error)).toEqual(['{cliente.apelido}', '{caso.juiz}'])
    expect(
      unknownFieldsOf(new ApiRequestError(400, 'validation', 'Envie um arquivo do Word (.docx).')),
    ).toEqual([])
    expect(unknownFieldsOf(new Error('{cliente.nome}'))).toEqual([])
  })
})

describe('who manages templates', () => {
  it('is the sócios and associados', () => {
    expect(canManageTemplates('socio')).toBe(true)
    expect(canManageTemplates('associado')).toBe(true)
    expect(canManageTemplates('estagiario')).toBe(false)
    expect(canManageTemplates('assistente')).toBe(false)
    expect(canManageTemplates(undefined)).toBe(false)
  })
})
