import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClientSchema } from '../features/clients/clients.schema'
import { createTestApp, type TestApp } from '../test/test-app'
import { createApiRoutes } from './app.server'
import { AUTH_OPERATION_DOCS } from './openapi-auth.server'

interface Operation {
  summary?: string
  tags?: string[]
  security?: unknown[]
  parameters?: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses?: Record<string, unknown>
}
interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
}
interface Document {
  openapi: string
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, unknown>>
}

let t: TestApp
let doc: Document

/** "GET /api/clients/{id}" for every handler of the API app (its middleware-only 'ALL' entries aside). */
function mountedOperations(routes: { method: string; path: string }[]): string[] {
  const keys = routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} /api${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
  return [...new Set(keys)]
}

/** The mounted operations the document lacks, or lists without a pt-BR summary and a section. */
function undocumented(document: Document, operations: string[]): string[] {
  return operations.filter((key) => {
    const [method = '', path = ''] = key.split(' ')
    const operation = document.paths[path]?.[method.toLowerCase()]
    return !operation?.summary || operation.tags?.length !== 1 || operation.tags[0] === 'Outros'
  })
}

function operation(key: string): Operation {
  const [method = '', path = ''] = key.split(' ')
  const found = doc.paths[path]?.[method.toLowerCase()]
  expect(found, key).toBeDefined()
  return found as Operation
}

beforeAll(async () => {
  t = await createTestApp()
  const response = await t.app.request('/api/openapi.json')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('application/json')
  doc = (await response.json()) as Document
})
afterAll(() => t.close())

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the JusConecta API', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title).toBe('API do JusConecta')
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40)
    for (const path of Object.keys(doc.paths)) expect(path).not.toMatch(/:|\*/) // OpenAPI style only
  })

  it('documents every route the API app mounts, each with a summary and a section', () => {
    const mounted = mountedOperations(createApiRoutes().routes)
    expect(mounted).toContain('POST /api/clients')
    expect(mounted).toContain('GET /api/clients/{id}')
    // A route added without its routeDoc(TAG, 'Resumo') fails here, by name.
    expect(undocumented(doc, mounted)).toEqual([])
  })

  it('would catch a route that is mounted but not documented', () => {
    const routes = [...createApiRoutes().routes, { method: 'GET', path: '/nova/:id' }]
    expect(undocumented(doc, mountedOperations(routes))).toEqual(['GET /api/nova/{id}'])
  })

  it('lists every section an operation uses, each once and with a description, and no empty one', () => {
    const declared = (doc as unknown as { tags: { name: string; description?: string }[] }).tags
    const names = declared.map((tag) => tag.name)
    expect(new Set(names).size).toBe(names.length)
    for (const tag of declared) expect(tag.description, tag.name).toBeTruthy()
    const used = new Set(
      Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((found) => found.tags ?? [])),
    )
    expect([...used].sort()).toEqual([...names].sort())
    for (const key of ['GET /api/openapi.json', 'GET /api/docs']) expect(operation(key).summary).toBeTruthy()
  })

  it("documents better-auth's endpoints that the product uses, under /api/auth", () => {
    for (const key of Object.keys(AUTH_OPERATION_DOCS)) {
      const [method, path] = key.split(' ')
      const found = operation(`${method} /api/auth${path}`)
      expect(found.summary, key).toBe(AUTH_OPERATION_DOCS[key]?.summary)
    }
    const signIn = operation('POST /api/auth/sign-in/email')
    expect(signIn.security).toEqual([])
    expect(signIn.requestBody?.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    )
    expect(operation('POST /api/auth/two-factor/enable').security).toEqual([{ sessao: [] }])
    // Errors are ours (auth-errors.server.ts rewrites better-auth's): never its `{ message }` shape.
    expect(signIn.responses?.['401']).toBeUndefined()
    expect(signIn.responses?.default).toEqual({ $ref: '#/components/responses/Erro' })
  })

  it('describes request bodies from the schemas the routes validate with', () => {
    const body = operation('POST /api/clients').requestBody?.content['application/json']?.schema
    const fields = Object.keys(createClientSchema.in.shape)
    expect(fields).toContain('nomeCompleto')
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual([...fields].sort())
    expect(body?.required).toEqual(['nomeCompleto'])
    expect(body?.properties?.tipoPessoa?.enum).toEqual(['fisica', 'juridica'])
    expect(operation('POST /api/auth/sign-up').requestBody?.content['application/json']).toBeDefined()
    // Validated routes document validate()'s 400 in our error shape.
    expect(operation('POST /api/clients').responses?.['400']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Erro' } } },
    })
  })

  it('describes query and path parameters from the same schemas', () => {
    const query = operation('GET /api/clients').parameters ?? []
    expect(query.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'status', 'limit', 'offset']),
    )
    const id = operation('GET /api/estados/{id}/cidades').parameters?.find((p) => p.name === 'id')
    expect(id).toMatchObject({ in: 'path', required: true, schema: { type: 'integer' } })
    // A path parameter checked in the handler is still listed.
    expect(operation('GET /api/clients/{id}').parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    )
  })

  it('gives success media types and statuses that match the routes', () => {
    expect(operation('POST /api/clients').responses?.['201']).toBeDefined()
    expect(operation('GET /api/clients/export.csv').responses?.['200']).toMatchObject({
      content: { 'text/csv': {} },
    })
    expect(operation('DELETE /api/profile/{collection}/{id}').responses?.['204']).toBeDefined()
    expect(operation('GET /api/health').security).toEqual([])
    expect(operation('GET /api/clients').security).toEqual([{ sessao: [] }])
  })

  it('only refers to components it defines', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? []
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of new Set(refs)) {
      const [, kind = '', name = ''] = /#\/components\/([^/]+)\/([^"]+)/.exec(ref) ?? []
      expect(doc.components[kind]?.[name], ref).toBeDefined()
    }
  })
})

describe('GET /api/docs', () => {
  it('answers an HTML reference page in pt-BR whose scripts and styles are our own files', async () => {
    const response = await t.app.request('/api/docs')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    const html = await response.text()
    expect(html).toContain('<html lang="pt-BR">')
    expect(html).toContain('Referência da API do JusConecta')
    expect(html).toContain('data-url="/api/openapi.json"')

    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '')
    expect(scripts.length).toBeGreaterThanOrEqual(2)
    // No inline script: every <script> has a same-origin src (the CSP would block anything else).
    const sources = scripts.map((attributes) => /\bsrc="([^"]+)"/.exec(attributes)?.[1])
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])
    expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/)
    expect(styles.length).toBeGreaterThanOrEqual(1)
    for (const url of [...sources, ...styles]) {
      expect(url, 'same-origin asset').toMatch(/^\/api\/docs\/assets\//)
      const asset = await t.app.request(url as string)
      expect(asset.status, url).toBe(200)
      expect(asset.headers.get('content-type'), url).toMatch(/^text\/(javascript|css)/)
      expect((await asset.text()).length, url).toBeGreaterThan(100)
    }
    const bundle = sources.find((url) => url?.endsWith('swagger-ui-bundle.js')) as string
    const cached = await t.app.request(bundle)
    expect(cached.headers.get('cache-control')).toContain('immutable')
  })

  it('serves only the Swagger UI files it lists', async () => {
    const response = await t.app.request('/api/docs')
    const bundle = /src="([^"]+)swagger-ui-bundle\.js"/.exec(await response.text())?.[1]
    expect(bundle).toBeTruthy()
    expect((await t.app.request(`${bundle}package.json`)).status).toBe(404)
    expect((await t.app.request(`${bundle}..%2Fpackage.json`)).status).toBe(404)
  })
})
