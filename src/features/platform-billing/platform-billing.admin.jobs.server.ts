import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { recordAudit } from '../audit/audit.public.server'
import { auditLog } from '../audit/audit.table.server'
import type { ReprocessStatus } from './platform-billing.admin.schema'
import { runBilling } from './platform-billing.job.server'

// 'Reprocessar Pagamentos' (/admin/financial): the daily billing run, now, in the background. The run's
// outcome has nowhere else to live, so it is the audit trail itself: the request writes the 'queued' row, the
// job writes 'done' (with what it did) or 'failed' under the same entity id, and the page polls the newest
// row of that id (audit_log_entity_idx). runBilling is idempotent, so a retried job charges nothing twice.

export const PLATFORM_BILLING_REPROCESS_JOB = 'platform-billing.reprocess'
const RUN_ENTITY = 'platform_billing_run'

interface ReprocessData {
  runId: string
  actorUserId: string
}

export const platformBillingAdminJobs: readonly JobDefinition<ReprocessData>[] = [
  {
    name: PLATFORM_BILLING_REPROCESS_JOB,
    async handler({ deps, data }) {
      const base = {
        officeId: null,
        actorUserId: data.actorUserId,
        action: 'platform_billing.reprocess',
        entity: RUN_ENTITY,
        entityId: data.runId,
      } as const
      try {
        const run = await runBilling(deps, new Date())
        await recordAudit(deps.db, { ...base, details: { phase: 'done', ...run } })
      } catch (error) {
        await recordAudit(deps.db, { ...base, details: { phase: 'failed' } })
        throw error
      }
    },
  },
]

export async function readReprocessStatus(db: Database, runId: string): Promise<ReprocessStatus | null> {
  const [row] = await db
    .select({ details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, RUN_ENTITY),
        eq(auditLog.entityId, runId),
        eq(auditLog.action, 'platform_billing.reprocess'),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1)
  if (!row) return null
  const details = (row.details ?? {}) as Record<string, unknown>
  const phase = details.phase === 'done' || details.phase === 'failed' ? details.phase : 'queued'
  const result =
    phase === 'done'
      ? Object.fromEntries(
          Object.entries(details).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
        )
      : null
  return { runId, status: phase, result, finishedAt: phase === 'queued' ? null : row.createdAt.toISOString() }
}
