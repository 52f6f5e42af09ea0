import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import {
  CLIENT_IDENTIFIER_MESSAGE,
  COLLECTION_LIMIT,
  EDUCATION_YEARS_MESSAGE,
  LAWYER_COLLECTIONS,
  type LawyerCollection,
} from './profiles.schema'
import { studentSignUp } from './profiles.fixtures'

let t: TestApp
let ana: string
let bruno: string

beforeAll(async () => {
  t = await createTestApp()
  ana = (await signUp(t)).cookie
  bruno = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Bruno Advogado' }))).cookie
})
afterAll(() => t.close())

const call = (cookie: string, method: string, path: string, body?: unknown) =>
  t.app.request(`/api/profile/${path}`, jsonRequest(method, body, cookie))

/** A valid item of each collection, and a valid change to it. */
const SAMPLES: Record<
  LawyerCollection,
  { create: Record<string, unknown>; update: Record<string, unknown> }
> = {
  'practice-areas': { create: { area: 'civil', principal: true }, update: { area: 'familia' } },
  languages: { create: { idioma: 'Inglês', nivel: 'avancado' }, update: { nivel: 'fluente' } },
  services: {
    create: { titulo: 'Consulta', descricao: 'Uma hora', valorMin: 300, valorMax: 500, modalidade: 'online' },
    update: { valorMax: 600.5 },
  },
  education: {
    create: { instituicao: 'USP', curso: 'Direito', grau: 'graduacao', anoInicio: 2010, anoConclusao: 2014 },
    update: { grau: 'mestrado' },
  },
  certifications: {
    create: { nome: 'LGPD', emissor: 'ESA OAB', ano: 2021, url: 'https://esa.oab.org.br/c/1' },
    update: { url: '' },
  },
  publications: {
    create: { titulo: 'Contratos digitais', veiculo: 'Revista X', ano: 2022, url: null },
    update: { veiculo: 'Revista Y' },
  },
  'success-cases': {
    create: {
      titulo: 'Revisão contratual',
      area: 'consumidor',
      descricao: 'Cliente pessoa física.',
      ano: 2023,
    },
    update: { resultado: 'Redução de 40% da dívida' },
  },
  events: {
    create: {
      nome: 'Congresso de Direito Digital',
      tipo: 'congresso',
      data: '2025-03-10',
      local: 'São Paulo',
    },
    update: { tipo: 'palestra' },
  },
}

describe.each(LAWYER_COLLECTIONS)('/api/profile/%s', (collection) => {
  const sample = SAMPLES[collection]

  it('lets the lawyer add, list, edit and remove an item', async () => {
    const created = await call(ana, 'POST', collection, sample.create)
    expect(created.status).toBe(201)
    const item = await created.json()
    expect(item).toMatchObject({ id: expect.any(String), createdAt: expect.any(String) })
    expect(item).not.toHaveProperty('userId')

    const list = await (await call(ana, 'GET', collection)).json()
    expect(list.items.map((i: { id: string }) => i.id)).toContain(item.id)

    const updated = await call(ana, 'PATCH', `${collection}/${item.id}`, sample.update)
    expect(updated.status).toBe(200)
    const changed = await updated.json()
    for (const [key, value] of Object.entries(sample.update))
      expect(changed[key]).toEqual(value === '' ? null : value)

    expect((await call(ana, 'DELETE', `${collection}/${item.id}`)).status).toBe(204)
    const after = await (await call(ana, 'GET', collection)).json()
    expect(after.items.map((i: { id: string }) => i.id)).not.toContain(item.id)
  })

  it('never shows, changes or deletes another lawyer’s item (404)', async () => {
    const item = await (await call(ana, 'POST', collection, sample.create)).json()
    const brunoList = await (await call(bruno, 'GET', collection)).json()
    expect(brunoList.items).toEqual([])
    expect((await call(bruno, 'PATCH', `${collection}/${item.id}`, sample.update)).status).toBe(404)
    expect((await call(bruno, 'DELETE', `${collection}/${item.id}`)).status).toBe(404)
    const still = await (await call(ana, 'GET', collection)).json()
    expect(still.items.find((i: { id: string }) => i.id === item.id)).toMatchObject(
      Object.fromEntries(Object.entries(sample.create).filter(([, v]) => v !== null)),
    )
    await call(ana, 'DELETE', `${collection}/${item.id}`)
  })

  it('answers 404 for an id that is not a uuid', async () => {
    expect((await call(ana, 'PATCH', `${collection}/1%20or%201=1`, sample.update)).status).toBe(404)
    expect((await call(ana, 'DELETE', `${collection}/../languages`)).status).toBe(404)
  })

  it('refuses unknown fields and writes nothing', async () => {
    const response = await call(ana, 'POST', collection, { ...sample.create, userId: 'someone-else' })
    expect(response.status).toBe(400)
    expect((await (await call(ana, 'GET', collection)).json()).items).toEqual([])
  })
})

