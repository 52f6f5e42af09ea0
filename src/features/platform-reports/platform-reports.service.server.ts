import { and, eq, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import { getStorage } from '../../platform/storage.server'
import { toISODate } from '../../lib/br/dates'
import { RECENT_REPORTS_LIMIT, type ReportFormat, type ReportKind } from './platform-reports.constants'
import type { ReportWindow } from './platform-reports.metrics.server'
import type { PlatformReportItem } from './platform-reports.schema'
import { platformReports } from './platform-reports.table.server'

/** Where the report files live: the storage area of generated files (archives, exports), never the documents. */
export const REPORTS_AREA = 'backups' as const

export type PlatformReportRow = typeof platformReports.$inferSelect

export function toReportItem(row: PlatformReportRow): PlatformReportItem {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    period: row.period,
    periodFrom: row.periodFrom.toISOString(),
    periodTo: row.periodTo.toISOString(),
    status: row.status,
    error: row.error,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/** A run lost with its node (no retry by design) would stay 'Processando' for ever: past this, it is 'Erro'. */
export const STALE_REPORT_MINUTES = 20
export const STALE_REPORT_ERROR = 'A geração do relatório foi interrompida. Gere-o novamente.'

export async function listReports(db: Database): Promise<PlatformReportItem[]> {
  await db
    .update(platformReports)
    .set({ status: 'erro', error: STALE_REPORT_ERROR, finishedAt: new Date() })
    .where(
      and(
        eq(platformReports.status, 'processando'),
        lt(platformReports.createdAt, sql`now() - make_interval(mins => ${STALE_REPORT_MINUTES})`),
      ),
    )
  const rows = await db
    .select()
    .from(platformReports)
    // As the index is declared (created_at desc nulls last, id desc nulls last).
    .orderBy(sql`${platformReports.createdAt} desc nulls last`, sql`${platformReports.id} desc nulls last`)
    .limit(RECENT_REPORTS_LIMIT)
  return rows.map(toReportItem)
}

export async function getReport(db: Pick<Database, 'select'>, id: string) {
  const [row] = await db.select().from(platformReports).where(eq(platformReports.id, id))
  return row ?? null
}

export async function insertReport(
  db: Database,
  input: { kind: ReportKind; format: ReportFormat; window: ReportWindow; requestedBy: string | null },
): Promise<PlatformReportRow> {
  const [row] = await db
    .insert(platformReports)
    .values({
      kind: input.kind,
      format: input.format,
      period: input.window.periodo,
      periodFrom: input.window.from,
      periodTo: input.window.to,
      requestedBy: input.requestedBy,
    })
    .returning()
  if (!row) throw new Error('platform report not inserted')
  return row
}

/** Removes the row, then its file (a missing file is not an error). */
export async function deleteReport(db: Database, env: Env, id: string): Promise<boolean> {
  const [removed] = await db.delete(platformReports).where(eq(platformReports.id, id)).returning()
  if (!removed) return false
  if (removed.storageKey) await getStorage(env).delete(REPORTS_AREA, removed.storageKey)
  return true
}

/** 'relatorio-receita-2026-11-25.pdf' (the day it was asked for, São Paulo). */
export function reportFilename(row: Pick<PlatformReportRow, 'kind' | 'format' | 'createdAt'>): string {
  return `relatorio-${row.kind}-${toISODate(row.createdAt)}.${row.format}`
}
