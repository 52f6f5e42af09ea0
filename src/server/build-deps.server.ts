import type { DbHandle } from '../db/client.server'
import { createAuth } from '../features/auth/auth.server'
import type { AppDeps } from '../platform/app-env.server'
import type { Env } from '../platform/env.server'
import { createMailer, type Mailer } from '../platform/mailer.server'

/** Wires the per-process dependencies; tests call it with their own database and environment. */
export function buildDeps(
  env: Env,
  handle: DbHandle,
  secret: string,
  mailer: Mailer = createMailer(env),
): AppDeps {
  return {
    env,
    db: handle.db,
    dbKind: handle.kind,
    auth: createAuth({ db: handle.db, env, mailer, secret }),
    mailer,
    ping: handle.ping,
  }
}
