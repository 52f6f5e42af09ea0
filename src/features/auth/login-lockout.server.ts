import { createHmac } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { getLoginPolicy } from './auth-hooks.server'
import { loginLockouts } from './login-lockouts.table.server'

/** How long an account stays locked after the attempts run out (issue 14: a 15-minute lockout). */
export const LOCKOUT_MINUTES = 15

/**
 * Failed sign-ins in a row before the account locks: /admin/settings → Segurança (spec §9: 5), read from
 * the node's cached platform settings (provided by the shell: auth-hooks.server.ts).
 */
export async function loginAttemptsLimit(db: Database): Promise<number> {
  return (await getLoginPolicy(db)).loginAttempts
}

/**
 * The lockout row's key: an HMAC of the lower-cased, trimmed e-mail with the server's secret. The same
 * for a known and an unknown address (no enumeration), and no e-mail is stored in the table.
 */
export function accountKey(secret: string, email: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex')
}

/** When the account's lock ends, or null when it is not locked now. */
export async function lockedUntil(db: Database, key: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginLockouts.lockedUntil })
    .from(loginLockouts)
    .where(eq(loginLockouts.accountKey, key))
  return row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : null
}

export interface FailureOutcome {
  /** The lock's end when the account is locked now (this attempt reached the limit, or a racing one did). */
  lockedUntil: Date | null
  /** This very attempt locked it: the caller records the 'bloqueio_conta' event once. */
  justLocked: boolean
}

/**
 * Counts one failed attempt in ONE atomic upsert (two nodes failing at once both count). An expired lock
 * starts a fresh count (the row of a released lock is not a lock).
 */
export async function registerFailure(db: Database, key: string, limit: number): Promise<FailureOutcome> {
  const result = await db.execute<{ locked_until: Date | string | null; failures: number }>(sql`
    insert into ${loginLockouts} (account_key, failures, locked_until, updated_at)
    values (${key}, 1, case when 1 >= ${limit}::int
      then now() + make_interval(mins => ${LOCKOUT_MINUTES}) end, now())
    on conflict (account_key) do update set
      failures = case when ${loginLockouts.lockedUntil} is not null and ${loginLockouts.lockedUntil} <= now()
        then 1 else ${loginLockouts.failures} + 1 end,
      locked_until = case
        when ${loginLockouts.lockedUntil} > now() then ${loginLockouts.lockedUntil}
        when (case when ${loginLockouts.lockedUntil} is not null then 1 else ${loginLockouts.failures} + 1 end)
          >= ${limit}::int then now() + make_interval(mins => ${LOCKOUT_MINUTES})
        end,
      updated_at = now()
    returning locked_until, failures`)
  const row = result.rows[0]
  if (!row?.locked_until) return { lockedUntil: null, justLocked: false }
  return { lockedUntil: new Date(row.locked_until), justLocked: Number(row.failures) === limit }
}

/** A successful sign-in ends the count (spec: "consecutive" failures). */
export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginLockouts).where(eq(loginLockouts.accountKey, key))
}
