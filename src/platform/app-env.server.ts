import type { Database, DbKind } from '../db/client.server'
import type { Env } from './env.server'
import type { JobRunner } from './jobs.server'
import type { Mailer } from './mailer.server'

/**
 * Everything a request handler may use, built once per app (tests build one per database).
 * The platform knows no feature: features that add a dependency or a request variable declare it by
 * interface merging (`declare module '…/platform/app-env.server'`), e.g. auth adds `auth`, `user` and
 * `session`, offices adds `office`. So the types stay exact while the arrows point one way.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- extended by features (see above)
export interface AppDeps extends CoreDeps {}

interface CoreDeps {
  env: Env
  db: Database
  dbKind: DbKind
  mailer: Mailer
  /** Background jobs: `send`/`cancel` from a request; started by the server shell (docs/decisions/012). */
  jobs: JobRunner
  ping: () => Promise<boolean>
}

export interface AppVariables {
  db: Database
  deps: AppDeps
}

export interface AppEnv {
  Variables: AppVariables
}
