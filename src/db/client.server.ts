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
export type DbKind = 'pglite' | 'postgres'

export interface DbHandle {
  db: Database
  kind: DbKind
  ping(): Promise<boolean>
  /** Runs fn while holding a cluster-wide lock (PostgreSQL); PGlite is single-process already. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

export type DbTarget = { databaseUrl: string } | { pgliteDir: string } | { memory: true }

export async function openDatabase(target: DbTarget): Promise<DbHandle> {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 })
    // A failing idle client must not crash the process; /api/health reports the outage instead.
    pool.on('error', () => {})
    const db = drizzlePg({ client: pool, schema })
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
      close: () => pool.end(),
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
  const client = await PGlite.create(dataDir, { extensions: { citext, pg_trgm, unaccent } })
  const db = drizzlePglite({ client, schema }) as unknown as Database
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    exclusive: (fn) => fn(),
    close: () => client.close(),
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
