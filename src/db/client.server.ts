import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import * as schema from './schema.server'

/**
 * Both drivers expose the same Drizzle query API; we type everything against the node-postgres flavour
 * so services don't care which one runs (PGlite's `execute` also returns `{ rows }`).
 */
export type Database = NodePgDatabase<typeof schema>
/** What `db.transaction(async (tx) => …)` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** The request's database or the transaction a route runs a change (and its audit row) in. */
export type Executor = Database | Transaction
export type DbKind = 'pglite' | 'postgres'

export interface DbHandle {
  db: Database
  kind: DbKind
  ping(): Promise<boolean>
  /** Runs fn while holding a cluster-wide lock (PostgreSQL); PGlite is single-process already. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>
  /**
   * Subscribes to NOTIFY on `channel`. PostgreSQL: one dedicated connection per handle, reconnecting with
   * back-off; PGlite: its in-process `listen`. `onStatus(false)` means notifications may be lost (the
   * connection is down), `onStatus(true)` that they flow again. Returns the unsubscribe.
   */
  listen(channel: string, handlers: ListenHandlers): () => Promise<void>
  /** Sends NOTIFY on `channel` (delivered on commit, in commit order, to every listener incl. this node). */
  notify(channel: string, payload: string): Promise<void>
  close(): Promise<void>
}

export interface ListenHandlers {
  onNotify: (payload: string) => void
  onStatus?: (live: boolean) => void
}

/** Connections in the app's pool per node unless DATABASE_POOL_MAX says otherwise (pg-boss has its own). */
export const DEFAULT_POOL_MAX = 10

/**
 * `poolMax`: the app's pool size on PostgreSQL (DATABASE_POOL_MAX). `loadDataDir`: an in-memory PGlite started
 * from a data-directory tarball (tests' migrated template).
 */
export type DbTarget =
  | { databaseUrl: string; poolMax?: number | undefined }
  | { pgliteDir: string }
  | { memory: true; loadDataDir?: Blob }

export async function openDatabase(target: DbTarget): Promise<DbHandle> {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: target.poolMax ?? DEFAULT_POOL_MAX,
    })
    // A failing idle client must not crash the process; /api/health reports the outage instead.
    pool.on('error', () => {})
    // Nor may a client that is checked out (a transaction between two statements, the exclusive lock): pg-pool
    // listens for errors only on idle clients, so a connection cut then (pg_terminate_backend, a database
    // restart, a network drop) emitted 'error' with no listener, an uncaught exception (issue 24). The
    // request using it still fails on its next statement and is logged there; on release the pool discards
    // the broken client and opens a new one.
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = drizzlePg({ client: pool, schema })
    const listeners = new Set<() => Promise<void>>()
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      exclusive: async (fn) => {
        const lockClient = await pool.connect()
        try {
          await lockClient.query('select pg_advisory_lock(727274)')
          return await fn()
        } finally {
          await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {})
          lockClient.release()
        }
      },
      listen: (channel, handlers) => {
        const stop = listenPg(target.databaseUrl, channel, handlers)
        const unsubscribe = async () => {
          listeners.delete(unsubscribe)
          await stop()
        }
        listeners.add(unsubscribe)
        return unsubscribe
      },
      notify: (channel, payload) => notify(db, channel, payload),
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()))
        await pool.end()
      },
    }
  }
  let dataDir: string | undefined
  if ('pgliteDir' in target) {
    // PGlite fails obscurely when the parent folder is missing.
    fs.mkdirSync(path.dirname(target.pgliteDir), { recursive: true })
    dataDir = target.pgliteDir
  }
  // Extensions must be loaded on every open, not only when they are first created. PGlite 0.5 only
  // installs extension bundles through PGlite.create(); `new PGlite()` + waitReady reports them missing.
  const loadDataDir = 'memory' in target ? target.loadDataDir : undefined
  const client = await PGlite.create(dataDir, {
    extensions: { citext, pg_trgm, unaccent },
    ...(loadDataDir ? { loadDataDir } : {}),
  })
  const db = drizzlePglite({ client, schema }) as unknown as Database
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    exclusive: (fn) => fn(),
    listen: (channel, handlers) => {
      // PGlite runs in this process: a notification is delivered as soon as the notifying statement commits.
      const subscribed = client.listen(channel, handlers.onNotify).then((unlisten) => {
        handlers.onStatus?.(true)
        return unlisten
      })
      subscribed.catch(() => handlers.onStatus?.(false))
      return async () => {
        handlers.onStatus?.(false)
        if (client.closed) return
        const unlisten = await subscribed.catch(() => undefined)
        await unlisten?.().catch(() => {})
      }
    },
    notify: (channel, payload) => notify(db, channel, payload),
    close: () => client.close(),
  }
}

async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`)
}

const RECONNECT_MIN_MS = 250
const RECONNECT_MAX_MS = 10_000

/**
 * LISTEN on a connection of its own (a pooled one would lose the subscription when released). Any error
 * or end reports the feed down and reconnects with exponential back-off until stopped.
 */
function listenPg(connectionString: string, channel: string, handlers: ListenHandlers): () => Promise<void> {
  let stopped = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  let delay = RECONNECT_MIN_MS

  const connect = async () => {
    retry = undefined
    if (stopped) return
    const current = new pg.Client({ connectionString, keepAlive: true })
    client = current
    let down = false
    const lost = () => {
      if (down) return
      down = true
      if (client === current) client = undefined
      current.end().catch(() => {})
      handlers.onStatus?.(false)
      if (!stopped) {
        retry = setTimeout(() => void connect(), delay)
        retry.unref()
        delay = Math.min(delay * 2, RECONNECT_MAX_MS)
      }
    }
    current.on('error', lost)
    current.on('end', lost)
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '')
    })
    try {
      await current.connect()
      await current.query(`LISTEN ${current.escapeIdentifier(channel)}`)
    } catch {
      lost()
      return
    }
    if (down) return
    delay = RECONNECT_MIN_MS
    handlers.onStatus?.(true)
  }
  void connect()

  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    const current = client
    client = undefined
    handlers.onStatus?.(false)
    await current?.end().catch(() => {})
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
