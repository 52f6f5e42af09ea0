import type { DbHandle } from '../db/client.server'
import { createAuth } from '../features/auth/auth.server'
import { createSessionCache } from '../features/auth/session.server'
import { createNotificationHub } from '../features/notifications/notifications.public.server'
import { createMembershipCache } from '../features/offices/offices.public.server'
import {
  bindPlatformSettingsCache,
  withPlatformSettings,
} from '../features/platform-settings/platform-settings.public.server'
import type { AppDeps } from '../platform/app-env.server'
import type { Env } from '../platform/env.server'
import { createJobRunner } from '../platform/jobs.server'
import { createMailer, type Mailer } from '../platform/mailer.server'
import { UserChanges } from '../platform/user-cache.server'

/** Wires the per-process dependencies; tests call it with their own database and environment. */
export function buildDeps(
  env: Env,
  handle: DbHandle,
  secret: string,
  serverMailer: Mailer = createMailer(env),
): AppDeps {
  // One change feed per app: the caches stay off until its LISTEN is up, and DbHandle.close() ends it.
  const changes = new UserChanges()
  const sessionCache = createSessionCache(changes)
  const membershipCache = createMembershipCache(changes)
  changes.follow(handle)
  // The platform settings (/admin/settings) are cached on the same feed; mail obeys their base URL and SMTP.
  bindPlatformSettingsCache(handle.db, changes)
  const mailer = withPlatformSettings(serverMailer, handle.db, env)
  return {
    env,
    db: handle.db,
    dbKind: handle.kind,
    auth: createAuth({ db: handle.db, env, mailer, secret }),
    mailer,
    // Not started here: src/server/jobs.server.ts starts it once the migrations ran (tests opt in).
    jobs: createJobRunner(handle),
    ping: handle.ping,
    sessionCache,
    membershipCache,
    // One LISTEN per node for the notification streams (closed with the handle).
    notifications: createNotificationHub(handle),
  }
}
