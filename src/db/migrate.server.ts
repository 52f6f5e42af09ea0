import { fileURLToPath } from 'node:url'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { DbHandle } from './client.server'

// This file runs from src/db (tests, scripts) and from dist/server (built server): both sit two folders
// below the project root, so the committed migrations are found the same way from either.
export const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url))

/** Applies the committed SQL migrations; on a shared PostgreSQL two starting nodes take turns. */
export async function runMigrations(handle: DbHandle): Promise<void> {
  await handle.exclusive(async () => {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder })
    } else {
      await migratePg(handle.db, { migrationsFolder })
    }
  })
}
