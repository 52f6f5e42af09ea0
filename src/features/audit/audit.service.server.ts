import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Database } from '../../db/client.server'
import type { AppEnv } from '../../platform/app-env.server'
import { auditLog } from './audit.table.server'

export type AuditAction =
  | 'client.read'
  | 'client.export'
  | 'client.delete'
  | 'client.restore'
  | 'case.export'
  | 'case.delete'
  | 'case.restore'

export interface AuditEntry {
  officeId: string | null
  actorUserId: string | null
  action: AuditAction
  entity: string
  entityId?: string | null | undefined
  details?: Record<string, unknown> | undefined
  ip?: string | null | undefined
}

/** Appends one row to the audit log (who, what, when, from where). */
export async function recordAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    officeId: entry.officeId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  })
}

/**
 * The caller's address for the log: the socket's, or X-Forwarded-For's first hop only behind
 * TRUST_PROXY (the same rule the rate limiter follows in server/app.ts).
 */
export function requestIp(c: Context<AppEnv>): string | null {
  if (c.var.deps.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded.slice(0, 64)
  }
  try {
    return getConnInfo(c as never).remote.address ?? null
  } catch {
    return null // app.request() in tests has no socket
  }
}

/** recordAudit from an office route (behind requireOffice): who, which office and from where come from `c`. */
export function recordOfficeAudit(
  c: Context<AppEnv>,
  entry: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'details'>,
): Promise<void> {
  return recordAudit(c.var.db, {
    officeId: c.var.office.id,
    actorUserId: c.var.office.userId,
    ip: requestIp(c),
    ...entry,
  })
}
