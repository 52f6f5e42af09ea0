import type { Database, DbHandle } from '../../db/client.server'
import { log } from '../../platform/log.server'
import type { NotificationStreamEvent } from './notifications.schema'
import {
  countUnread,
  isUuid,
  NOTIFICATIONS_CHANNEL,
  readOwnNotifications,
  type NotificationChange,
} from './notifications.service.server'

export type StreamListener = (event: NotificationStreamEvent) => void

/** A NOTIFY payload is at most 8000 bytes; ids are uuids. Anything else is not ours and is dropped. */
function parseChange(payload: string): NotificationChange | null {
  try {
    const value = JSON.parse(payload) as Partial<NotificationChange>
    if (typeof value.u !== 'string' || !value.u) return null
    if (!['created', 'read', 'read-all', 'removed'].includes(value.e ?? '')) return null
    const ids = Array.isArray(value.ids) ? value.ids.filter((id) => typeof id === 'string' && isUuid(id)) : []
    return { u: value.u, e: value.e as NotificationChange['e'], ids }
  } catch {
    return null
  }
}

/**
 * One LISTEN per node, fanned out in process to the open streams of each user (DESIGN §8 "Realtime").
 * The payload only says whose notifications changed and which ids: the hub reads the rows itself, for that
 * user only, so a stream can never carry another user's notification whatever a payload says. A user's
 * changes are handled one after the other (their events keep commit order); one read serves all of that
 * user's tabs on this node.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<StreamListener>>()
  private readonly queues = new Map<string, Promise<void>>()
  private live = false

  constructor(private readonly db: Database) {}

  /** Subscribes to the database's feed; DbHandle.close() ends it too. */
  follow(handle: Pick<DbHandle, 'listen'>): () => Promise<void> {
    return handle.listen(NOTIFICATIONS_CHANNEL, {
      onNotify: (payload) => {
        const change = parseChange(payload)
        if (change && this.listeners.has(change.u)) this.enqueue(change.u, () => this.deliver(change))
      },
      onStatus: (live) => {
        const wasLive = this.live
        this.live = live
        // Changes may have been missed while the feed was down: every open tab refetches its list.
        if (live && !wasLive)
          for (const userId of this.listeners.keys()) this.enqueue(userId, () => this.resync(userId))
      },
    })
  }

  /** Whether the feed is up (a stream opened while it is down may miss changes until it returns). */
  get isLive(): boolean {
    return this.live
  }

  /** Streams of this node that are open (for tests and the health of a node). */
  get openStreams(): number {
    let total = 0
    for (const set of this.listeners.values()) total += set.size
    return total
  }

  subscribe(userId: string, listener: StreamListener): () => void {
    let set = this.listeners.get(userId)
    if (!set) this.listeners.set(userId, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId)
    }
  }

  private enqueue(userId: string, task: () => Promise<void>) {
    const previous = this.queues.get(userId) ?? Promise.resolve()
    const next = previous.then(task).catch((error: unknown) => {
      log.error('falha ao entregar notificações em tempo real', { error })
      this.broadcast(userId, { event: 'resync', data: { unread: null } })
    })
    this.queues.set(userId, next)
    void next.then(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId)
    })
  }

  private broadcast(userId: string, event: NotificationStreamEvent) {
    const set = this.listeners.get(userId)
    if (!set) return
    for (const listener of [...set]) listener(event)
  }

  private async resync(userId: string) {
    if (!this.listeners.has(userId)) return
    this.broadcast(userId, { event: 'resync', data: { unread: await countUnread(this.db, userId) } })
  }

  private async deliver(change: NotificationChange) {
    const userId = change.u
    if (!this.listeners.has(userId)) return
    const ids = change.ids ?? []
    switch (change.e) {
      case 'created': {
        const rows = await readOwnNotifications(this.db, userId, ids)
        if (rows.length === 0) return
        const unread = await countUnread(this.db, userId)
        for (const notification of rows)
          this.broadcast(userId, { event: 'created', data: { notification, unread } })
        return
      }
      case 'read': {
        const read = (await readOwnNotifications(this.db, userId, ids)).filter((row) => row.read)
        if (read.length === 0) return
        const unread = await countUnread(this.db, userId)
        this.broadcast(userId, { event: 'read', data: { ids: read.map((row) => row.id), unread } })
        return
      }
      case 'read-all': {
        this.broadcast(userId, { event: 'read-all', data: { unread: await countUnread(this.db, userId) } })
        return
      }
      case 'removed': {
        const remaining = new Set((await readOwnNotifications(this.db, userId, ids)).map((row) => row.id))
        const removed = ids.filter((id) => !remaining.has(id))
        if (removed.length === 0) return
        const unread = await countUnread(this.db, userId)
        this.broadcast(userId, { event: 'removed', data: { ids: removed, unread } })
        return
      }
    }
  }
}

export function createNotificationHub(handle: Pick<DbHandle, 'db' | 'listen'>): NotificationHub {
  const hub = new NotificationHub(handle.db)
  hub.follow(handle)
  return hub
}

declare module '../../platform/app-env.server' {
  interface AppDeps {
    /** This node's fan-out of notification changes to its open event streams. */
    notifications: NotificationHub
  }
}
