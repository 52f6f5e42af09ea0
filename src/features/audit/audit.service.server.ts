import type { Context } from 'hono'
import type { Database } from '../../db/client.server'
import type { AppEnv } from '../../platform/app-env.server'
import { clientIp } from '../../platform/client-ip.server'
import { auditLog } from './audit.table.server'

export type AuditAction =
  | 'client.read'
  | 'client.create'
  | 'client.update'
  | 'client.export'
  | 'client.delete'
  | 'client.restore'
  | 'client.anonymize'
  | 'case.create'
  | 'case.update'
  | 'case.export'
  | 'case.delete'
  | 'case.restore'
  | 'document.upload'
  | 'document.version'
  | 'document.update'
  | 'document.delete'
  | 'document.restore'
  | 'document.download'
  | 'event.create'
  | 'event.update'
  | 'event.confirm'
  | 'event.delete'
  | 'event.restore'
  | 'prazo.create'
  | 'court_day.add'
  | 'court_day.remove'
  | 'feed.create'
  | 'feed.revoke'
  | 'agenda.settings'
  | 'office_settings.update'
  | 'office_settings.restore'
  | 'office_settings.smtp_test'
  | 'platform_settings.update'
  | 'platform_settings.smtp_test'
  | 'platform_billing.mark_paid'
  | 'platform_billing.statement_import'
  | 'platform_billing.reprocess'
  | 'platform_billing.report'
  | 'platform_billing.plan_change'
  | 'platform_billing.cancel'
  | 'platform_billing.reactivate'
  | 'member.sign_in'
  | 'audit.export'
  | 'admin.role_grant'
  | 'admin.role_revoke'
  | 'admin.profiles_list'
  | 'admin.user_block'
  | 'admin.user_unblock'
  | 'admin.profile_edit'
  | 'admin.job_close'
  | 'member.create'
  | 'member.update'
  | 'member.deactivate'
  | 'member.invite'
  | 'member.invite_cancel'
  | 'member.join'
  | 'portal.invite'
  | 'portal.revoke'
  | 'portal.accept'
  | 'portal.access'
  | 'portal.download'
  | 'portal.export'
  | 'portal.message'
  | 'backup.create'
  | 'backup.upload'
  | 'backup.download'
  | 'backup.restore'
  | 'backup.delete'
  | 'account.export'
  | 'account.delete_request'
  | 'account.delete_cancel'
  | 'account.delete'
  | 'financial.create'
  | 'financial.update'
  | 'financial.pay'
  | 'financial.delete'
  | 'financial.restore'
  | 'financial.export'
  | 'financial.receipt'
  | 'financial.pix'
  | 'proposal.create'
  | 'proposal.update'
  | 'proposal.delete'
  | 'proposal.send'
  | 'proposal.accept'
  | 'proposal.refuse'
  | 'proposal.download'
  | 'publication.treat'
  | 'publication.reopen'
  | 'publication.link_case'
  | 'publication.prazo'
  | 'publication_oab.create'
  | 'publication_oab.delete'
  | 'template.create'
  | 'template.update'
  | 'template.delete'
  | 'template.upload'
  | 'template.generate'
  | 'signature.request'
  | 'signature.cancel'
  | 'signature.code'
  | 'signature.sign'
  | 'signature.refuse'
  | 'signature.lock'
  | 'signature.complete'

/** Where an audit row is written: the request's database, or the transaction of the change it records. */
export type AuditExecutor = Pick<Database, 'insert'>

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
export async function recordAudit(db: AuditExecutor, entry: AuditEntry): Promise<void> {
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

/** The caller's address for the log: the same rule as the rate limits (platform/client-ip.server.ts). */
export function requestIp(c: Context<AppEnv>): string | null {
  return clientIp(c, c.get('deps').env.TRUST_PROXY) ?? null
}

/**
 * recordAudit from an office route (behind requireOffice): who, which office and from where come from
 * `c`. Pass the transaction of the change (`db`) so the change and its row commit together or not at all.
 */
export function recordOfficeAudit(
  c: Context<AppEnv>,
  entry: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'details'>,
  db: AuditExecutor = c.get('db'),
): Promise<void> {
  return recordAudit(db, {
    officeId: c.get('office').id,
    actorUserId: c.get('office').userId,
    ip: requestIp(c),
    ...entry,
  })
}

/**
 * recordAudit from a platform route that is not an office's (the admin panel, behind requireRole):
 * the signed-in user is the actor and office_id stays null.
 */
export function recordUserAudit(
  c: Context<AppEnv>,
  entry: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'details'>,
  db: AuditExecutor = c.get('db'),
): Promise<void> {
  const actor = c.get('user')
  if (!actor) throw new Error('recordUserAudit needs a signed-in user (requireUser/requireRole first)')
  return recordAudit(db, { officeId: null, actorUserId: actor.id, ip: requestIp(c), ...entry })
}