describe('who may write', () => {
  it('forbids a student from writing (403) but lets them read an empty list', async () => {
    const { cookie } = await signUp(t, studentSignUp())
    expect((await call(cookie, 'GET', 'languages')).status).toBe(200)
    const response = await call(cookie, 'POST', 'languages', SAMPLES.languages.create)
    expect(response.status).toBe(403)
    expect((await response.json()).error.message).toMatch(/advogados/)
    const item = await (await call(ana, 'POST', 'languages', { idioma: 'Alemão', nivel: 'basico' })).json()
    expect((await call(cookie, 'PATCH', `languages/${item.id}`, { nivel: 'nativo' })).status).toBe(403)
    expect((await call(cookie, 'DELETE', `languages/${item.id}`)).status).toBe(403)
    await call(ana, 'DELETE', `languages/${item.id}`)
  })

  it('answers 404 for an unknown collection', async () => {
    expect((await call(ana, 'GET', 'hobbies')).status).toBe(404)
    expect((await call(ana, 'POST', 'hobbies', {})).status).toBe(404)
  })
})

describe('collection rules', () => {
  it('keeps one entry per practice area and a single principal one', async () => {
    const { cookie } = await signUp(t)
    const civil = await (
      await call(cookie, 'POST', 'practice-areas', { area: 'civil', principal: true })
    ).json()
    const duplicate = await call(cookie, 'POST', 'practice-areas', { area: 'civil' })
    expect(duplicate.status).toBe(409)
    expect((await duplicate.json()).error.message).toBe('Esta área de atuação já foi adicionada.')
    const penal = await (
      await call(cookie, 'POST', 'practice-areas', { area: 'penal', principal: true })
    ).json()
    const list = (await (await call(cookie, 'GET', 'practice-areas')).json()).items
    expect(list).toMatchObject([
      { id: penal.id, principal: true },
      { id: civil.id, principal: false },
    ])
    expect((await call(cookie, 'PATCH', `practice-areas/${penal.id}`, { area: 'civil' })).status).toBe(409)
    expect((await call(cookie, 'POST', 'practice-areas', { area: 'astrologia' })).status).toBe(400)
  })

  it('refuses a language twice, whatever the case', async () => {
    const { cookie } = await signUp(t)
    expect((await call(cookie, 'POST', 'languages', { idioma: 'Espanhol', nivel: 'basico' })).status).toBe(
      201,
    )
    expect((await call(cookie, 'POST', 'languages', { idioma: 'espanhol', nivel: 'fluente' })).status).toBe(
      409,
    )
    expect((await call(cookie, 'POST', 'languages', { idioma: 'Francês', nivel: 'expert' })).status).toBe(400)
  })

  it('checks the education years, also when only one of them changes', async () => {
    const { cookie } = await signUp(t)
    const bad = await call(cookie, 'POST', 'education', { ...SAMPLES.education.create, anoConclusao: 2005 })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.fields.anoConclusao).toBe(EDUCATION_YEARS_MESSAGE)
    const item = await (await call(cookie, 'POST', 'education', SAMPLES.education.create)).json()
    const patched = await call(cookie, 'PATCH', `education/${item.id}`, { anoInicio: 2020 })
    expect(patched.status).toBe(400)
    expect((await patched.json()).error.fields.anoConclusao).toBe(EDUCATION_YEARS_MESSAGE)
    const list = (await (await call(cookie, 'GET', 'education')).json()).items
    expect(list[0]).toMatchObject({ anoInicio: 2010, anoConclusao: 2014 })
  })

  it('checks the service value range and money', async () => {
    const { cookie } = await signUp(t)
    const base = SAMPLES.services.create
    expect((await call(cookie, 'POST', 'services', { ...base, valorMin: 900, valorMax: 100 })).status).toBe(
      400,
    )
    expect((await call(cookie, 'POST', 'services', { ...base, valorMin: -1 })).status).toBe(400)
    expect((await call(cookie, 'POST', 'services', { ...base, modalidade: 'remoto' })).status).toBe(400)
    const item = await (
      await call(cookie, 'POST', 'services', { ...base, valorMin: 99.999, valorMax: null })
    ).json()
    expect(item).toMatchObject({ valorMin: 100, valorMax: null })
  })

  it('accepts only http(s) links and real dates', async () => {
    const { cookie } = await signUp(t)
    const cert = SAMPLES.certifications.create
    expect(
      (await call(cookie, 'POST', 'certifications', { ...cert, url: 'javascript:alert(1)' })).status,
    ).toBe(400)
    expect(
      (await call(cookie, 'POST', 'publications', { titulo: 'X', url: 'data:text/html,hi' })).status,
    ).toBe(400)
    const event = SAMPLES.events.create
    expect((await call(cookie, 'POST', 'events', { ...event, data: '2025-02-30' })).status).toBe(400)
    expect((await call(cookie, 'POST', 'events', { ...event, data: '10/03/2025' })).status).toBe(400)
  })

  const identifying: [string, Record<string, string>][] = [
    ['a CPF', { descricao: 'Cliente 529.982.247-25 absolvido' }],
    ['bare CPF digits', { titulo: 'Caso 52998224725' }],
    ['a CNPJ', { resultado: 'Empresa 11.222.333/0001-81 indenizada' }],
    ['an alphanumeric CNPJ', { descricao: 'Contra 12.ABC.345/01DE-35' }],
    ['a CNJ process number', { descricao: 'Processo 0001234-71.2024.8.26.0100' }],
    ['bare CNJ digits', { resultado: 'Autos 00012347120248260100' }],
  ]
  it.each(identifying)('refuses a success case carrying %s', async (_name, fields) => {
    const { cookie } = await signUp(t)
    const response = await call(cookie, 'POST', 'success-cases', {
      ...SAMPLES['success-cases'].create,
      ...fields,
    })
    expect(response.status).toBe(400)
    const error = (await response.json()).error
    expect(Object.values(error.fields)).toContain(CLIENT_IDENTIFIER_MESSAGE)
    expect((await (await call(cookie, 'GET', 'success-cases')).json()).items).toEqual([])
  })

  it('refuses an identifying edit of a success case', async () => {
    const { cookie } = await signUp(t)
    const item = await (await call(cookie, 'POST', 'success-cases', SAMPLES['success-cases'].create)).json()
    const response = await call(cookie, 'PATCH', `success-cases/${item.id}`, {
      resultado: 'CPF 529.982.247-25',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error.fields.resultado).toBe(CLIENT_IDENTIFIER_MESSAGE)
  })

  it(`stops at ${COLLECTION_LIMIT} items per list`, async () => {
    const { cookie } = await signUp(t)
    for (let i = 0; i < COLLECTION_LIMIT; i++) {
      const response = await call(cookie, 'POST', 'publications', { titulo: `Artigo ${i}` })
      expect(response.status).toBe(201)
    }
    const over = await call(cookie, 'POST', 'publications', { titulo: 'Mais um' })
    expect(over.status).toBe(400)
    expect((await over.json()).error.message).toBe(`Limite de ${COLLECTION_LIMIT} itens atingido.`)
  })
})
