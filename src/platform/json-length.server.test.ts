import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from './app-env.server'
import { sizedJson } from './json-length.server'

const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, nome: `Cliente ${i}` })) }

function app(withSizes: boolean) {
  const hono = new Hono<AppEnv>()
  hono.use(compress())
  if (withSizes) hono.use(sizedJson)
  hono.get('/small', (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('Set-Cookie', 'a=1')
    return c.json({ status: 'ok', nome: 'João' })
  })
  hono.get('/big', (c) => c.json(big))
  hono.post('/created', (c) => c.json({ id: 'x' }, 201))
  hono.get('/status-set', (c) => {
    c.status(202)
    return c.json({ queued: true })
  })
  hono.get('/own-headers', (c) => c.json({ ok: true }, 200, { 'X-Own': 'yes' }))
  hono.get('/init', (c) => c.json({ ok: true }, { status: 203, headers: { 'X-Init': 'yes' } }))
  return hono
}

const gzip = { headers: { 'accept-encoding': 'gzip, deflate, br' } }

describe('sizedJson', () => {
  it('sends a small JSON answer uncompressed, with its length and the headers set before it', async () => {
    const response = await app(true).request('/small', gzip)
    expect(response.headers.get('content-encoding')).toBeNull()
    const body = await response.arrayBuffer()
    expect(response.headers.get('content-length')).toBe(String(body.byteLength))
    expect(JSON.parse(new TextDecoder().decode(body))).toEqual({ status: 'ok', nome: 'João' })
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('set-cookie')).toBe('a=1')
  })

  it('was the case that compress() gzipped every JSON answer, however small', async () => {
    const response = await app(false).request('/small', gzip)
    expect(response.headers.get('content-encoding')).toBe('gzip')
  })

  it('still compresses an answer of 1 KB or more', async () => {
    const response = await app(true).request('/big', gzip)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('content-length')).toBeNull()
    const body = Buffer.from(await response.arrayBuffer())
    expect(JSON.parse(gunzipSync(body).toString())).toEqual(big)
  })

  it('leaves the answer to a request with a body as it was (a refusal may close the connection)', async () => {
    const response = await app(true).request('/created', { method: 'POST', ...gzip })
    expect(response.status).toBe(201)
    expect(response.headers.get('content-length')).toBeNull()
  })

  it('keeps the status given or set, and leaves calls with their own headers or init as they were', async () => {
    const hono = app(true)
    const created = await hono.request('/created', { method: 'POST' })
    expect(created.status).toBe(201)
    expect(await created.json()).toEqual({ id: 'x' })
    const accepted = await hono.request('/status-set')
    expect(accepted.status).toBe(202)
    const own = await hono.request('/own-headers')
    expect(own.headers.get('x-own')).toBe('yes')
    expect(await own.json()).toEqual({ ok: true })
    const init = await hono.request('/init')
    expect(init.status).toBe(203)
    expect(init.headers.get('x-init')).toBe('yes')
  })
})
