import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { Case, CaseOption } from './cases.schema'

// GET /api/cases/options: the case picker of documents (and later agenda, financial).
let t: TestApp
let cookie: string
let other: string
const created: Record<string, Case> = {}

const options = async (query: string, who = cookie) => {
  const response = await t.app.request(`/api/cases/options${query}`, { headers: { cookie: who } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { items: CaseOption[] }).items
}

beforeAll(async () => {
  t = await createTestApp()
  cookie = (await signUp(t, lawyerSignUp())).cookie
  other = (await signUp(t, lawyerSignUp())).cookie
  for (const [titulo, extra] of [
    ['Ação de Cobrança', { numeroProcesso: '0001234-71.2024.8.26.0100' }],
    ['Reclamação Trabalhista', { status: 'andamento' }],
    ['Inventário concluído', { status: 'concluido' }],
    ['Ação arquivada', { status: 'arquivado' }],
    ['Ação excluída', {}],
  ] as const) {
    const response = await t.app.request(
      '/api/cases',
      jsonRequest('POST', { titulo, areaJuridica: 'Civil', ...extra }, cookie),
    )
    created[titulo] = (await response.json()) as Case
  }
  await t.app.request(`/api/cases/${created['Ação excluída']!.id}`, jsonRequest('DELETE', undefined, cookie))
})
afterAll(() => t.close())

describe('GET /api/cases/options', () => {
  it('lists the active (aberto, andamento) cases of the office by title, with the formatted number', async () => {
    expect(await options('')).toEqual([
      {
        id: created['Ação de Cobrança']!.id,
        titulo: 'Ação de Cobrança',
        numeroProcesso: '0001234-71.2024.8.26.0100',
      },
      { id: created['Reclamação Trabalhista']!.id, titulo: 'Reclamação Trabalhista', numeroProcesso: null },
    ])
  })

  it('searches the title accent/case-insensitively and the process number by digits', async () => {
    expect((await options('?search=COBRANCA')).map((o) => o.titulo)).toEqual(['Ação de Cobrança'])
    expect((await options('?search=reclamacao trab')).map((o) => o.titulo)).toEqual([
      'Reclamação Trabalhista',
    ])
    expect((await options('?search=1234-71')).map((o) => o.titulo)).toEqual(['Ação de Cobrança'])
    expect(await options('?search=inexistente')).toEqual([])
  })

  it("narrows to one client's cases with ?clientId= (issue 25's 'Gerar documento')", async () => {
    const client = await t.app.request(
      '/api/clients',
      jsonRequest('POST', { nomeCompleto: 'Maria Cliente', tipoPessoa: 'fisica' }, cookie),
    )
    const clientId = ((await client.json()) as { id: string }).id
    const response = await t.app.request(
      '/api/cases',
      jsonRequest('POST', { titulo: 'Ação da Maria', areaJuridica: 'Civil', clientId }, cookie),
    )
    const maria = (await response.json()) as Case
    expect(await options(`?clientId=${clientId}`)).toEqual([
      { id: maria.id, titulo: 'Ação da Maria', numeroProcesso: null },
    ])
    expect((await options('')).map((o) => o.titulo)).toContain('Ação da Maria')
    const bad = await t.app.request('/api/cases/options?clientId=x', { headers: { cookie } })
    expect(bad.status).toBe(400)
  })

  it("never shows another office's cases", async () => {
    expect(await options('', other)).toEqual([])
  })

  it('needs a session', async () => {
    expect((await t.app.request('/api/cases/options')).status).toBe(401)
  })
})
