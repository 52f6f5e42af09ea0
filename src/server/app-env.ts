import type { Database, DbKind } from '../db/client'
import type { Env } from './env.server'
import type { Auth, AuthSession, AuthUser } from '../features/auth/auth.server'
import type { Mailer } from './mailer.server'
import type { OfficeContext } from './middleware/office'

/** Everything a request handler may use, built once per app (tests build one per database). */
export interface AppDeps {
  env: Env
  db: Database
  dbKind: DbKind
  auth: Auth
  mailer: Mailer
  ping: () => Promise<boolean>
}

export interface AppEnv {
  Variables: {
    db: Database
    deps: AppDeps
    user: AuthUser | null
    session: AuthSession | null
    office: OfficeContext
  }
}
