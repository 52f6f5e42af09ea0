import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, SAO_PAULO, signUp } from '../../test/accounts'
import { profiles } from './profiles.table.server'
import { LAWYER_COLLECTIONS } from './profiles.schema'
import { entitySignUp, studentSignUp } from './profiles.fixtures'

let t: TestApp
let lawyer: string

beforeAll(async () => {
  t = await createTestApp()
  lawyer = (await signUp(t)).cookie
})
afterAll(() => t.close())

async function getProfile(cookie: string) {
  const response = await t.app.request('/api/profile', { headers: { cookie } })
  expect(response.status).toBe(200)
  return response.json()
}

const patch = (cookie: string, body: unknown) =>
  t.app.request('/api/profile', jsonRequest('PATCH', body, cookie))

describe('anonymous calls', () => {
  const routes: [string, string][] = [
    ['GET', '/api/profile'],
    ['PATCH', '/api/profile'],
    ['POST', '/api/profile/avatar'],
    ['DELETE', '/api/profile/avatar'],
    ...LAWYER_COLLECTIONS.flatMap((name): [string, string][] => [
      ['GET', `/api/profile/${name}`],
      ['POST', `/api/profile/${name}`],
      ['PATCH', `/api/profile/${name}/00000000-0000-4000-8000-000000000000`],
      ['DELETE', `/api/profile/${name}/00000000-0000-4000-8000-000000000000`],
    ]),
  ]
  it.each(routes)('%s %s answers 401', async (method, path) => {
    const response = await t.app.request(path, jsonRequest(method, method === 'GET' ? undefined : {}))
    expect(response.status).toBe(401)
    expect((await response.json()).error.code).toBe('unauthorized')
  })
})

describe('GET /api/profile', () => {
  it('returns only the caller’s own profile', async () => {
    const profile = await getProfile(lawyer)
    expect(profile).toMatchObject({ userType: 'advogado', nomeCompleto: 'Ana Advogada', oabNumero: '123456' })
    const other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Outra Pessoa' }))
    expect((await getProfile(other.cookie)).nomeCompleto).toBe('Outra Pessoa')
  })

  it('creates the basic profile when none exists', async () => {
    const { cookie } = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sem Perfil' }))
    const { userId } = await getProfile(cookie)
    await t.handle.db.delete(profiles).where(eq(profiles.userId, userId))
    const created = await getProfile(cookie)
    expect(created).toMatchObject({ userType: 'advogado', nomeCompleto: 'Sem Perfil', telefone: '' })
  })
})

