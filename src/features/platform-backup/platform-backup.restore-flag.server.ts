import type { Database } from '../../db/client.server'
import { isRestoring } from './platform-backup.service.server'

/** One read per node per second at most: the flag changes only when a restore starts or ends. */
const CHECK_EVERY_MS = 1000

/** Per database (each test app has its own), the last reading of the flag, shared by concurrent requests. */
const readings = new WeakMap<object, { at: number; restoring: Promise<boolean> }>()

/**
 * Whether a platform restore (PostgreSQL) is running: the platform gate (features/platform-settings) then
 * answers 503 to everyone but admins, whose requests would otherwise wait on the restore's locks or read a
 * half-replaced platform. The flag lives in the database (platform_backup_state, outside the dump, so the
 * restore can neither clear nor revive it) and every node obeys it; this node re-reads it at most once a
 * second, so the check costs one primary-key read per second, not one per request. An unreadable flag
 * (the row being rewritten, a lost connection) counts as "not restoring": the gate must not take the API
 * down on its own.
 */
export function platformRestoreInProgress(db: Database): Promise<boolean> {
  const now = Date.now()
  let reading = readings.get(db)
  if (!reading || now - reading.at >= CHECK_EVERY_MS) {
    reading = { at: now, restoring: isRestoring(db).catch(() => false) }
    readings.set(db, reading)
  }
  return reading.restoring
}
