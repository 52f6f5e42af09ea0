import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { bodyResolver } from './body-resolver'

// The resolver must put, under each field, the message the route's validate() would send for the same body.
const schema = z.object({
  titulo: z.string().trim().min(1, 'Informe o título.'),
  lembreteMinutos: z.number().int().min(0, 'Lembrete inválido.').nullable(),
  etiquetas: z.array(z.string().max(5, 'Etiqueta longa demais.')).max(2, 'No máximo 2 etiquetas.'),
  valor: z.union([z.literal('gratis'), z.number()], { error: 'Informe um valor válido.' }),
})

type Values = { titulo: string; lembrete: string; etiquetas: string; valor: string }
const toBody = (values: Values) => ({
  titulo: values.titulo,
  lembreteMinutos: values.lembrete === '' ? null : Number(values.lembrete),
  etiquetas: values.etiquetas === '' ? [] : values.etiquetas.split(','),
  valor: values.valor === 'gratis' ? values.valor : values.valor === '' ? null : Number(values.valor),
})
const resolve = (values: Values) =>
  bodyResolver<Values>(schema, toBody, { lembreteMinutos: 'lembrete' })(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  })
const valid: Values = { titulo: 'Audiência', lembrete: '30', etiquetas: 'a,b', valor: '10' }

describe('bodyResolver', () => {
  it('passes a valid body and keeps the values as typed', async () => {
    await expect(resolve(valid)).resolves.toEqual({ values: valid, errors: {} })
  })

  it("puts the schema's message under the field, a renamed body key under its form field", async () => {
    const result = await resolve({ ...valid, titulo: '  ', lembrete: '-5' })
    expect(result.values).toEqual({})
    expect(result.errors).toEqual({
      titulo: { type: 'validation', message: 'Informe o título.' },
      lembrete: { type: 'validation', message: 'Lembrete inválido.' },
    })
  })

  it("reports a list item's issue under the list's field, and a union that no branch takes with its own message", async () => {
    const result = await resolve({ ...valid, etiquetas: 'a,longa-demais', valor: '' })
    expect(result.errors).toEqual({
      etiquetas: { type: 'validation', message: 'Etiqueta longa demais.' },
      valor: { type: 'validation', message: 'Informe um valor válido.' },
    })
  })
})