describe('PATCH /api/profile', () => {
  it('saves the lawyer’s fields and returns the profile', async () => {
    const response = await patch(lawyer, {
      nomeCompleto: '  Ana Maria Advogada ',
      telefone: '(21) 3456-7890',
      estadoId: 33,
      cidadeId: 3304557,
      bioProfissional: 'Atuo em direito civil.',
      anosExperiencia: 12,
      faixaHonorariosMin: 150.5,
      faixaHonorariosMax: 1200,
      linkedinUrl: 'https://www.linkedin.com/in/ana',
      sitePessoal: '',
      oabNumero: '654321a',
      oabEstado: 'RJ',
    })
    expect(response.status).toBe(200)
    const saved = await getProfile(lawyer)
    expect(saved).toMatchObject({
      nomeCompleto: 'Ana Maria Advogada',
      telefone: '(21) 3456-7890',
      estadoId: 33,
      cidadeId: 3304557,
      anosExperiencia: 12,
      faixaHonorariosMin: 150.5,
      faixaHonorariosMax: 1200,
      linkedinUrl: 'https://www.linkedin.com/in/ana',
      sitePessoal: null,
      oabNumero: '654321A',
      oabEstado: 'RJ',
      userType: 'advogado',
    })
  })

  const invalid: [string, Record<string, unknown>, string][] = [
    ['an empty name', { nomeCompleto: ' ' }, 'nomeCompleto'],
    ['an invalid phone', { telefone: '1234' }, 'telefone'],
    ['a city of another state', { estadoId: 35, cidadeId: 3304557 }, 'cidadeId'],
    ['a city without a state', { estadoId: null, cidadeId: 3550308 }, 'cidadeId'],
    ['an unknown state', { estadoId: 99, cidadeId: null }, 'estadoId'],
    ['a bio over 2000 characters', { bioProfissional: 'a'.repeat(2001) }, 'bioProfissional'],
    ['51 years of experience', { anosExperiencia: 51 }, 'anosExperiencia'],
    ['negative experience', { anosExperiencia: -1 }, 'anosExperiencia'],
    ['fractional experience', { anosExperiencia: 2.5 }, 'anosExperiencia'],
    ['experience as text', { anosExperiencia: 'dez' }, 'anosExperiencia'],
    ['a negative fee', { faixaHonorariosMin: -10 }, 'faixaHonorariosMin'],
    ['min fee above max', { faixaHonorariosMin: 500, faixaHonorariosMax: 100 }, 'faixaHonorariosMax'],
    ['min fee above the stored max', { faixaHonorariosMin: 5000 }, 'faixaHonorariosMax'],
    ['a javascript: LinkedIn', { linkedinUrl: 'javascript:alert(1)' }, 'linkedinUrl'],
    ['an ftp site', { sitePessoal: 'ftp://example.com' }, 'sitePessoal'],
    ['a site without scheme', { sitePessoal: 'example.com' }, 'sitePessoal'],
    ['an invalid OAB number', { oabNumero: '1234567' }, 'oabNumero'],
    ['an invalid OAB state', { oabEstado: 'XX' }, 'oabEstado'],
    ['a change of user type', { userType: 'estudante' }, 'userType'],
    ['a direct avatar URL', { avatarUrl: 'https://evil.example/x.png' }, 'avatarUrl'],
    ['a student field on a lawyer', { universidade: 'USP' }, 'universidade'],
    ['an entity field on a lawyer', { cnpj: '11.222.333/0001-81' }, 'cnpj'],
  ]
  it.each(invalid)('refuses %s with a pt-BR 400 and writes nothing', async (_name, body, field) => {
    const before = await getProfile(lawyer)
    const response = await patch(lawyer, { nomeCompleto: 'Nome Que Não Deve Ficar', ...body })
    expect(response.status).toBe(400)
    const error = (await response.json()).error
    expect(error.code).toBe('validation')
    // Unknown keys are reported on the object ('_'), naming the key in the message.
    expect(JSON.stringify(error)).toContain(field)
    expect(error.message).toMatch(/[a-zà-ú]/i)
    expect(await getProfile(lawyer)).toEqual(before)
  })

  it('tells the exact fee-range message', async () => {
    const response = await patch(lawyer, { faixaHonorariosMin: 10, faixaHonorariosMax: 5 })
    expect((await response.json()).error.fields.faixaHonorariosMax).toBe(
      'O valor mínimo não pode ser maior que o máximo.',
    )
  })

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.request('/api/profile', {
      method: 'PATCH',
      headers: { cookie: lawyer, 'content-type': 'application/json' },
      body: '{nope',
    })
    expect(response.status).toBe(400)
  })

  it('lets a student edit university and period, not lawyer fields', async () => {
    const { cookie } = await signUp(t, studentSignUp())
    expect((await patch(cookie, { universidade: 'UFRJ', periodoCurso: 8 })).status).toBe(200)
    expect(await getProfile(cookie)).toMatchObject({
      universidade: 'UFRJ',
      periodoCurso: 8,
      userType: 'estudante',
    })
    expect((await patch(cookie, { periodoCurso: 11 })).status).toBe(400)
    expect((await patch(cookie, { periodoCurso: 0 })).status).toBe(400)
    expect((await patch(cookie, { oabNumero: '123' })).status).toBe(400)
    expect((await patch(cookie, { anosExperiencia: 3 })).status).toBe(400)
    expect(await getProfile(cookie)).toMatchObject({
      periodoCurso: 8,
      oabNumero: null,
      anosExperiencia: null,
    })
  })

  it('lets an entity edit name, CNPJ (alphanumeric too) and type', async () => {
    const { cookie } = await signUp(t, entitySignUp())
    const ok = await patch(cookie, {
      nomeEntidade: 'ONG Teste',
      cnpj: '12.abc.345/01de-35',
      tipoEntidade: 'ong',
    })
    expect(ok.status).toBe(200)
    expect(await getProfile(cookie)).toMatchObject({
      nomeEntidade: 'ONG Teste',
      cnpj: '12ABC34501DE35',
      tipoEntidade: 'ong',
    })
    const badCnpj = await patch(cookie, { cnpj: '11.222.333/0001-82' })
    expect(badCnpj.status).toBe(400)
    expect((await badCnpj.json()).error.fields.cnpj).toBe('CNPJ inválido')
    expect((await patch(cookie, { tipoEntidade: 'clube' })).status).toBe(400)
    expect((await patch(cookie, { universidade: 'USP' })).status).toBe(400)
    expect((await getProfile(cookie)).cnpj).toBe('12ABC34501DE35')
  })

  it('keeps São Paulo state and city together', async () => {
    const { cookie } = await signUp(t)
    expect((await patch(cookie, { ...SAO_PAULO })).status).toBe(200)
    // Changing only the state leaves a city of the old state: refused.
    expect((await patch(cookie, { estadoId: 33 })).status).toBe(400)
    expect((await patch(cookie, { estadoId: 33, cidadeId: null })).status).toBe(200)
    expect(await getProfile(cookie)).toMatchObject({ estadoId: 33, cidadeId: null })
  })
})
