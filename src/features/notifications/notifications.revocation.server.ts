import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { log } from '../../platform/log.server'
import type { UserChanges } from '../../platform/user-cache.server'
import { sessions } from '../auth/auth.table.server'

/** A failed check is retried after 1 s, then 2 s, 4 s… up to 30 s (logged once per outage and user). */
const RETRY_FIRST_MS = 1_000
const RETRY_MAX_MS = 30_000

/** One open stream: the session it was opened with, and how to end it. */
interface Watch {
  sessionId: string
  end: () => void
}

/**
 * Ends open notification streams whose session is gone (issue 24): sign-out, revocation, a platform block
 * (which deletes every session of the user) or the account's deletion. A stream authorised its session once,
 * when it opened; without this it kept delivering until its 10-minute end.
 *
 * It listens where the session cache does (ADR 009): the database triggers NOTIFY the user id on every
 * session/user change, every node's UserChanges hears it and evicts that user — and tells this watcher,
 * registered beside the caches. The notice says only "this user changed" (a new sign-in elsewhere, a
 * refreshed session, a renamed profile… too), so the watcher re-reads the sessions of that user's open
 * streams and ends only those whose session no longer exists or has expired. When the change feed goes down
 * or comes back (`clear`: notices may have been lost) every open stream is checked again. A check that
 * fails (the database unreachable for a moment) is retried with back-off rather than ending streams that
 * may well be valid: a revocation needs the database too, and the retry sees it once it is committed.
 */
export class StreamRevocation {
  private readonly byUser = new Map<string, Set<Watch>>()
  private readonly scheduled = new Set<string>()
  /** Users whose last check failed → the delay before the next attempt (ms). */
  private readonly retryIn = new Map<string, number>()

  constructor(private readonly db: Database) {}

  /** Streams being watched (for tests). */
  get size(): number {
    let total = 0
    for (const set of this.byUser.values()) total += set.size
    return total
  }

  /**
   * Watches a stream of `userId` opened with `sessionId`; `end` is called (once) when that session is gone.
   * Checks once right away: a sign-out heard between the request's session check and this call is not
   * missed. Returns the unwatch.
   */
  watch(userId: string, sessionId: string, end: () => void): () => void {
    let set = this.byUser.get(userId)
    if (!set) this.byUser.set(userId, (set = new Set()))
    let ended = false
    const watch: Watch = {
      sessionId,
      end: () => {
        if (ended) return
        ended = true
        end()
      },
    }
    set.add(watch)
    this.schedule(userId)
    return () => {
      set.delete(watch)
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId)
    }
  }

  /** UserChanges: the user's sessions, account or memberships changed on some node. */
  evictUser(userId: string): void {
    if (this.byUser.has(userId)) this.schedule(userId)
  }

  /** UserChanges: the change feed went down or came back; notices may have been lost. */
  clear(): void {
    for (const userId of this.byUser.keys()) this.schedule(userId)
  }

  /**
   * Outside the caller: a notice arrives inside the committing call on PGlite (and inside the listener on
   * PostgreSQL), so the check runs on the next turn, after the change is visible. Notices of one user that
   * arrive before the check starts share it.
   */
  private schedule(userId: string, delayMs = 0): void {
    if (this.scheduled.has(userId)) return
    this.scheduled.add(userId)
    const run = () => {
      this.scheduled.delete(userId)
      void this.check(userId)
    }
    if (delayMs === 0) setImmediate(run)
    else setTimeout(run, delayMs).unref()
  }

  private async check(userId: string): Promise<void> {
    const watches = [...(this.byUser.get(userId) ?? [])]
    if (watches.length === 0) {
      this.retryIn.delete(userId)
      return
    }
    let alive: Set<string>
    try {
      const rows = await this.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            inArray(sessions.id, [...new Set(watches.map((watch) => watch.sessionId))]),
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
      alive = new Set(rows.map((row) => row.id))
    } catch (error) {
      const delay = Math.min((this.retryIn.get(userId) ?? RETRY_FIRST_MS / 2) * 2, RETRY_MAX_MS)
      if (delay === RETRY_FIRST_MS) {
        log.error('notificações: falha ao conferir as sessões dos fluxos abertos; nova tentativa', { error })
      }
      this.retryIn.set(userId, delay)
      this.schedule(userId, delay)
      return
    }
    this.retryIn.delete(userId)
    for (const watch of watches) if (!alive.has(watch.sessionId)) watch.end()
  }
}

const byChanges = new WeakMap<UserChanges, StreamRevocation>()

/**
 * This app's watcher, registered once on its change feed beside the session and membership caches (one per
 * UserChanges, i.e. per node; tests build several apps in one process).
 */
export function streamRevocation(changes: UserChanges, db: Database): StreamRevocation {
  let revocation = byChanges.get(changes)
  if (!revocation) {
    revocation = new StreamRevocation(db)
    changes.register(revocation)
    byChanges.set(changes, revocation)
  }
  return revocation
}
