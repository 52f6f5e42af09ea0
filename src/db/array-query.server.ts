import { PGlite } from '@electric-sql/pglite'
import { fillPlaceholders } from 'drizzle-orm'
import type pg from 'pg'
import type { Database } from './client.server'

/**
 * A statement built once with Drizzle and then run straight on the driver, its rows as arrays.
 *
 * For the hottest lists (the CRM's first page and search, issue 7) Drizzle's per-call work — filling the
 * prepared query, its custom type parsers, and mapping every field of every row through `is()` checks —
 * cost about as much CPU as the driver itself (≈ 0.4 ms of 1.1 ms per page, measured with
 * process.cpuUsage at 100 k clients). The SQL text is still Drizzle's, from the same table objects; only
 * the execution skips the ORM. Statements run unnamed, so PostgreSQL plans each call for its values.
 */
export interface ArrayQuery {
  text: string
  /** Values and `sql.placeholder(name)` markers, filled per call. */
  params: unknown[]
}

/** Any Drizzle query builder (select, with its where/order/limit): its SQL and parameter list. */
export function compileArrayQuery(query: { toSQL(): { sql: string; params: unknown[] } }): ArrayQuery {
  const { sql, params } = query.toSQL()
  return { text: sql, params }
}

/** Runs it with the placeholders filled from `values`; each row is its columns in select order. */
export async function runArrayQuery(
  db: Database,
  query: ArrayQuery,
  values: Record<string, unknown>,
): Promise<unknown[][]> {
  const params = fillPlaceholders(query.params, values)
  // Both drivers parse the types these lists read alike: timestamptz → Date, int4 → number, text → string.
  // Drizzle keeps the driver client it was built on (`$client`), absent from the shared `Database` type.
  const client = (db as unknown as { $client: unknown }).$client
  if (client instanceof PGlite) {
    return (await client.query<unknown[]>(query.text, params, { rowMode: 'array' })).rows
  }
  const pool = client as pg.Pool
  return (await pool.query<unknown[]>({ text: query.text, values: params, rowMode: 'array' })).rows
}
