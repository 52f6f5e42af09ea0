import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from './http-error.server'
import { validate } from './validate.server'

function appWith(schema: z.ZodType) {
  return new Hono()
    .post('/', validate('json', schema), (c) => c.json({ data: c.req.valid('json') }))
    .patch('/', validate('json', schema), (c) => c.json({ data: c.req.valid('json') }))
    .get('/', validate('query', schema), (c) => c.json({ data: c.req.valid('query') }))
    .onError((error, c) =>
      error instanceof ApiError
        ? c.json({ message: error.message, fields: error.fields }, error.status)
        : c.json({ message: 'erro' }, 500),
    )
}

const post = (app: Hono, body: unknown, method = 'POST') =>
  app.request('/', {
    method,
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

describe('validate: clean text (issue 24)', () => {
  const schema = z.object({
    nome: z.string(),
    obs: z.string().optional(),
    tags: z.array(z.string()).optional(),
  })

  it('answers 400 naming the field for a NUL or another control character, before the schema', async () => {
    const app = appWith(schema)
    for (const [body, field] of [
      [{ nome: 'Ana\u0000' }, 'nome'],
      [{ nome: 'Ana', obs: 'sino\u0007' }, 'obs'],
      [{ nome: 'Ana', tags: ['ok', 'meio \ud800'] }, 'tags.1'],
    ] as const) {
      const response = await post(app, body)
      expect(response.status).toBe(400)
      const error = (await response.json()) as { message: string; fields: Record<string, string> }
      expect(error).toEqual({
        message: `${field}: Contém caracteres inválidos.`,
        fields: { [field]: 'Contém caracteres inválidos.' },
      })
    }
  })

  it('keeps tabs and line breaks in a body, refuses them in a query', async () => {
    const app = appWith(schema)
    expect((await post(app, { nome: 'Ana', obs: 'a\r\nb\tc' })).status).toBe(200)
    expect((await app.request('/?nome=a%0Ab')).status).toBe(400)
    expect((await app.request('/?nome=Ana%20Souza')).status).toBe(200)
  })
})

describe('validate: an empty PATCH (issue 24)', () => {
  const partial = z.object({ nome: z.string(), idade: z.number() }).partial()

  it('answers 400 "Nenhum campo para atualizar." to a PATCH that names no field', async () => {
    const app = appWith(partial)
    for (const body of [{}, { naoExiste: 1 }, { nome: undefined }]) {
      const response = await post(app, body, 'PATCH')
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toBe('Nenhum campo para atualizar.')
    }
    expect((await post(app, { nome: 'Ana' }, 'PATCH')).status).toBe(200)
  })

  it('leaves other methods alone', async () => {
    expect((await post(appWith(partial), {})).status).toBe(200)
  })
})
