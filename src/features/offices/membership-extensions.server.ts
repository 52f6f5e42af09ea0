import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { offices } from './offices.table.server'

/**
 * What the cached membership carries for features above offices: the office's own settings (issue 12) and its
 * platform subscription (issue 14). requireOffice enforces them (2FA required, read-only office) and the shell's
 * office-request hooks use them (session timeout), all without a query of their own. Offices names the fields
 * and what they are when nobody supplies them; the features that own the columns supply them.
 */
export interface MembershipExtras {
  /** The name the office shows (Configurações Avançadas may personalise it). */
  officeName: string
  require2fa: boolean
  sessionTimeoutMin: number
  auditViewer: boolean
  /**
   * When the office became read-only for its platform subscription (issue 14; epoch ms, null = never): an
   * overdue subscription past the grace days, or a cancelled one past its paid time and the grace days.
   */
  readOnlyFromMs: number | null
}

/**
 * A feature's part of the membership: its table, left-joined by office (one row per office at most), and the
 * expressions of the fields it supplies. Registered once at start-up by the server shell
 * (src/server/feature-hooks.server.ts), so offices imports neither office-settings nor platform-billing
 * (decision 007) and the membership stays one statement, cached and evicted as before (decision 009).
 */
export interface MembershipExtension {
  table: PgTable
  /** The table's office id column, joined to office_members.office_id. */
  officeId: PgColumn
  columns: { [K in keyof MembershipExtras]?: SQL<MembershipExtras[K]> }
}

/** The fields when no feature supplies them (a table's defaults: no personalised name, no rule, no subscription). */
export const baseExtraColumns: { [K in keyof MembershipExtras]: SQL<MembershipExtras[K]> } = {
  officeName: sql<string>`${offices.nome}`,
  require2fa: sql<boolean>`false`,
  sessionTimeoutMin: sql<number>`480`,
  auditViewer: sql<boolean>`true`,
  readOnlyFromMs: sql<number | null>`null`.mapWith(Number),
}

const extensions: MembershipExtension[] = []

/** Adds a feature's columns to every membership read (start-up only; the same extension once). */
export function extendMembership(extension: MembershipExtension): void {
  if (!extensions.includes(extension)) extensions.push(extension)
}

export function membershipExtensions(): readonly MembershipExtension[] {
  return extensions
}
