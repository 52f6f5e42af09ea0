import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { noStore } from './no-store.server'

const app = new Hono()
  .use(noStore())
  .get('/json', (c) => c.json({ ok: true }))
  .get('/own', (c) => {
    c.header('Cache-Control', 'public, max-age=60')
    return c.json({ ok: true })
  })
  .get('/raw', () => new Response('x'))
  .get('/raw-own', () => new Response('x', { headers: { 'Cache-Control': 'private, max-age=5' } }))

const cacheControl = async (path: string) => (await app.request(path)).headers.get('Cache-Control')

describe('noStore()', () => {
  it('marks a JSON answer no-store', async () => {
    expect(await cacheControl('/json')).toBe('no-store')
  })
  it("keeps the handler's own choice", async () => {
    expect(await cacheControl('/own')).toBe('public, max-age=60')
    expect(await cacheControl('/raw-own')).toBe('private, max-age=5')
  })
  it('marks a Response the handler built itself', async () => {
    expect(await cacheControl('/raw')).toBe('no-store')
  })
  it("says 'private, no-store' when asked", async () => {
    const privateApp = new Hono().use(noStore('private, no-store')).get('/', (c) => c.text('x'))
    expect((await privateApp.request('/')).headers.get('Cache-Control')).toBe('private, no-store')
  })
})
