import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.server'

/**
 * Runs `run` while every audit insert of these actions fails (a test-only trigger, as a full disk would make
 * it fail), so a test can prove the change and its audit row commit together or not at all.
 */
export async function withFailingAudit<T>(
  db: Database,
  actions: string[],
  run: () => Promise<T>,
): Promise<T> {
  const list = sql.raw(actions.map((action) => `'${action.replaceAll("'", "''")}'`).join(', '))
  await db.execute(sql`
    create function test_fail_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit unavailable'; end $$`)
  await db.execute(sql`
    create trigger test_fail_audit before insert on audit_log for each row
    when (new.action in (${list})) execute function test_fail_audit()`)
  try {
    return await run()
  } finally {
    await db.execute(sql`drop trigger test_fail_audit on audit_log`)
    await db.execute(sql`drop function test_fail_audit()`)
  }
}
