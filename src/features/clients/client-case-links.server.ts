import type { SQL } from 'drizzle-orm'

/**
 * What a client's rows need of its cases: the cases feature owns these queries (they read its tables) and
 * the shell hands them over once, at start-up (src/server/feature-hooks.server.ts), so clients — below cases
 * in the order of src/features/README.md — never imports cases (decision 007).
 */
export interface ClientCaseQueries {
  /** A condition on `clients`: the clients of the member's non-deleted cases (the estagiário's partial cell). */
  clientOfMember(officeId: unknown, memberId: unknown): SQL
  /** A scalar subquery on a `clients` row: how many non-deleted cases it has. */
  casesCount: SQL<number>
}

let provided: ClientCaseQueries | null = null

export function provideClientCaseQueries(queries: ClientCaseQueries): void {
  provided = queries
}

// Unwired is a programming error, never a silently wider scope: every query that needs them throws.
function caseQueries(): ClientCaseQueries {
  if (!provided) throw new Error('clients: case queries not provided (src/server/feature-hooks.server.ts)')
  return provided
}

/** The clients of the member's cases, as a condition on `clients` (see ClientCaseQueries). */
export function clientOfMember(officeId: unknown, memberId: unknown): SQL {
  return caseQueries().clientOfMember(officeId, memberId)
}

/** How many non-deleted cases a `clients` row has, as a scalar subquery (see ClientCaseQueries). */
export function casesCount(): SQL<number> {
  return caseQueries().casesCount
}
