import { Hono } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import type { AppEnv } from '../../platform/app-env.server'
import { unauthorized } from '../../platform/http-error.server'
import { requireUser } from '../auth/auth.public.server'
import type { NotificationStreamEvent } from './notifications.schema'
import { countUnread } from './notifications.service.server'

/** A comment line every 25 s keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000
/** How long the browser waits before reconnecting after the stream ends or drops. */
export const RETRY_MS = 3_000
/**
 * A stream ends after this long and the browser reconnects: the reconnection runs the session check again,
 * so a signed-out or revoked session stops receiving within this bound.
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
  return new Hono<AppEnv>().use(requireUser).get('/', (c) => {
    const user = c.get('user')
    if (!user) throw unauthorized()
    const { db, deps } = c.var
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const writer = queuedWriter(stream)
      // Subscribe before counting: a change that commits in between arrives as an event, never lost.
      const unsubscribe = deps.notifications.subscribe(user.id, writer.send)
      try {
        await stream.write(`retry: ${RETRY_MS}\n\n`)
        writer.send({ event: 'ready', data: { unread: await countUnread(db, user.id) } })
        const endAt = Date.now() + timings.maxStreamMs
        while (!stream.aborted && !stream.closed && !writer.failed) {
          const left = endAt - Date.now()
          if (left <= 0) break
          await abortableSleep(stream, Math.min(timings.heartbeatMs, left))
          if (!stream.aborted && Date.now() < endAt) writer.comment('ping')
        }
      } finally {
        // Not waiting for queued writes: a client that stopped reading would hold the stream open.
        unsubscribe()
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

function abortableSleep(stream: SSEStreamingApi, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    stream.onAbort(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}
