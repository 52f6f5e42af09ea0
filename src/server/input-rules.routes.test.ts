import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../features/auth/auth.table.server'
import { userRoles } from '../features/auth/user-roles.table.server'
import { NOTHING_TO_UPDATE } from '../lib/zod-fields'
import { jsonRequest, lawyerSignUp, signUp } from '../test/accounts'
import { createTestApp, type TestApp } from '../test/test-app'
import { createApiRoutes } from './app.server'

// Issue 24, items 13, 14 and 16: the rules every route shares, proven on the routes the review named.
// NUL and other control characters are a pt-BR 400 wherever they come in (body, path, query, better-auth's
// own routes), an impossible date is a 400 and not a crash in a period check, and a PATCH that names no
// field is one 400 on every route.

interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}

let t: TestApp
let cookie: string

beforeAll(async () => {
  t = await createTestApp()
  const account = lawyerSignUp()
  cookie = (await signUp(t, account)).cookie
  // Superadmin too, so the admin PATCH routes answer their own rule (granted before the session is read).
  const [user] = await t.handle.db.select().from(users).where(eq(users.email, account.email))
  await t.handle.db.insert(userRoles).values({ userId: user?.id ?? '', role: 'superadmin' })
  // A superadmin row counts only for a confirmed address (roles.service.server.ts).
  await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, account.email))
})
afterAll(() => t.close())

async function refusal(response: Response): Promise<ApiErrorBody['error']> {
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toContain('application/json')
  return ((await response.json()) as ApiErrorBody).error
}

const get = (path: string) => t.app.request(path, { headers: { cookie } })
const send = (method: string, path: string, body: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie))

describe('control characters (item 13)', () => {
  it('refuses a NUL in a body field with the field named, and writes nothing', async () => {
    const error = await refusal(await send('POST', '/api/clients', { nomeCompleto: 'Ana\u0000Souza' }))
    expect(error).toEqual({
      code: 'validation',
      message: 'nomeCompleto: Contém caracteres inválidos.',
      fields: { nomeCompleto: 'Contém caracteres inválidos.' },
    })
    const list = (await (await get('/api/clients')).json()) as { total: number }
    expect(list.total).toBe(0)
  })

  it('keeps tabs and line breaks in multi-line text, refuses the other controls', async () => {
    const kept = await send('POST', '/api/clients', {
      nomeCompleto: 'Cliente com observações',
      observacoes: 'Linha 1\r\nLinha 2\tcom tab',
    })
    expect(kept.status).toBe(201)
    expect(((await kept.json()) as { observacoes: string }).observacoes).toBe('Linha 1\r\nLinha 2\tcom tab')
    for (const bad of ['sino\u0007', 'escape\u001b[31m', 'meio \ud800 par']) {
      const error = await refusal(
        await send('POST', '/api/clients', { nomeCompleto: 'Cliente', observacoes: bad }),
      )
      expect(error.fields).toEqual({ observacoes: 'Contém caracteres inválidos.' })
    }
  })

  it('refuses a NUL in a path parameter or a query value read by the route itself', async () => {
    for (const path of [
      '/api/entities/%00',
      '/api/network/connections/status/%00',
      `/api/settings/sessions/a%00b`,
      '/api/network/lawyers/x%00/reviews',
    ]) {
      const error = await refusal(await t.app.request(path, { method: 'GET', headers: { cookie } }))
      expect(error.message, path).toBe('O endereço da requisição contém caracteres inválidos.')
    }
    for (const path of ['/api/clients/options?search=%00', '/api/cases/options?search=a%0Ab']) {
      expect(await refusal(await get(path))).toEqual({
        code: 'validation',
        message: 'search: Contém caracteres inválidos.',
        fields: { search: 'Contém caracteres inválidos.' },
      })
    }
  })

  it("refuses a NUL on better-auth's routes: sign-up, reset and revoke tokens, the verification link", async () => {
    const signUpError = await refusal(
      await t.app.request(
        '/api/auth/sign-up',
        jsonRequest('POST', lawyerSignUp({ nomeCompleto: 'Ana\u0000' })),
      ),
    )
    expect(signUpError.fields).toEqual({ nomeCompleto: 'Contém caracteres inválidos.' })
    const reset = await send('POST', '/api/auth/reset-password', {
      token: 'a\u0000b',
      newPassword: 'senha-nova-123',
    })
    expect((await refusal(reset)).fields).toEqual({ token: 'Contém caracteres inválidos.' })
    const revoke = await send('POST', '/api/auth/revoke-session', { token: '\u0000' })
    expect((await refusal(revoke)).message).toBe('token: Contém caracteres inválidos.')
    const form = await t.app.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: 'token=%00&newPassword=senha-nova-123',
    })
    expect((await refusal(form)).fields).toEqual({ token: 'Contém caracteres inválidos.' })
    expect((await refusal(await get('/api/auth/verify-email?token=%00'))).message).toBe(
      'token: Contém caracteres inválidos.',
    )
    expect((await refusal(await get('/api/auth/reset-password/%00'))).code).toBe('validation')
  })

  it('refuses a verification link whose return address is not an address (better-auth threw on it)', async () => {
    const error = await refusal(await get('/api/auth/verify-email?token=invalido&callbackURL=-1'))
    expect(error.message).toBe('Link inválido: endereço de retorno desconhecido.')
    const relative = await get('/api/auth/verify-email?token=invalido&callbackURL=%2Fentrar')
    expect(relative.status).toBe(302)
    expect(relative.headers.get('location')).toBe('/entrar?error=INVALID_TOKEN')
  })
})

