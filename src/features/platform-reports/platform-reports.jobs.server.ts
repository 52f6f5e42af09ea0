import { and, eq } from 'drizzle-orm'
import type { AppDeps } from '../../platform/app-env.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { getStorage, newStorageKey } from '../../platform/storage.server'
import { buildReportFile } from './platform-reports.build.server'
import { reportsOverview } from './platform-reports.metrics.server'
import { getReport, REPORTS_AREA } from './platform-reports.service.server'
import { platformReports } from './platform-reports.table.server'

export const PLATFORM_REPORT_BUILD_JOB = 'platform-reports.build'

/** The pt-BR reasons a report shows when it ends in 'Erro'. */
export const REPORT_ERRORS = {
  build: 'Não foi possível gerar o relatório. Tente novamente.',
  storage: 'Não foi possível salvar o arquivo do relatório. Tente novamente mais tarde.',
  queue: 'Não foi possível iniciar a geração do relatório. Tente novamente.',
} as const

class ReportStorageError extends Error {}

/**
 * Builds the file of one platform_reports row, stores it and marks the row 'concluido' (or 'erro' with a
 * pt-BR reason). Idempotent: a row no longer 'processando' (done, failed, deleted) is left alone; the final
 * update only lands on a row still 'processando', so a report deleted meanwhile leaves no file behind.
 */
export async function runPlatformReport(deps: Pick<AppDeps, 'db' | 'env'>, reportId: string): Promise<void> {
  const { db } = deps
  const row = await getReport(db, reportId)
  if (!row || row.status !== 'processando') return
  const storage = getStorage(deps.env)
  const storageKey = newStorageKey(row.format)
  try {
    const overview = await reportsOverview(db, {
      periodo: row.period,
      from: row.periodFrom,
      to: row.periodTo,
    })
    const bytes = await buildReportFile(row.kind, row.format, overview)
    const stored = await storage
      .put(REPORTS_AREA, storageKey, new Uint8Array(bytes), {
        contentType: row.format === 'csv' ? 'text/csv' : 'application/pdf',
      })
      .catch((error: unknown) => {
        log.error('platform report not stored', { error })
        throw new ReportStorageError()
      })
    const done = await db
      .update(platformReports)
      .set({
        status: 'concluido',
        storageKey,
        size: stored.size,
        sha256: stored.sha256,
        finishedAt: new Date(),
      })
      .where(and(eq(platformReports.id, reportId), eq(platformReports.status, 'processando')))
      .returning({ id: platformReports.id })
    if (done.length === 0) await storage.delete(REPORTS_AREA, storageKey)
  } catch (error) {
    if (!(error instanceof ReportStorageError)) log.error('platform report failed', { error })
    // The key is this run's own: whatever may have been written under it belongs to no row.
    await storage.delete(REPORTS_AREA, storageKey).catch(() => {})
    await db
      .update(platformReports)
      .set({
        status: 'erro',
        error: error instanceof ReportStorageError ? REPORT_ERRORS.storage : REPORT_ERRORS.build,
        finishedAt: new Date(),
      })
      .where(and(eq(platformReports.id, reportId), eq(platformReports.status, 'processando')))
  }
}

export const platformReportsJobs: JobDefinition[] = [
  {
    name: PLATFORM_REPORT_BUILD_JOB,
    // A failure is recorded on the row with its reason; the admin asks again (no silent retries).
    retryLimit: 0,
    expireInSeconds: 15 * 60,
    handler: async ({ deps, data }) => {
      await runPlatformReport(deps, (data as { reportId: string }).reportId)
    },
  },
]
