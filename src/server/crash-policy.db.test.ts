import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readEvents } from '../features/notifications/sse.testing'
import type { AppDeps } from '../platform/app-env.server'
import type { JobDefinition } from '../platform/jobs.server'
import { log } from '../platform/log.server'
import { REQUEST_ID_HEADER } from '../platform/request-id.server'
import { signUp } from '../test/accounts'
import { createTestApp, type TestApp } from '../test/test-app'

// Issue 24's crash policy: an unexpected error in a background job or in an event stream is logged with the
// job's or the request's id (class and code, never the message) and the process goes on serving.

const ran: string[] = []
const definitions: JobDefinition[] = [
  {
    name: 'test.explodes',
    retryLimit: 0,
    async handler() {
      throw new TypeError('falhou para maria@example.com, CPF 123.456.789-09')
    },
  },
  {
    name: 'test.fine',
    async handler({ data }) {
      ran.push((data as { key: string }).key)
    },
  },
]

let t: TestApp & { deps: AppDeps }
beforeAll(async () => {
  t = await createTestApp({}, { jobs: definitions })
})
afterAll(async () => {
  await t.close()
})

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('crash policy', () => {
  it('logs a failing job with its name and id, not its message, and runs the next job', async () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => {})
    try {
      const id = await t.deps.jobs.send('test.explodes', { key: 'x' })
      await waitFor(() => errors.mock.calls.some(([, data]) => data?.jobId === id))
      const [message, data] = errors.mock.calls.find(([, entry]) => entry?.jobId === id)!
      expect(message).toBe('jobs: tarefa falhou')
      expect(data).toMatchObject({ job: 'test.explodes', jobId: id, attempt: 0 })
      expect(JSON.stringify(data)).not.toMatch(/maria|123\.456/)
    } finally {
      errors.mockRestore()
    }
    await t.deps.jobs.send('test.fine', { key: 'after' })
    await waitFor(() => ran.includes('after'))
  })

  it('ends an event stream that fails with one log line carrying its request id', async () => {
    const { cookie } = await signUp(t)
    const errors = vi.spyOn(log, 'error').mockImplementation(() => {})
    const raw = vi.spyOn(console, 'error').mockImplementation(() => {})
    // The stream's first read (the unread count) fails: its table is gone for a moment.
    await t.handle.db.execute(sql`alter table notifications rename to notifications_away`)
    try {
      const response = await t.app.request('/api/notifications/stream', { headers: { cookie } })
      expect(response.status).toBe(200)
      const events = readEvents(response.body!)
      // The stream closes instead of hanging; nothing was sent but the retry hint.
      await expect(events.next(() => true, 5_000)).rejects.toThrow('the stream ended')
      const requestId = response.headers.get(REQUEST_ID_HEADER)
      expect(requestId).toEqual(expect.any(String))
      const calls = errors.mock.calls.filter(
        ([message]) => message === 'notificações: fluxo encerrado por erro',
      )
      expect(calls).toHaveLength(1)
      expect(calls[0]![1]).toMatchObject({ requestId, error: expect.any(Error) })
      expect(raw).not.toHaveBeenCalled()
    } finally {
      await t.handle.db.execute(sql`alter table notifications_away rename to notifications`)
      errors.mockRestore()
      raw.mockRestore()
    }
    // The same app keeps serving streams.
    const again = await t.app.request('/api/notifications/stream', { headers: { cookie } })
    const events = readEvents(again.body!)
    const ready = await events.next((event) => event.event === 'ready')
    expect(JSON.parse(ready.data)).toEqual({ unread: expect.any(Number) })
    await events.close()
  })
})
