import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { deleteUnlessReferenced, purgeCutoff } from '../../platform/purge.server'
import { addMonthsISO, monthEndISO, monthStartISO } from './financial-dates'
import { today } from './financial.service.server'
import { financialEntries as fe } from './financial.table.server'
import { createNextRecurrence } from './financial.write.server'

/**
 * Recurring despesas whose due month has arrived get next month's entry (issue 11). The latest entry of each
 * series due this month (or last month, should a run have been missed) without a later one in its series is
 * continued; the unique (recorrencia_origem_id, data_vencimento) keeps a retried or concurrent run from
 * creating a month twice. A series stops when its last entry is cancelled, deleted or no longer recorrente.
 * Returns how many entries were created.
 */
export async function runRecurrence(db: Database, todayDate: string = today()): Promise<number> {
  const from = addMonthsISO(monthStartISO(todayDate), -1)
  const to = monthEndISO(todayDate)
  const due = await db
    .select()
    .from(fe)
    .where(
      and(
        eq(fe.recorrente, true),
        isNull(fe.deletedAt),
        ne(fe.status, 'cancelado'),
        sql`${fe.dataVencimento} between ${from}::date and ${to}::date`,
        sql`not exists (select 1 from ${fe} n where n.recorrencia_origem_id = coalesce(${fe.recorrenciaOrigemId}, ${fe.id}) and n.data_vencimento > ${fe.dataVencimento})`,
      ),
    )
  let created = 0
  for (const entry of due) {
    const id = await db.transaction((tx) => createNextRecurrence(tx, entry, null))
    if (id) created++
  }
  return created
}

/** Deletes for good the entries soft-deleted before `olderThan` (a row still pointing at one keeps it). */
export async function purgeDeletedEntries(db: Database, olderThan: Date): Promise<number> {
  const old = await db.select({ id: fe.id }).from(fe).where(lt(fe.deletedAt, olderThan))
  return deleteUnlessReferenced(
    old.map((row) => row.id),
    async (id) =>
      (
        await db
          .delete(fe)
          // Checked again: an entry restored since the select stays.
          .where(and(eq(fe.id, id), lt(fe.deletedAt, olderThan)))
          .returning({ id: fe.id })
      ).length,
  )
}

export const financialJobs: readonly JobDefinition[] = [
  {
    name: 'financial.recurrence',
    // Just after midnight in São Paulo: on the 1st the new month's recurring entries create the next ones.
    schedule: '10 0 * * *',
    async handler({ deps }) {
      const created = await runRecurrence(deps.db)
      log.info('financial.recurrence', { created })
    },
  },
  {
    name: 'financial.purge',
    // Before cases.purge (03:15) and clients.purge (03:30): entries point at cases and clients.
    schedule: '5 3 * * *',
    async handler({ deps }) {
      const purged = await purgeDeletedEntries(deps.db, purgeCutoff())
      log.info('financial.purge', { purged })
    },
  },
]
