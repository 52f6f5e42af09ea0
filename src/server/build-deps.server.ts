import type { DbHandle } from '../db/client'
import { createAuth } from '../features/auth/auth.server'
import type { AppDeps } from './app-env'
import type { Env } from './env.server'
import { createMailer, type Mailer } from './mailer.server'

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
