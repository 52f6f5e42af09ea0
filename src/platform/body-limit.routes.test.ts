import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app'

// Issue 24, item 15: a refusal answered before the body was read (401, 403, 413) said keep-alive and then
// the socket was cut under the client's next request. Over a real socket, with a keep-alive agent of one
// socket, the next request must succeed — on the same socket when the body was small enough to read away.

const PUBLIC_URL = 'http://localhost:3000'

let t: TestApp
let server: ServerType
let port: number
let agent: http.Agent

interface Answer {
  status: number
  connection: string | undefined
  body: string
  reusedSocket: boolean
}

function send(
  method: string,
  path: string,
  body?: Buffer,
  { chunked = false, origin = PUBLIC_URL }: { chunked?: boolean; origin?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', origin }
    if (body && !chunked) headers['content-length'] = body.length
    const request = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body: text,
          reusedSocket: request.reusedSocket,
        }),
      )
    })
    request.on('error', reject)
    if (!body) return request.end()
    if (!chunked) return request.end(body)
    // Several writes without a length: Transfer-Encoding: chunked.
    for (let offset = 0; offset < body.length; offset += 64 * 1024) {
      request.write(body.subarray(offset, offset + 64 * 1024))
    }
    request.end()
  })
}

const jsonOf = (size: number) => Buffer.from(JSON.stringify({ nomeCompleto: 'x'.repeat(size) }))

/** The refusal, then a second request on the agent's only socket pool. */
async function refusalThenNext(first: () => Promise<Answer>) {
  const refusal = await first()
  const next = await send('GET', '/api/health')
  expect(next.status).toBe(200)
  return { refusal, next }
}

beforeAll(async () => {
  t = await createTestApp()
  server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started),
    )
  })
  port = (server.address() as AddressInfo).port
})

afterEach(() => {
  agent.destroy()
})

afterAll(async () => {
  ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
})

describe('a request refused before its body was read', () => {
  const freshAgent = () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  }

  it('keeps the connection for the next request (401 on an office route, 300 kB body)', async () => {
    freshAgent()
    const { refusal, next } = await refusalThenNext(() => send('POST', '/api/clients', jsonOf(300_000)))
    expect(refusal.status).toBe(401)
    expect(JSON.parse(refusal.body)).toMatchObject({ error: { code: 'unauthorized' } })
    expect(refusal.connection).toBe('keep-alive')
    expect(next.reusedSocket).toBe(true)
  })

  it('keeps it after a 403 (cross-origin) and a 413 (auth body cap)', async () => {
    freshAgent()
    const forbidden = await refusalThenNext(() =>
      send('POST', '/api/clients', jsonOf(300_000), { origin: 'https://evil.example' }),
    )
    expect(forbidden.refusal.status).toBe(403)
    expect(forbidden.next.reusedSocket).toBe(true)
    const tooLarge = await refusalThenNext(() => send('POST', '/api/auth/sign-in/email', jsonOf(300_000)))
    expect(tooLarge.refusal.status).toBe(413)
    expect(tooLarge.next.reusedSocket).toBe(true)
  })

  it('says Connection: close when the body is too big to read away, and the next request still works', async () => {
    freshAgent()
    const { refusal, next } = await refusalThenNext(() => send('POST', '/api/clients', jsonOf(3_000_000)))
    expect(refusal.status).toBe(401)
    expect(refusal.connection).toBe('close')
    expect(next.reusedSocket).toBe(false)
  })

  it('says Connection: close for a chunked body of unknown size', async () => {
    freshAgent()
    const { refusal } = await refusalThenNext(() =>
      send('POST', '/api/clients', jsonOf(300_000), { chunked: true }),
    )
    expect(refusal.status).toBe(401)
    expect(refusal.connection).toBe('close')
  })

  it('leaves a body the route read alone (a normal request keeps the connection)', async () => {
    freshAgent()
    const { refusal, next } = await refusalThenNext(() =>
      send(
        'POST',
        '/api/auth/sign-in/email',
        Buffer.from(JSON.stringify({ email: 'x@example.com', password: 'errada-123' })),
      ),
    )
    expect(refusal.status).toBe(401)
    expect(refusal.connection).toBe('keep-alive')
    expect(next.reusedSocket).toBe(true)
  })
})
