import { sql } from 'drizzle-orm'
import type { MembershipExtension } from '../offices/offices.public.server'
import { platformSubscriptions } from './platform-billing.table.server'

/**
 * The office's subscription read with the cached membership (issue 14, decision 022): requireOffice refuses the
 * writes of an office read-only from this moment on. The server shell adds it to the membership
 * (src/server/feature-hooks.server.ts). The grace days come from the one platform_settings row; the
 * subscription's trigger (0044) evicts the cache.
 */
export const subscriptionMembership: MembershipExtension = {
  table: platformSubscriptions,
  officeId: platformSubscriptions.officeId,
  columns: {
    readOnlyFromMs: sql<
      number | null
    >`extract(epoch from (case when ${platformSubscriptions.status} = 'cancelled'
    then coalesce(${platformSubscriptions.currentPeriodEnd}, ${platformSubscriptions.trialEndsAt})
    else ${platformSubscriptions.overdueSince} end
    + make_interval(days => (select billing_grace_days from platform_settings where id = 1)))) * 1000`.mapWith(
      Number,
    ),
  },
}
