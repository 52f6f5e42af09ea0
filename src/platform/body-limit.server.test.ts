import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { bufferedBodyLimit, streamingBodyLimit } from './body-limit.server'
import { onError } from './errors.server'
import { spoolUpload } from './upload-spool.server'
import os from 'node:os'

const MAX = 1024 * 1024

/** A chunked body (no Content-Length) of `chunks` × 64 KB; counts how many chunks were pulled. */
function chunked(chunks: number) {
  const state = { pulled: 0 }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks) return controller.close()
      state.pulled++
      controller.enqueue(new Uint8Array(64 * 1024).fill(120))
    },
  })
  inFlight = state
  return { body, state }
}

/** The chunk count of the body in flight, read by the route when it starts. */
let inFlight = { pulled: 0 }

function app() {
  const hono = new Hono()
  hono.onError(onError)
  hono.use(streamingBodyLimit(MAX, 'Requisição grande demais.'))
  hono.post('/json', async (c) => c.json({ size: JSON.stringify(await c.req.json()).length }))
  hono.post('/spool', async (c) => {
    const pulledAtStart = inFlight.pulled
    const spooled = await spoolUpload(os.tmpdir(), c.req.raw.body!, { maxBytes: 10 * MAX })
    await spooled.cleanup()
    return c.json({ size: spooled.size, pulledAtStart })
  })
  return hono
}

const post = (path: string, init: RequestInit) =>
  app().request(path, { method: 'POST', duplex: 'half', ...init } as RequestInit)

describe('streamingBodyLimit', () => {
  it('refuses a declared Content-Length over the cap before reading anything', async () => {
    const { body, state } = chunked(20)
    const response = await post('/json', { body, headers: { 'content-length': String(MAX + 1) } })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: { code: 'too_large' } })
    expect(state.pulled).toBeLessThanOrEqual(1)
  })

  it('hands a chunked body under the cap to the route as a stream, not read ahead', async () => {
    const { body } = chunked(8)
    const response = await post('/spool', { body })
    expect(response.status).toBe(200)
    const { size, pulledAtStart } = (await response.json()) as { size: number; pulledAtStart: number }
    expect(size).toBe(8 * 64 * 1024)
    // Hono's bodyLimit would have read all 8 chunks into memory before the route ran.
    expect(pulledAtStart).toBeLessThan(8)
  })

  it('stops a chunked body at the cap with 413, without buffering the rest', async () => {
    const { body, state } = chunked(1000)
    const response = await post('/spool', { body })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: { code: 'too_large' } })
    // 1 MB is 16 chunks: reading stopped right after the cap, not at the 62 MB end.
    expect(state.pulled).toBeLessThan(40)
  })
})

describe('bufferedBodyLimit', () => {
  function smallApp() {
    const hono = new Hono()
    hono.onError(onError)
    hono.use(bufferedBodyLimit(MAX, 'Requisição grande demais.'))
    hono.post('/json', async (c) => c.json({ size: JSON.stringify(await c.req.json()).length }))
    return hono
  }
  const postSmall = (init: RequestInit) =>
    smallApp().request('/json', { method: 'POST', duplex: 'half', ...init } as RequestInit)

  it('hands the route a body under the cap, declared or chunked', async () => {
    const json = JSON.stringify({ value: 'a'.repeat(MAX - 100) })
    const declared = await postSmall({ body: json, headers: { 'content-type': 'application/json' } })
    expect(await declared.json()).toEqual({ size: json.length })
    const stream = new Blob([json]).stream()
    const chunkedAnswer = await postSmall({ body: stream, headers: { 'content-type': 'application/json' } })
    expect(await chunkedAnswer.json()).toEqual({ size: json.length })
  })

  it('refuses a declared length over the cap before reading, and a chunked body at the cap', async () => {
    const declared = chunked(20)
    const refused = await postSmall({ body: declared.body, headers: { 'content-length': String(MAX + 1) } })
    expect(refused.status).toBe(413)
    expect(declared.state.pulled).toBeLessThanOrEqual(1)
    const stream = chunked(1000)
    const cut = await postSmall({ body: stream.body })
    expect(cut.status).toBe(413)
    expect(await cut.json()).toMatchObject({
      error: { code: 'too_large', message: 'Requisição grande demais.' },
    })
    expect(stream.state.pulled).toBeLessThan(40)
  })
})