describe('impossible dates (item 14)', () => {
  it('answers 400 to an audit period with a date that does not exist, on the list and the CSV', async () => {
    for (const route of ['/api/audit', '/api/audit/export.csv']) {
      for (const [query, field] of [
        ['from=2024-02-30&to=2024-03-01', 'from'],
        ['from=2024-02-01&to=2023-02-29', 'to'],
        ['from=-1&to=2024-03-01', 'from'],
        ['from=0000-01-01&to=2024-03-01', 'from'],
      ] as const) {
        const error = await refusal(await get(`${route}?${query}`))
        expect(error.code).toBe('validation')
        expect(Object.keys(error.fields ?? {}), `${route}?${query}`).toEqual([field])
      }
    }
    expect((await get('/api/audit?from=2024-02-29&to=2024-03-01')).status).toBe(200)
  })

  it('refuses a year the database cannot store (year zero) and an instant that is not one', async () => {
    const member = await send('POST', '/api/team', {
      nomeCompleto: 'Membro',
      nivelAcesso: 'associado',
      convidar: false,
    })
    const { id } = (await member.json()) as { id: string }
    const error = await refusal(
      await send('PUT', `/api/team/${id}`, {
        nomeCompleto: 'Membro',
        nivelAcesso: 'associado',
        dataAdmissao: '0000-01-01',
      }),
    )
    expect(error.fields).toEqual({ dataAdmissao: 'Data de admissão inválida' })
    const events = await refusal(await get('/api/agenda/events?from=2024-02-01T00:00:00Z&to=0000-00-00'))
    expect(Object.keys(events.fields ?? {})).toEqual(['to'])
  })
})

describe('an empty PATCH (item 16)', () => {
  const patchRoutes = [
    ...new Set(
      createApiRoutes()
        .routes.filter((route) => route.method === 'PATCH')
        .map((route) => route.path),
    ),
  ]
  const fill = (path: string) =>
    `/api${path}`
      .replace(':collection', 'languages')
      .replace(':tipo', 'diario')
      .replace(/:[A-Za-z]+/g, () => randomUUID())

  it.each(patchRoutes)('PATCH %s with {} or only unknown keys is a 400', async (path) => {
    for (const body of [{}, { naoExiste: 'x' }]) {
      const error = await refusal(await send('PATCH', fill(path), body))
      expect(error.code).toBe('validation')
      // A body with a required field names it; an all-optional one gets the one shared message.
      if (!error.fields || Object.keys(error.fields).length === 0)
        expect(error.message).toBe(NOTHING_TO_UPDATE)
    }
  })

  it('gives the shared message on the routes that answered 200 before (entries, profile, profile items)', async () => {
    const item = await send('POST', '/api/profile/languages', { idioma: 'Inglês', nivel: 'fluente' })
    const { id: itemId } = (await item.json()) as { id: string }
    const entry = await send('POST', '/api/financial/entries', {
      tipo: 'receita',
      categoria: 'honorarios',
      descricao: 'Honorários',
      valor: '100.00',
      dataVencimento: '2030-01-10',
    })
    const entryId = ((await entry.json()) as { items: { id: string }[] }).items[0]?.id
    for (const path of [
      `/api/financial/entries/${entryId}`,
      '/api/profile',
      `/api/profile/languages/${itemId}`,
    ]) {
      expect(await refusal(await send('PATCH', path, {})), path).toEqual({
        code: 'validation',
        message: NOTHING_TO_UPDATE,
      })
    }
  })
})
