import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { lawyerPracticeAreas } from './lawyer-collections.table.server'
import { profiles } from './profiles.table.server'

const PROFILE_COLUMNS = new Set(Object.values(getTableColumns(profiles)).map((column) => column.name))

/**
 * Demo profiles in bulk (seed:demo, the benches), in the caller's transaction: one INSERT … SELECT, no round
 * trip per row. `rows` is a SELECT of the named profile columns (SQL names), by position; the rest take their
 * defaults. The profile's triggers (directory order) run as for any insert.
 */
export async function insertSeedProfiles(tx: Executor, columns: readonly string[], rows: SQL): Promise<void> {
  for (const column of columns)
    if (!PROFILE_COLUMNS.has(column)) throw new Error(`profiles has no column ${column}`)
  const names = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  )
  await tx.execute(sql`insert into ${profiles} (${names}) ${rows}`)
}

/** Demo practice areas in bulk: `rows` is a SELECT of (user_id, area, principal), by position. */
export async function insertSeedPracticeAreas(tx: Executor, rows: SQL): Promise<void> {
  await tx.execute(sql`insert into ${lawyerPracticeAreas} (user_id, area, principal) ${rows}`)
}
