import { agendaJobs, weeklyReportJobs } from '../features/agenda/agenda.public.server'
import { caseJobs } from '../features/cases/cases.public.server'
import { clientJobs } from '../features/clients/clients.public.server'
import { documentJobs, documentStorageReferences } from '../features/documents/documents.public.server'
import { privacyJobs } from '../features/privacy/privacy.public.server'
import { backupJobs, backupStorageReferences } from '../features/backups/backups.public.server'
import { financialJobs } from '../features/financial/financial.public.server'
import { platformLogsJobs } from '../features/platform-logs/platform-logs.public.server'
import {
  platformBackupJobs,
  platformBackupStorageReferences,
  platformRestoreInProgress,
} from '../features/platform-backup/platform-backup.public.server'
import {
  platformReportStorageReferences,
  platformReportsJobs,
} from '../features/platform-reports/platform-reports.public.server'
import { platformAnalyticsJobs } from '../features/platform-analytics/platform-analytics.public.server'
import {
  platformBillingAdminJobs,
  platformBillingJobs,
} from '../features/platform-billing/platform-billing.public.server'
import { jobStorageReferences } from '../features/jobs/jobs.public.server'
import { networkStorageReferences } from '../features/network/network.public.server'
import { publicationsJobs } from '../features/publications/publications.public.server'
import { portalJobs, portalMessageStorageReferences } from '../features/portal/portal.public.server'
import { profileStorageReferences } from '../features/profiles/profiles.public.server'
import { templateStorageReferences } from '../features/templates/templates.public.server'
import { storageSweeperJobs, type StorageReferences } from '../platform/storage-sweeper.server'
import type { AppDeps } from '../platform/app-env.server'
import type { JobDefinition, RunnerOptions } from '../platform/jobs.server'

/**
 * Every table that keeps keys of a storage area, from its feature's public surface (issue 24): the orphan
 * sweeper deletes only files none of them references. storage-sweeper.db.test.ts fails for a column missing.
 */
export const storageReferences: readonly StorageReferences[] = [
  documentStorageReferences,
  jobStorageReferences,
  networkStorageReferences,
  profileStorageReferences,
  backupStorageReferences,
  platformBackupStorageReferences,
  platformReportStorageReferences,
  templateStorageReferences,
  portalMessageStorageReferences,
]

/**
 * Every background job of the product, in ONE place (DESIGN §8): a feature declares its jobs as data in its
 * `*.public.server.ts` and is listed here. Adding a job = export it from the feature, add it to this list.
 */
export const jobDefinitions: readonly JobDefinition[] = [
  // Purges, nightly in this order: documents (03:00), then the cases (03:15) and clients (03:30) those
  // documents and cases pointed at, so a whole deleted client goes in one night.
  ...documentJobs,
  // Financeiro: deleted entries purged at 03:05 (before the cases and clients they point at); the daily
  // recurrence creates next month's recurring expenses.
  ...financialJobs,
  ...caseJobs,
  ...clientJobs,
  // Agenda: reminders at each event's time − lembrete, and the 07:00 digest of prazos near their due day.
  ...agendaJobs,
  // LGPD: accounts whose 7-day grace period ended are deleted, hourly.
  ...privacyJobs,
  // Backups: the 02:00 automatic run and retention, and each archive's own job.
  ...backupJobs,
  // Configurações Avançadas: the weekly report e-mail, Mondays 08:00.
  ...weeklyReportJobs,
  // Platform logs: the system monitor every 5 minutes and the 03:40 retention of events (issue 14).
  ...platformLogsJobs,
  // Platform backup (issue 14): each archive and restore, and the 5-minute schedule check with retention.
  ...platformBackupJobs,
  // Platform reports (issue 14): each business report's file, built in the background.
  ...platformReportsJobs,
  // Analytics (issue 14): the 03:50 fold of 2-day-old visits into per-day totals, and aggregate retention.
  ...platformAnalyticsJobs,
  // /admin/financial (issue 14): 'Reprocessar Pagamentos' runs the billing step now, in the background.
  ...platformBillingAdminJobs,
  // Subscriptions (issue 14): 06:00 daily — backfill, the due charges (Pix), overdue marks.
  ...platformBillingJobs,
  // Publicações (issue 27): the DJEN capture at 06:00 and 22:00, each office's run, and the 07:00 digest.
  ...publicationsJobs,
  // Portal do Cliente (issue 26): message attachments never sent, purged after a day (03:20).
  ...portalJobs,
  // Orphan files (issue 24): daily, per storage area, files older than 24 h that no table references.
  ...storageSweeperJobs({
    references: storageReferences,
    paused: (deps) => platformRestoreInProgress(deps.db),
  }),
]

/** Starts the runner with every definition; the shell calls it after the migrations, before serving. */
export async function startJobs(
  deps: AppDeps,
  options: RunnerOptions & { definitions?: readonly JobDefinition[] } = {},
): Promise<void> {
  const { definitions = jobDefinitions, ...runner } = options
  await deps.jobs.start({ definitions, deps, ...runner })
}
