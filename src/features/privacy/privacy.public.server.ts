// The privacy feature's server surface: routes for the shell, jobs for the runner (LGPD, issue 12).
import type { JobDefinition } from '../../platform/jobs.server'
import { processDueDeletions } from './privacy.deletion.server'

export { clientAnonymizationRoutes, privacyRoutes } from './privacy.routes.server'
// LGPD asks each table's owner for its part; the shell registers them (src/server/feature-hooks.server.ts).
export {
  onAccountErasure,
  onAccountFiles,
  onPersonalDataExport,
  provideClientAnonymizer,
  type AccountErasure,
  type StoredFile,
} from './erasure-hooks.server'

export const ACCOUNT_DELETION_JOB = 'privacy.account-deletion'

/** The privacy feature's scheduled jobs (src/server/jobs.server.ts runs them). */
export const privacyJobs: JobDefinition[] = [
  {
    name: ACCOUNT_DELETION_JOB,
    // Hourly: an account goes within the hour its 7-day grace period ends. Idempotent (see the handler).
    schedule: '20 * * * *',
    async handler({ deps }) {
      await processDueDeletions(deps)
    },
  },
]
