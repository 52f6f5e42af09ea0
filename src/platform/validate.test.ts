import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from './http-error.server'
import { validate } from './validate.server'

function appWith(schema: z.ZodType) {
  return new Hono()
    .post('/', validate('json', schema), (c) => c.json({ data: c.req.valid('json') }))
    .onError((error, c) =>
      error instanceof ApiError
        ? c.json({ message: error.message, fields: error.fields }, error.status)
        : c.json({ message: 'erro' }, 500),
    )
}

const post = (app: Hono, body: unknown) =>
  app.request('/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('validate', () => {
  const schema = z.object({ nome: z.string().min(2, 'Nome muito curto.'), idade: z.coerce.number().int() })

  it('passes the parsed (transformed) value to the route', async () => {
    const response = await post(appWith(schema), { nome: 'Ana', idade: '41' })
    expect(await response.json()).toEqual({ data: { nome: 'Ana', idade: 41 } })
  })

  it('answers 400 with the first message and every field', async () => {
    const response = await post(appWith(schema), { nome: 'A', idade: 'x' })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { message: string; fields: Record<string, string> }
    expect(body.message).toBe('nome: Nome muito curto.')
    expect(Object.keys(body.fields)).toEqual(['nome', 'idade'])
  })

  it('still runs a schema with an async refinement (the sync path cannot)', async () => {
    const taken = z.object({
      email: z.string().refine(async (email) => email !== 'usado@exemplo.com', 'E-mail já cadastrado.'),
    })
    expect(() => taken.safeParse({ email: 'a@b.com' })).toThrow()
    const app = appWith(taken)
    expect((await post(app, { email: 'novo@exemplo.com' })).status).toBe(200)
    const refused = await post(app, { email: 'usado@exemplo.com' })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toBe('email: E-mail já cadastrado.')
  })
})
