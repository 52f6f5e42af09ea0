import { sql, type SQL } from 'drizzle-orm'
import type { AuthExecutor } from './auth-hooks.server'
import { users } from './auth.table.server'

/**
 * Demo accounts in bulk (seed:demo, the benches: up to a million rows), in the caller's transaction: one
 * INSERT … SELECT, no round trip per row. `rows` is a SELECT of (id, name, email), by position; the accounts
 * are confirmed and have no credential (no one signs in as them), created now.
 */
export async function insertSeedUsers(tx: AuthExecutor, rows: SQL): Promise<void> {
  await tx.execute(sql`insert into ${users} (id, name, email, email_verified, created_at, updated_at)
    select seed.id, seed.name, seed.email, true, now(), now() from (${rows}) as seed(id, name, email)`)
}
