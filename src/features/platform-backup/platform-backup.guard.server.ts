import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError } from '../../platform/http-error.server'
import { getPlatformRole } from '../auth/auth.public.server'
import { isRestoring } from './platform-backup.service.server'

/** One check per node per second at most: the flag changes only when a restore starts or ends. */
const CHECK_EVERY_MS = 1000
/** Per database (each test app has its own), the last reading of the flag. */
const readings = new WeakMap<object, { at: number; restoring: boolean }>()

/**
 * During a platform restore (PostgreSQL), the API answers 503 to everyone but admins: their requests would
 * wait on the restore's locks or read a half-replaced platform. The flag lives in the database
 * (platform_backup_state, outside the dump) so every node obeys it; this node re-reads it at most once a
 * second, so the guard costs one primary-key read per second, not one per request.
 */
export const platformRestoreGuard = createMiddleware<AppEnv>(async (c, next) => {
  const now = Date.now()
  let reading = readings.get(c.var.db)
  if (!reading || now - reading.at >= CHECK_EVERY_MS) {
    reading = { at: now, restoring: await isRestoring(c.var.db).catch(() => false) }
    readings.set(c.var.db, reading)
  }
  if (reading.restoring) {
    const user = c.var.user
    const role = user ? await getPlatformRole(c.var.db, user.id) : 'user'
    if (role === 'user')
      throw new ApiError(
        503,
        'maintenance',
        'A plataforma está em manutenção para restauração de backup. Tente novamente em alguns minutos.',
      )
  }
  await next()
})
