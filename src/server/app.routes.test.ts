import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('server shell', () => {
  it('reports health with the database kind and version', async () => {
    const response = await t.app.request('/api/health')
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ status: 'ok', version: expect.any(String) })
    expect(body.db).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
  })

  it('runs on the Node.js 24 the project carries, and says so in the health check (decision 024)', async () => {
    const body = await (await t.app.request('/api/health')).json()
    expect(body.node).toBe(process.versions.node)
    expect(body.node).toMatch(/^24\./)
  })

  it('answers an unknown API path with 404 JSON, not the SPA', async () => {
    const response = await t.app.request('/api/nao-existe')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Rota não encontrada.' } })
  })

  it('answers a malformed JSON body with 400 JSON in pt-BR and no stack trace', async () => {
    const response = await t.app.request('/api/auth/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.message).toBe('O corpo da requisição não é um JSON válido.')
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|SyntaxError/)
  })

  it('sets the security headers of DESIGN §7', async () => {
    const response = await t.app.request('/api/health')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('refuses a state-changing call from a foreign origin', async () => {
    const response = await t.app.request('/api/auth/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    })
    expect(response.status).toBe(403)
  })

  it('lists the 27 states and the 645 cities of São Paulo', async () => {
    const estados = (await (await t.app.request('/api/estados')).json()).items
    expect(estados).toHaveLength(27)
    expect(estados[0]).toEqual({ id: 12, nome: 'Acre', sigla: 'AC' })
    const cidades = (await (await t.app.request('/api/estados/35/cidades')).json()).items
    expect(cidades).toHaveLength(645)
    expect(cidades.some((c: { nome: string }) => c.nome === 'São Paulo')).toBe(true)
    // Accent-blind order: 'Álvares Florence' comes among the A's, not after 'Zacarias'.
    const names = cidades.map((c: { nome: string }) => c.nome)
    expect(names.indexOf('Álvares Florence')).toBeLessThan(names.indexOf('Americana'))
    expect(names.at(-1)).toBe('Zacarias')
  })
})
