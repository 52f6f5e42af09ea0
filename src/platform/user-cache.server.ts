import { randomUUID } from 'node:crypto'
import type { DbHandle } from '../db/client.server'
import { log } from './log.server'

/**
 * In-process caches of what a user may do (resolved session, office membership), kept honest by the
 * database: triggers (migration 0010) NOTIFY the user id on `jc_auth_change` whenever a session, user,
 * password or membership changes, and every node evicts that user at once. See ADR 009.
 */
export const AUTH_CHANGE_CHANNEL = 'jc_auth_change'

/** A read that took longer than this is not cached (and eviction records older than this are dropped). */
const MAX_READ_MS = 5_000
const FENCE_PREFIX = 'fence:'
const FENCE_TIMEOUT_MS = 2_000

/** Taken before a database read; a change of that user after it makes the read too old to cache. */
export interface CacheTicket {
  epoch: number
  at: number
}

interface Evictable {
  evictUser(userId: string): void
  clear(): void
}

/**
 * Fans a user's changes out to the caches. While the notification feed is down, `live` is false: the caches
 * answer nothing and store nothing (a change could go unheard), and they are cleared again when it returns.
 */
export class UserChanges {
  live = false
  private epoch = 0
  private clearedEpoch = 0
  /** user id → epoch of the user's last change (insertion order = age, for pruning). */
  private readonly changed = new Map<string, { epoch: number; at: number }>()
  private readonly caches = new Set<Evictable>()
  private readonly fences = new Map<string, () => void>()
  private sendFence: ((payload: string) => Promise<void>) | undefined

  constructor(private readonly now: () => number = Date.now) {}

  register(cache: Evictable): void {
    this.caches.add(cache)
  }

  begin(): CacheTicket {
    return { epoch: this.epoch, at: this.now() }
  }

  /** Whether a value read under `ticket` for `userId` may still be stored. */
  accepts(ticket: CacheTicket, userId: string): boolean {
    if (!this.live || ticket.epoch < this.clearedEpoch) return false
    if (this.now() - ticket.at > MAX_READ_MS) return false
    const change = this.changed.get(userId)
    return !change || change.epoch <= ticket.epoch
  }

  /** Evicts the user everywhere in this process; reads begun before now can no longer be stored. */
  userChanged(userId: string): void {
    const at = this.now()
    this.changed.delete(userId)
    this.changed.set(userId, { epoch: ++this.epoch, at })
    for (const [id, change] of this.changed) {
      if (at - change.at <= MAX_READ_MS) break
      this.changed.delete(id)
    }
    for (const cache of this.caches) cache.evictUser(userId)
  }

  setLive(live: boolean): void {
    this.live = live
    this.forgetAll()
    if (!live) for (const release of [...this.fences.values()]) release()
  }

  /** Empties every cache; reads begun before now can no longer be stored. */
  forgetAll(): void {
    this.clearedEpoch = ++this.epoch
    for (const cache of this.caches) cache.clear()
  }

  /**
   * Resolves once every change committed before the call has been heard here: our own NOTIFY comes back
   * after all earlier ones (PostgreSQL delivers in commit order). A state-changing auth request awaits it,
   * so the user's very next request on this node sees the change even when we could not name the user.
   */
  async sync(): Promise<void> {
    if (!this.live || !this.sendFence) return
    const id = randomUUID()
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // The feed may be stuck without having failed: forget everything rather than trust it.
        log.error('notificação de sessão não voltou a tempo; caches esvaziados')
        this.forgetAll()
        this.fences.delete(id)
        resolve()
      }, FENCE_TIMEOUT_MS)
      timer.unref()
      this.fences.set(id, () => {
        clearTimeout(timer)
        this.fences.delete(id)
        resolve()
      })
    })
    try {
      await this.sendFence(`${FENCE_PREFIX}${id}`)
    } catch {
      this.forgetAll() // unsure what was heard: start over from the database
      this.fences.get(id)?.()
    }
    await heard
  }

  /** Subscribes to the database's change feed; returns the unsubscribe (called by DbHandle.close too). */
  follow(handle: Pick<DbHandle, 'listen' | 'notify' | 'kind'>): () => Promise<void> {
    // PGlite delivers inside the committing call, so there is nothing to wait for.
    if (handle.kind === 'postgres') this.sendFence = (payload) => handle.notify(AUTH_CHANGE_CHANNEL, payload)
    return handle.listen(AUTH_CHANGE_CHANNEL, {
      onNotify: (payload) => {
        if (payload.startsWith(FENCE_PREFIX)) this.fences.get(payload.slice(FENCE_PREFIX.length))?.()
        else if (payload) this.userChanged(payload)
      },
      onStatus: (live) => {
        if (live !== this.live) log.debug(live ? 'cache de sessão ligado' : 'cache de sessão desligado')
        this.setLive(live)
      },
    })
  }
}

export interface UserCacheOptions {
  ttlMs: number
  maxEntries: number
}

/** A small TTL map whose entries belong to a user and die with that user's changes. */
export class UserCache<V> implements Evictable {
  private readonly entries = new Map<string, { userId: string; value: V; expiresAt: number }>()
  private readonly byUser = new Map<string, Set<string>>()

  constructor(
    readonly changes: UserChanges,
    private readonly options: UserCacheOptions,
    private readonly now: () => number = Date.now,
  ) {
    changes.register(this)
  }

  get size(): number {
    return this.entries.size
  }

  get(key: string): V | undefined {
    if (!this.changes.live) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.delete(key)
      return undefined
    }
    return entry.value
  }

  /** Stores a value read under `ticket`, unless the user changed since; never past `notAfter` (ms). */
  set(ticket: CacheTicket, key: string, userId: string, value: V, notAfter = Infinity): void {
    if (!this.changes.accepts(ticket, userId)) return
    const expiresAt = Math.min(this.now() + this.options.ttlMs, notAfter)
    if (expiresAt <= this.now()) return
    this.delete(key)
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.delete(oldest.value)
    }
    this.entries.set(key, { userId, value, expiresAt })
    let keys = this.byUser.get(userId)
    if (!keys) this.byUser.set(userId, (keys = new Set()))
    keys.add(key)
  }

  evictUser(userId: string): void {
    const keys = this.byUser.get(userId)
    if (!keys) return
    this.byUser.delete(userId)
    for (const key of keys) this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
    this.byUser.clear()
  }

  private delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    const keys = this.byUser.get(entry.userId)
    keys?.delete(key)
    if (keys?.size === 0) this.byUser.delete(entry.userId)
  }
}
