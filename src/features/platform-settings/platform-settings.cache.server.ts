import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { UserCache, type UserChanges } from '../../platform/user-cache.server'
import { platformSettings } from './platform-settings.table.server'

/** The platform_settings row as the server reads it (smtpPasswordEnc included: never send it out). */
export type PlatformSettingsRow = typeof platformSettings.$inferSelect

/**
 * The payload the table's trigger (migration 0039) sends on jc_auth_change. It is no user id, so evicting
 * "that user" from every cache of the feed removes exactly the settings entry, on every node (ADR 009).
 */
export const PLATFORM_SETTINGS_KEY = 'jc:platform-settings'

/** The eviction is what keeps the entry right; the TTL only bounds a surprise (a missed trigger). */
const TTL_MS = 5 * 60_000

/** What a database without the row (never the case after migration 0039) answers: the column defaults. */
export function defaultPlatformSettings(): PlatformSettingsRow {
  return {
    id: 1,
    platformName: 'JusConecta',
    baseUrl: null,
    maintenanceMode: false,
    signupsOpen: true,
    smtpHost: null,
    smtpPort: 587,
    smtpSecure: false,
    smtpUser: null,
    smtpPasswordEnc: null,
    smtpFrom: null,
    paymentProvider: 'mercado_pago',
    monthlyPrice: '97.00',
    trialDays: 7,
    annualDiscount: 20,
    autoBilling: true,
    pixKeyType: null,
    pixKey: null,
    pixMerchantName: null,
    pixMerchantCity: null,
    billingGraceDays: 10,
    publicationsCapture: true,
    require2faAdmins: false,
    auditLogs: true,
    sessionTimeoutMin: 120,
    loginAttempts: 5,
    updatedAt: new Date(0),
    updatedBy: null,
  }
}

/** Straight from the database (the settings page; the cache's miss). */
export async function readPlatformSettings(db: Pick<Database, 'select'>): Promise<PlatformSettingsRow> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1)
  return row ?? defaultPlatformSettings()
}

const caches = new WeakMap<Database, UserCache<PlatformSettingsRow>>()

/**
 * Called once per app (build-deps): the app's database gets a settings cache on the app's change feed.
 * While the feed is down the cache answers nothing (UserCache), so every read goes to the database.
 */
export function bindPlatformSettingsCache(db: Database, changes: UserChanges): void {
  if (!caches.has(db)) caches.set(db, new UserCache(changes, { ttlMs: TTL_MS, maxEntries: 1 }))
}

/** The settings every request obeys: from this node's memory, re-read after any change on any node. */
export async function getPlatformSettings(db: Database): Promise<PlatformSettingsRow> {
  const cache = caches.get(db)
  const cached = cache?.get(PLATFORM_SETTINGS_KEY)
  if (cached) return cached
  const ticket = cache?.changes.begin()
  const row = await readPlatformSettings(db)
  if (cache && ticket) cache.set(ticket, PLATFORM_SETTINGS_KEY, PLATFORM_SETTINGS_KEY, row)
  return row
}

/** After a save on this node: forget at once and wait until the change feed caught up (ADR 009's fence). */
export async function settlePlatformSettings(db: Database): Promise<void> {
  const cache = caches.get(db)
  if (!cache) return
  cache.changes.userChanged(PLATFORM_SETTINGS_KEY)
  await cache.changes.sync()
}
