import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { SessionExpiredError } from '../../platform/http-error.server'
import { UserCache, type UserChanges } from '../../platform/user-cache.server'
import { endSession } from '../auth/auth.public.server'
import { sessions } from '../auth/auth.table.server'
import { platformSessionActivity as sessionActivity } from './platform-settings.table.server'

/**
 * The platform's inactivity timeout (/admin/settings → Segurança → Tempo de sessão), the same mechanism as
 * the office's (office-settings/session-activity.server.ts, issue 12) on its own rows, for every /api request: the activity is written at most once a minute per session and node (this cache says
 * "written less than a minute ago", and the shortest timeout is 5 minutes), so most requests cost nothing.
 * Ordinary users only: an expired admin session is kept (admins are guarded by the 2FA rule instead).
 */
const ACTIVITY_WRITE_MS = 60_000
const MAX_ACTIVE_SESSIONS = 50_000

const cachesByFeed = new WeakMap<UserChanges, UserCache<true>>()

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
  updatedAt: Date | string
}

export async function touchPlatformActivity(
  db: Database,
  changes: UserChanges,
  session: ActiveSession,
  timeoutMin: number,
  role: () => Promise<'user' | 'admin' | 'superadmin'>,
): Promise<void> {
  const cache = activityCache(changes)
  if (cache.get(session.id)) return
  const ticket = changes.begin()
  const result = await db.execute<{ expired: boolean }>(sql`
    with previous as (
      select last_active_at from ${sessionActivity} where session_id = ${session.id}
    ), upsert as (
      insert into ${sessionActivity} (session_id, user_id, last_active_at)
      select ${session.id}, ${session.userId}, now()
      where exists (select 1 from ${sessions} where id = ${session.id})
      on conflict (session_id) do update set last_active_at = now()
      returning 1
    )
    select
      coalesce((select last_active_at from previous), ${new Date(session.updatedAt).toISOString()}::timestamptz)
        < now() - make_interval(mins => ${timeoutMin}) as expired
    from upsert`)
  const row = result.rows[0]
  // No row: the session is gone already (ended a moment ago on another node, still cached here).
  if (!row) throw new SessionExpiredError()
  if (row.expired && (await role()) === 'user') {
    await endSession(db, session.id)
    // This node forgets the session at once (other nodes on the trigger's NOTIFY).
    changes.userChanged(session.userId)
    throw new SessionExpiredError()
  }
  cache.set(ticket, session.id, session.userId, true)
}
