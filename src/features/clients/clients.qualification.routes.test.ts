import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { Client } from './clients.schema'
import { clients } from './clients.table.server'

// Issue 25: the qualification a procuração needs (nacionalidade, estado civil, RG, the representative of
// a company) round-trips through the API and the database, is validated, and belongs to one kind only.

let t: TestApp
let cookie: string

function call(method: string, path: string, body?: unknown) {
  return t.app.request(`/api/clients${path}`, jsonRequest(method, body, cookie))
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

async function stored(id: string) {
  const [row] = await t.handle.db.select().from(clients).where(eq(clients.id, id))
  return row
}

beforeAll(async () => {
  t = await createTestApp()
  cookie = (await signUp(t, lawyerSignUp())).cookie
})
afterAll(() => t.close())

describe('client qualification fields', () => {
  it('stores and returns a pessoa física qualification (trimmed, órgão emissor upper case)', async () => {
    const created = await json<Client>(
      await call('POST', '', {
        nomeCompleto: 'Maria Qualificada',
        tipoPessoa: 'fisica',
        nacionalidade: ' brasileira ',
        estadoCivil: 'uniao_estavel',
        rg: '12.345.678-9',
        rgOrgaoEmissor: 'ssp/sp',
      }),
      201,
    )
    expect(created).toMatchObject({
      nacionalidade: 'brasileira',
      estadoCivil: 'uniao_estavel',
      rg: '12.345.678-9',
      rgOrgaoEmissor: 'SSP/SP',
      representanteNome: null,
      representanteCpf: null,
      representanteCargo: null,
    })
    expect(await stored(created.id)).toMatchObject({ estadoCivil: 'uniao_estavel', rgOrgaoEmissor: 'SSP/SP' })
    const read = await json<Client>(await call('GET', `/${created.id}`))
    expect(read.rg).toBe('12.345.678-9')

    const patched = await json<Client>(await call('PATCH', `/${created.id}`, { estadoCivil: '', rg: null }))
    expect(patched).toMatchObject({ estadoCivil: null, rg: null, nacionalidade: 'brasileira' })
  })

  it('stores a company representative with a validated CPF, returned formatted', async () => {
    const created = await json<Client>(
      await call('POST', '', {
        nomeCompleto: 'Construtora Exemplo Ltda.',
        tipoPessoa: 'juridica',
        documento: '11.222.333/0001-81',
        representanteNome: 'Carlos Diretor',
        representanteCpf: '529.982.247-25',
        representanteCargo: 'sócio-administrador',
      }),
      201,
    )
    expect(created).toMatchObject({
      representanteNome: 'Carlos Diretor',
      representanteCpf: '529.982.247-25',
      representanteCargo: 'sócio-administrador',
    })
    expect((await stored(created.id))?.representanteCpf).toBe('52998224725')
  })

  it('refuses an invalid estado civil, RG, representative CPF or too long nacionalidade with pt-BR messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ estadoCivil: 'enrolado' }, 'estadoCivil', 'Estado civil inválido'],
      [{ rg: '<script>' }, 'rg', 'RG inválido'],
      [{ representanteCpf: '111.111.111-11' }, 'representanteCpf', 'CPF do representante inválido'],
      [{ nacionalidade: 'x'.repeat(61) }, 'nacionalidade', 'Nacionalidade: máximo de 60 caracteres'],
    ]
    for (const [extra, field, message] of cases) {
      const response = await call('POST', '', { nomeCompleto: 'Inválido', tipoPessoa: 'juridica', ...extra })
      const body = await json<{ error: { fields: Record<string, string> } }>(response, 400)
      expect(body.error.fields[field]).toBe(message)
    }
  })

  it('keeps only the fields of the stored kind when the kind changes', async () => {
    const person = await json<Client>(
      await call('POST', '', {
        nomeCompleto: 'Troca Tipo',
        tipoPessoa: 'fisica',
        nacionalidade: 'portuguesa',
        estadoCivil: 'casado',
        rg: 'MG-12.345.678',
        rgOrgaoEmissor: 'SSP/MG',
        // A person has no representative: dropped.
        representanteNome: 'Ninguém',
      }),
      201,
    )
    expect(person.representanteNome).toBeNull()
    const company = await json<Client>(
      await call('PATCH', `/${person.id}`, { tipoPessoa: 'juridica', representanteNome: 'Rita Sócia' }),
    )
    expect(company).toMatchObject({
      tipoPessoa: 'juridica',
      representanteNome: 'Rita Sócia',
      nacionalidade: null,
      estadoCivil: null,
      rg: null,
      rgOrgaoEmissor: null,
    })
    const back = await json<Client>(await call('PATCH', `/${person.id}`, { tipoPessoa: 'fisica' }))
    expect(back.representanteNome).toBeNull()
  })

  it('the database refuses a value the API would never write', async () => {
    const created = await json<Client>(await call('POST', '', { nomeCompleto: 'Direto no Banco' }), 201)
    for (const change of [{ estadoCivil: 'x' }, { representanteCpf: '123' }, { rg: '' }] as const) {
      await expect(
        t.handle.db
          .update(clients)
          .set(change as Partial<typeof clients.$inferInsert>)
          .where(eq(clients.id, created.id)),
      ).rejects.toThrow()
    }
  })
})
