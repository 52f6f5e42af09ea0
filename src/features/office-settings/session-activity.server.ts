import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { SessionExpiredError } from '../../platform/http-error.server'
import { UserCache, type UserChanges } from '../../platform/user-cache.server'
import { endSession } from '../auth/auth.public.server'
import { sessionActivity } from './office-settings.table.server'

/**
 * The office's inactivity timeout (Configurações Avançadas → Tempo de sessão), enforced on every office
 * request. A session's last activity is written at most once a minute per node: an entry of this cache says
 * "written less than a minute ago", and since the shortest timeout is 5 minutes such a session cannot have
 * expired — so most requests cost nothing. Entries are evicted with the user's other cached state (ADR 009).
 */
const ACTIVITY_WRITE_MS = 60_000
const MAX_ACTIVE_SESSIONS = 50_000

const cachesByFeed = new WeakMap<UserChanges, UserCache<true>>()

/** One activity cache per change feed (per app), created on first use and evicted with the feed. */
function activityCache(changes: UserChanges): UserCache<true> {
  let cache = cachesByFeed.get(changes)
  if (!cache) {
    cache = new UserCache<true>(changes, { ttlMs: ACTIVITY_WRITE_MS, maxEntries: MAX_ACTIVE_SESSIONS })
    cachesByFeed.set(changes, cache)
  }
  return cache
}

interface ActiveSession {
  id: string
  userId: string
  /** better-auth's own timestamp: the activity of a session that never reached an office route yet. */
  updatedAt: Date | string
}

/**
 * Records this request as the session's activity; when the previous activity is older than the office's
 * timeout, signs the session out (deletes it) and answers 401 — the browser goes back to sign-in.
 */
export async function touchSessionActivity(
  db: Database,
  changes: UserChanges,
  session: ActiveSession,
  timeoutMin: number,
): Promise<void> {
  const cache = activityCache(changes)
  if (cache.get(session.id)) return
  const ticket = changes.begin()
  // One statement: the previous activity (null on the first office request of the session) and the new one.
  const result = await db.execute<{ previous: string | Date | null; expired: boolean }>(sql`
    with previous as (
      select last_active_at from ${sessionActivity} where session_id = ${session.id}
    ), upsert as (
      insert into ${sessionActivity} (session_id, user_id, last_active_at)
      values (${session.id}, ${session.userId}, now())
      on conflict (session_id) do update set last_active_at = now()
      returning 1
    )
    select
      (select last_active_at from previous) as previous,
      coalesce((select last_active_at from previous), ${new Date(session.updatedAt).toISOString()}::timestamptz)
        < now() - make_interval(mins => ${timeoutMin}) as expired
    from upsert`)
  const row = result.rows[0]
  if (row?.expired) {
    await endSession(db, session.id)
    // Forget it on this node at once: on PostgreSQL the trigger's NOTIFY comes back a moment later, and the
    // very next request must not reach a route with the deleted session (issue 14 fix).
    changes.userChanged(session.userId)
    throw new SessionExpiredError()
  }
  cache.set(ticket, session.id, session.userId, true)
}
