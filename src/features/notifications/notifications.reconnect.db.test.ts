import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle, ListenHandlers } from '../../db/client.server'
import { loadEnv } from '../../platform/env.server'
import type { AppDeps } from '../../platform/app-env.server'
import { createApp } from '../../server/app.server'
import { buildDeps } from '../../server/build-deps.server'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { createMemoryMailer, createTestDatabase, type TestApp } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import type { NotificationRow } from './notifications.schema'
import { createNotification, NOTIFICATIONS_CHANNEL } from './notifications.service.server'
import { readEvents, type EventReader } from './sse.testing'

// Issue 9: "the stream reconnects after a network drop". The node's LISTEN connection is cut under an open
// stream; the node reconnects by itself, tells the stream to refetch ('resync', with the unread count that
// covers whatever was missed meanwhile), and later notifications reach the same stream again.
// PostgreSQL: the listener's backend is terminated for real (pg_terminate_backend). PGlite runs in this
// process and its `listen` has no connection to cut, so there the drop is the status flap the PostgreSQL
// listener reports (down, then up again) — the hub's half of the same path.

let t: TestApp
let deps: AppDeps
const feeds: ListenHandlers[] = []
const streams: EventReader[] = []

beforeAll(async () => {
  const { handle, drop } = await createTestDatabase()
  // The same handle, noting the notification hub's feed handlers (PGlite's drop calls them).
  const watched: DbHandle = {
    ...handle,
    listen: (channel, handlers) => {
      if (channel === NOTIFICATIONS_CHANNEL) feeds.push(handlers)
      return handle.listen(channel, handlers)
    },
  }
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `jc-reconnect-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
  })
  const mailer = createMemoryMailer()
  deps = buildDeps(env, watched, 'test-secret-test-secret-test-secret-0123', mailer)
  t = { app: createApp(deps), handle: watched, env, mailer, close: drop }
})
afterAll(async () => {
  for (const stream of streams) await stream.close()
  await t.close()
})

async function waitFor(probe: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await probe())) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Cuts the hub's feed; resolves once the node noticed (the hub reports the feed down). */
async function dropFeed(): Promise<void> {
  if (t.handle.kind === 'postgres') {
    // Only this test database's listener of the notification channel (other files run in parallel).
    const result = await t.handle.db.execute<{ pid: number }>(sql`
      select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and query ilike ${`listen "${NOTIFICATIONS_CHANNEL}"%`}`)
    expect(result.rows).toHaveLength(1)
    await t.handle.db.execute(sql`select pg_terminate_backend(${result.rows[0]!.pid})`)
    await waitFor(() => !deps.notifications.isLive)
    return
  }
  for (const feed of feeds) feed.onStatus?.(false)
  expect(deps.notifications.isLive).toBe(false)
  setTimeout(() => {
    for (const feed of feeds) feed.onStatus?.(true)
  }, 250)
}

describe('notification stream after the node loses its LISTEN connection', () => {
  it('reconnects, sends resync with the unread count, and delivers later notifications', async () => {
    const data = lawyerSignUp({ nomeCompleto: 'Rita Reconexão' })
    const { cookie } = await signUp(t, data)
    const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, data.email))
    await waitFor(() => deps.notifications.isLive)

    const response = await t.app.request('/api/notifications/stream', { headers: { cookie } })
    expect(response.status).toBe(200)
    const stream = readEvents(response.body!)
    streams.push(stream)
    expect(JSON.parse((await stream.next((e) => e.event === 'ready')).data)).toEqual({ unread: 1 })

    await dropFeed()
    // Created while the feed is down (or in the instant it returns): no 'created' may ever arrive for it,
    // but the resync that follows the reconnection counts it.
    await createNotification(t.handle.db, {
      userId: user!.id,
      title: 'Durante a queda',
      message: 'Criada com o LISTEN fora do ar.',
      type: 'warning',
    })
    const resync = await stream.next((e) => e.event === 'resync', 10_000)
    expect(JSON.parse(resync.data)).toEqual({ unread: 2 })
    expect(deps.notifications.isLive).toBe(true)

    // The same open stream (no new request) receives what is created after the reconnection.
    const started = performance.now()
    const after = (await createNotification(t.handle.db, {
      userId: user!.id,
      title: 'Depois da volta',
      message: 'Chega pelo LISTEN reconectado.',
      type: 'info',
    }))!
    const created = await stream.next((e) => e.event === 'created' && e.data.includes(after.id), 2_000)
    expect(created.at - started).toBeLessThan(2_000)
    expect(JSON.parse(created.data) as { notification: NotificationRow; unread: number }).toEqual({
      notification: after,
      unread: 3,
    })
    expect(stream.events.map((e) => e.event)).not.toContain('error')
  })
})
