import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { calendarFeeds } from './agenda.table.server'

/**
 * The person's calendar links, for "Baixar meus dados" (privacy's export section `calendarFeeds`, wired by the
 * shell): the office and the date only, never the token's hash.
 */
export async function personalCalendarFeeds(tx: Executor, userId: string) {
  return tx
    .select({ officeId: calendarFeeds.officeId, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
}
