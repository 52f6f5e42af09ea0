import { inArray } from 'drizzle-orm'
import type { StorageReferences } from '../../platform/storage-sweeper.server'
import { REPORTS_AREA } from './platform-reports.service.server'
import { platformReports } from './platform-reports.table.server'

/** The orphan sweeper's view of the business reports' files (kept in the 'backups' area). */
export const platformReportStorageReferences: StorageReferences = {
  area: REPORTS_AREA,
  column: 'platform_reports.storage_key',
  async referencedAmong(db, keys) {
    const rows = await db
      .select({ key: platformReports.storageKey })
      .from(platformReports)
      .where(inArray(platformReports.storageKey, [...keys]))
    return rows.flatMap((row) => (row.key ? [row.key] : []))
  },
}
