import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { log } from '../../platform/log.server'
import { markProfileSeen } from '../profiles/profiles.public.server'

/**
 * Online presence (the cards' green dot = seen in the last 5 minutes): a signed-in /api request stamps
 * profiles.last_seen_at, at most once a minute per user. The once-a-minute rule is the UPDATE's own WHERE,
 * so it holds across nodes and restarts; the usual request matches no row and writes nothing.
 */
/**
 * This node's last stamp per user. Within the minute the UPDATE matches no row anyway, so it is not even
 * sent: otherwise every API request pays one more database round trip (issue 7's latency budget, ~0.3 ms).
 * A hint, not a limit: a restart or another node only sends one UPDATE more. Bounded like team's presence.
 */
const stampedAt = new Map<string, number>()
const STAMP_EVERY_MS = 60_000
const MAX_STAMPED = 10_000

export const trackPresence: MiddlewareHandler<AppEnv> = async (c, next) => {
  const userId = c.get('user')?.id
  const now = Date.now()
  const last = userId ? stampedAt.get(userId) : undefined
  if (
    userId &&
    (last === undefined || now - last >= STAMP_EVERY_MS) &&
    !c.req.path.startsWith('/api/auth/')
  ) {
    if (stampedAt.size >= MAX_STAMPED) stampedAt.clear()
    stampedAt.set(userId, now)
    try {
      await markProfileSeen(c.get('db'), userId)
    } catch (error) {
      // Presence is a hint: never fail the request because of it.
      log.error('directory.presence_failed', { error })
    }
  }
  await next()
}
