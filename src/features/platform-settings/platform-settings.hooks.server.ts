import type { Context } from 'hono'
import type { Database } from '../../db/client.server'
import type { AppEnv } from '../../platform/app-env.server'

// What platform-settings asks of the features above it (decision 007): the platform restore's flag (the gate's
// 503), the audit of /admin/settings and the month's revenue on its cards. The server shell registers them once
// at start-up (src/server/feature-hooks.server.ts), so the settings' store imports none of those features.

type RestoreCheck = (db: Database) => Promise<boolean>

const restoreChecks: RestoreCheck[] = []

/** A platform restore's flag (features/platform-backup): while true, the gate closes the API to non-admins. */
export function registerRestoreFlag(check: RestoreCheck): void {
  if (!restoreChecks.includes(check)) restoreChecks.push(check)
}

export async function restoreInProgress(db: Database): Promise<boolean> {
  for (const check of restoreChecks) if (await check(db)) return true
  return false
}

/** One row of /admin/settings' audit trail: names of what changed, never values. */
export interface PlatformSettingsAuditEntry {
  action: 'platform_settings.update' | 'platform_settings.smtp_test'
  entity: 'platform_settings'
  entityId: string
  details: Record<string, unknown>
}

/** Records a platform-level change by the signed-in user, in `db` (the change's transaction) when given. */
export type PlatformSettingsAuditor = (
  c: Context<AppEnv>,
  entry: PlatformSettingsAuditEntry,
  db?: Pick<Database, 'insert'>,
) => Promise<void>

const auditors: PlatformSettingsAuditor[] = []

/** The audit log (features/audit) of every save and SMTP test of /admin/settings. */
export function auditPlatformSettingsWith(auditor: PlatformSettingsAuditor): void {
  if (!auditors.includes(auditor)) auditors.push(auditor)
}

export async function auditPlatformSettings(
  c: Context<AppEnv>,
  entry: PlatformSettingsAuditEntry,
  db?: Pick<Database, 'insert'>,
): Promise<void> {
  for (const auditor of auditors) await auditor(c, entry, db)
}

/** The current São Paulo month's paid revenue in cents (features/platform-billing). */
export type MonthlyRevenueSource = (db: Pick<Database, 'execute'>) => Promise<number>

let revenueSource: MonthlyRevenueSource | null = null

/** The 'Receita mensal' card's figure; without one the card says subscriptions are not available. */
export function registerMonthlyRevenue(source: MonthlyRevenueSource): void {
  revenueSource = source
}

export function monthlyRevenueSource(): MonthlyRevenueSource | null {
  return revenueSource
}
