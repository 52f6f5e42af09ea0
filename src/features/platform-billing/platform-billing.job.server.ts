import { sql } from 'drizzle-orm'
import type { AppDeps } from '../../platform/app-env.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import type { Executor } from './platform-billing.charges.server'
import { billSubscription, chargingEnabled, dueSubscriptionIds } from './platform-billing.service.server'

/**
 * Lawyer offices without a subscription (created before issue 14, or while a trigger was missing) get one,
 * their trial counted from the office's creation. Idempotent: the unique office_id absorbs a second run.
 */
export async function backfillSubscriptions(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    insert into platform_subscriptions (office_id, user_id, trial_ends_at)
    select o.id, o.created_by,
      o.created_at + make_interval(days => coalesce((select trial_days from platform_settings where id = 1), 7))
    from offices o
    join profiles p on p.user_id = o.created_by and p.user_type = 'advogado'
    where not exists (select 1 from platform_subscriptions s where s.office_id = o.id)
    on conflict (office_id) do nothing
    returning office_id`)
  return result.rows.length
}

export interface BillingRun {
  created: number
  issued: number
  /** Subscriptions looked at (a charge to issue or a due date passed). */
  checked: number
}

/**
 * The daily billing step at a chosen instant (tests pass their clock; the job passes now): backfill, then each
 * subscription that needs it in its own transaction with its row locked — issue the due charge (only with
 * auto-billing on and the platform's Pix key set), mark overdue. Safe to run twice or on two nodes at once:
 * the row lock serialises them and the unique (subscription, period start) keeps a period charged once.
 */
export async function runBilling(deps: Pick<AppDeps, 'db'>, now: Date = new Date()): Promise<BillingRun> {
  const { db } = deps
  const created = await backfillSubscriptions(db)
  const charge = await chargingEnabled(db)
  const ids = await dueSubscriptionIds(db, now, charge)
  let issued = 0
  for (const id of ids) {
    if (await db.transaction((tx) => billSubscription(tx, id, now, charge))) issued++
  }
  return { created, issued, checked: ids.length }
}

export const platformBillingJobs: readonly JobDefinition[] = [
  {
    name: 'platform-billing.run',
    // 06:00 in São Paulo: charges and overdue marks are in place before the offices' working day.
    schedule: '0 6 * * *',
    async handler({ deps }) {
      const run = await runBilling(deps)
      if (run.created || run.issued) log.info('platform billing run', { ...run })
    },
  },
]
