import { Hono } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import type { AppEnv } from '../../platform/app-env.server'
import { unauthorized } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { requireUser } from '../auth/auth.public.server'
import type { NotificationStreamEvent } from './notifications.schema'
import { streamRevocation } from './notifications.revocation.server'
import { countUnread } from './notifications.service.server'

/** /api/notifications/*. Declared here, not in notifications.routes.server.ts, because that file imports this one. */
export const NOTIFICATIONS_TAG = apiTag(
  'Notificações',
  'Notificações do usuário da sessão, com um fluxo em tempo real (Server-Sent Events).',
)

/** A comment line every 25 s keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000
/** How long the browser waits before reconnecting after the stream ends or drops. */
export const RETRY_MS = 3_000
/**
 * A stream ends after this long and the browser reconnects: the reconnection runs the session check again.
 * A signed-out, revoked or blocked session's stream ends at once (notifications.revocation.server.ts).
 */
export const MAX_STREAM_MS = 10 * 60_000
/** Events waiting for a client that does not read: past this the stream is dropped (it reconnects). */
const MAX_PENDING = 200

export interface StreamTimings {
  heartbeatMs: number
  maxStreamMs: number
}

/**
 * GET /api/notifications/stream: Server-Sent Events of the signed-in user's notification changes (see
 * NotificationStreamEvent). The first event, 'ready', carries the unread count; after a reconnection the
 * browser refetches its list (no Last-Event-ID replay: the list is the truth).
 */
export function notificationStreamRoutes(
  timings: StreamTimings = { heartbeatMs: HEARTBEAT_MS, maxStreamMs: MAX_STREAM_MS },
) {
  const doc = routeDoc(
    NOTIFICATIONS_TAG,
    'Fluxo de eventos das notificações (created, read, read-all, removed) em Server-Sent Events',
    { media: 'text/event-stream' },
  )
  return new Hono<AppEnv>().use(requireUser).get('/', doc, (c) => {
    const user = c.get('user')
    const session = c.get('session')
    if (!user || !session) throw unauthorized()
    const { db, deps } = c.var
    const requestId = c.get('requestId')
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const writer = queuedWriter(stream)
      // Issue 24: ends the stream (a normal end of the body) as soon as its session is gone, on any node.
      const revoked = new AbortController()
      const unwatch = streamRevocation(deps.sessionCache.changes, db).watch(user.id, session.id, () =>
        revoked.abort(),
      )
      // Subscribe before counting: a change that commits in between arrives as an event, never lost.
      const unsubscribe = deps.notifications.subscribe(user.id, (event) => {
        if (!revoked.signal.aborted) writer.send(event)
      })
      try {
        await stream.write(`retry: ${RETRY_MS}\n\n`)
        writer.send({ event: 'ready', data: { unread: await countUnread(db, user.id) } })
        const endAt = Date.now() + timings.maxStreamMs
        while (!stream.aborted && !stream.closed && !writer.failed && !revoked.signal.aborted) {
          const left = endAt - Date.now()
          if (left <= 0) break
          await abortableSleep(stream, Math.min(timings.heartbeatMs, left), revoked.signal)
          if (!stream.aborted && !revoked.signal.aborted && Date.now() < endAt) writer.comment('ping')
        }
      } catch (error) {
        // Issue 24: the stream ends (the browser reconnects after RETRY_MS) and the failure is logged with
        // its request id, class and code; left to Hono it went to console.error whole, message included.
        log.error('notificações: fluxo encerrado por erro', { requestId, error })
      } finally {
        // Not waiting for queued writes: a client that stopped reading would hold the stream open.
        unsubscribe()
        unwatch()
      }
    })
  })
}

/** Writes one at a time in order; a client that stops reading is dropped rather than buffered forever. */
function queuedWriter(stream: SSEStreamingApi) {
  let chain = Promise.resolve()
  let pending = 0
  const state = { failed: false }
  const push = (write: () => Promise<void>) => {
    if (state.failed || stream.aborted) return
    if (++pending > MAX_PENDING) {
      state.failed = true
      stream.abort()
      return
    }
    chain = chain
      .then(write)
      .catch(() => {
        state.failed = true
      })
      .finally(() => {
        pending--
      })
  }
  return {
    get failed() {
      return state.failed
    },
    send: (event: NotificationStreamEvent) =>
      push(() => stream.writeSSE({ event: event.event, data: JSON.stringify(event.data) })),
    comment: (text: string) => push(() => stream.write(`: ${text}\n\n`).then(() => undefined)),
  }
}

/** Sleeps `ms`, or less when the client goes away or the stream's session is revoked. */
function abortableSleep(stream: SSEStreamingApi, ms: number, revoked: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      revoked.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    stream.onAbort(done)
    revoked.addEventListener('abort', done)
  })
}
